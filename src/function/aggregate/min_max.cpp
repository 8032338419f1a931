// src/function/aggregate/min_max.cpp
//
// min(expr) and max(expr) over any orderable type, with the ordering of ORDER BY
// (exec/physical/sort_key.hpp): NaN above every other floating-point value, strings by their
// type's collation, binaries by their bytes, false before true. NULLs are skipped; the result has
// the input's type and is NULL for a group without a non-NULL value. Structs and arrays are
// compared through their key encodings (encoded_key_aggregate.hpp).
#include <cmath>

#include "common/error/error.hpp"
#include "common/types/type_contents.hpp"
#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/aggregate/encoded_key_aggregate.hpp"
#include "function/aggregate/value_ordering.hpp"
#include "function/physical_type.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/nested_key_encoding.hpp"

namespace sluice {

namespace {

template <typename T, bool kIsMax>
struct MinMaxOp {
  struct State {
    T value;
    bool has_value;
  };
  static constexpr bool kSkipNulls = true;
  static bool before(const T& a, const T& b) { return sortsBefore(a, b); }
  static bool replaces(const T& candidate, const T& current) {
    return kIsMax ? before(current, candidate) : before(candidate, current);
  }
  static void update(State& state, const T& value, StringHeap& heap) {
    if (state.has_value && !replaces(value, state.value))
      return;
    if constexpr (std::is_same_v<T, StringView>) {
      state.value = keepString(value, heap);
    } else {
      state.value = value;
    }
    state.has_value = true;
  }
  static void combine(State& target, const State& source) {
    // The source's strings live in another thread's heap, which lives as long as the operator.
    if (source.has_value && (!target.has_value || replaces(source.value, target.value)))
      target = source;
  }
  static void finalize(const State& state, Vector& result, idx_t row) {
    if (!state.has_value) {
      result.setNull(row);
      return;
    }
    writeResult(result, row, state.value);
  }
};

//! min / max of strings of a collation other than UTF8_BINARY, which orders them: one class for
//! every collation, the function's own.
template <bool kIsMax>
class CollatedMinMax : public AggregateFunction {
 public:
  struct State {
    StringView value;
    bool has_value;
  };

  CollatedMinMax(const char* name, const DataType& input)
      : AggregateFunction(name, {input}, input, sizeof(State), alignof(State)),
        collation_(Collation::byId(input.collation())) {}

  bool ignoresDuplicates() const override { return true; }

  void update(const AggregateInput& input, uint8_t* const* groups, idx_t offset,
              StringHeap& heap) const override {
    takeRows(input, heap, [&](idx_t row) -> State& { return stateAt<State>(groups[row], offset); });
  }

  void updateSingle(const AggregateInput& input, uint8_t* state, StringHeap& heap) const override {
    takeRows(input, heap, [&](idx_t) -> State& { return stateAt<State>(state, 0); });
  }

  void combine(uint8_t* const* sources, uint8_t* const* targets, idx_t count,
               idx_t offset) const override {
    // The source's strings live in another thread's heap, which lives as long as the operator.
    for (idx_t i = 0; i < count; ++i) {
      State& target = stateAt<State>(targets[i], offset);
      const State& source = stateAt<State>(sources[i], offset);
      if (source.has_value && (!target.has_value || replaces(source.value, target.value)))
        target = source;
    }
  }

  void finalize(uint8_t* const* states, idx_t count, idx_t offset, Vector& result,
                idx_t first_row) const override {
    for (idx_t i = 0; i < count; ++i) {
      const State& state = stateAt<State>(states[i], offset);
      if (state.has_value)
        writeResult(result, first_row + i, state.value);
      else
        result.setNull(first_row + i);
    }
  }

 private:
  bool replaces(const StringView& candidate, const StringView& current) const {
    int order = collation_.compare(candidate.view(), current.view());
    return kIsMax ? order > 0 : order < 0;
  }

  //! Takes each non-NULL value of the input rows into the state `state_of(row)` gives.
  template <typename StateOf>
  void takeRows(const AggregateInput& input, StringHeap& heap, const StateOf& state_of) const {
    VectorReader<StringView> values(*input.arguments[0]);
    forEachRow(input.rows, [&](idx_t row) {
      if (values.isValid(row))
        take(state_of(row), values[row], heap);
    });
  }

  void take(State& state, const StringView& value, StringHeap& heap) const {
    if (state.has_value && !replaces(value, state.value))
      return;
    state.value = keepString(value, heap);
    state.has_value = true;
  }

  const Collation& collation_;
};

template <bool kIsMax>
class MinMax {
 public:
  static AggregateFunctionPtr bind(const AggregateBindRequest& request) {
    const char* name = kIsMax ? "max" : "min";
    const DataType& input = request.argument_types[0];
    if (input.isVoid())
      return std::make_shared<NullAggregate>(name, request.argument_types);
    if (!isOrderableType(input))
      raiseUnorderableInput(request, name, 0);
    if (containsIndeterminateCollation(input))
      throw indeterminateCollationIn(name, /*found_running=*/true);
    if (isEncodedKeyType(input)) {
      AggregateBindRequest encoded = request;
      encoded.argument_types = {DataType::binary()};
      return makeEncodedKeyAggregate(bind(encoded), {input}, {true}, input, true);
    }
    if (input.isCollatedString())
      return std::make_shared<CollatedMinMax<kIsMax>>(name, input);
    return visitScalarType(input, [&]<typename T>() -> AggregateFunctionPtr {
      return std::make_shared<MinMaxFunction<T>>(name, input);
    });
  }

 private:
  template <typename T>
  class MinMaxFunction : public UnaryAggregate<T, MinMaxOp<T, kIsMax>> {
   public:
    MinMaxFunction(const char* name, const DataType& input)
        : UnaryAggregate<T, MinMaxOp<T, kIsMax>>(name, {input}, input) {}
    bool ignoresDuplicates() const override { return true; }
  };
};

}  // namespace

void registerMinMaxAggregates(AggregateRegistry& registry) {
  registry.add({"min", 1, 1, MinMax<false>::bind});
  registry.add({"max", 1, 1, MinMax<true>::bind});
}

}  // namespace sluice
