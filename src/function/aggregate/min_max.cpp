// src/function/aggregate/min_max.cpp
//
// min(expr) and max(expr) over any orderable type, with the ordering of ORDER BY
// (exec/physical/sort_key.hpp): NaN above every other floating-point value, strings by their
// type's collation, binaries by their bytes, false before true. NULLs are skipped; the result has
// the input's type and is NULL for a group without a non-NULL value. Structs and arrays are
// compared through their key encodings (encoded_key_aggregate.hpp).
#include <cmath>

#include "common/error/error.hpp"
#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/aggregate/encoded_key_aggregate.hpp"
#include "function/aggregate/value_ordering.hpp"
#include "function/physical_type.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/nested_key_encoding.hpp"

namespace sluice {

namespace {

//! kCollation orders strings of a collation other than UTF8_BINARY.
template <typename T, bool kIsMax, CollationId kCollation = kUtf8Binary>
struct MinMaxOp {
  struct State {
    T value;
    bool has_value;
  };
  static constexpr bool kSkipNulls = true;
  static bool before(const T& a, const T& b) {
    if constexpr (std::is_same_v<T, StringView> && kCollation != kUtf8Binary)
      return Collation::byId(kCollation).compare(a.view(), b.view()) < 0;
    return sortsBefore(a, b);
  }
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
    if (isEncodedKeyType(input)) {
      AggregateBindRequest encoded = request;
      encoded.argument_types = {DataType::binary()};
      return makeEncodedKeyAggregate(bind(encoded), {input}, {true}, input, true);
    }
    switch (input.collation()) {
      case kUtf8Lcase:
        return std::make_shared<MinMaxFunction<StringView, kUtf8Lcase>>(name, input);
      case kUtf8BinaryRtrim:
        return std::make_shared<MinMaxFunction<StringView, kUtf8BinaryRtrim>>(name, input);
      case kUtf8LcaseRtrim:
        return std::make_shared<MinMaxFunction<StringView, kUtf8LcaseRtrim>>(name, input);
      default:
        refuseCollatedInput(request, name, 0);  // an ICU collation
        break;
    }
    return visitScalarType(input, [&]<typename T>() -> AggregateFunctionPtr {
      return std::make_shared<MinMaxFunction<T>>(name, input);
    });
  }

 private:
  template <typename T, CollationId kCollation = kUtf8Binary>
  class MinMaxFunction : public UnaryAggregate<T, MinMaxOp<T, kIsMax, kCollation>> {
   public:
    MinMaxFunction(const char* name, const DataType& input)
        : UnaryAggregate<T, MinMaxOp<T, kIsMax, kCollation>>(name, {input}, input) {}
    bool ignoresDuplicates() const override { return true; }
  };
};

}  // namespace

void registerMinMaxAggregates(AggregateRegistry& registry) {
  registry.add({"min", 1, 1, MinMax<false>::bind});
  registry.add({"max", 1, 1, MinMax<true>::bind});
}

}  // namespace sluice
