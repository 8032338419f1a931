// src/function/aggregate/min_max_by.cpp
//
// max_by(x, y) and min_by(x, y) (Spark's MaxBy / MinBy): the value of x on the row with the
// largest (smallest) y. Rows whose y is NULL are skipped; x may be NULL and is then the result.
// On ties the later row wins, as in Spark (its update keeps the old value only when the old y is
// strictly better). The result has x's type; it is NULL for a group without a non-NULL y.
#include <cstring>

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

//! The ordering value is typed; the result value is kept as its bytes (up to 16, or a
//! StringView whose long bytes are copied into the heap), so one instantiation per ordering
//! type serves every value type.
template <typename T>
struct ByState {
  alignas(16) uint8_t value[16];
  T order;
  bool has_order;
  bool value_is_null;
};

template <typename T, bool kIsMax>
class MinMaxBy : public AggregateFunction {
 public:
  using State = ByState<T>;

  MinMaxBy(const char* name, std::vector<DataType> argument_types)
      : AggregateFunction(name, argument_types, argument_types[0], sizeof(State), alignof(State)),
        value_width_(argument_types[0].physicalSize()),
        value_is_string_(argument_types[0].hasStringValues()),
        value_is_void_(argument_types[0].isVoid()) {}

  void update(const AggregateInput& input, uint8_t* const* groups, idx_t offset,
              StringHeap& heap) const override {
    const Vector& values = *input.arguments[0];
    VectorReader<T> orders(*input.arguments[1]);
    forEachRow(input.rows, [&](idx_t row) {
      if (orders.isValid(row))
        take(stateAt<State>(groups[row], offset), values, row, orders[row], heap);
    });
  }

  void updateSingle(const AggregateInput& input, uint8_t* state, StringHeap& heap) const override {
    const Vector& values = *input.arguments[0];
    VectorReader<T> orders(*input.arguments[1]);
    forEachRow(input.rows, [&](idx_t row) {
      if (orders.isValid(row))
        take(stateAt<State>(state, 0), values, row, orders[row], heap);
    });
  }

  void combine(uint8_t* const* sources, uint8_t* const* targets, idx_t count,
               idx_t offset) const override {
    for (idx_t i = 0; i < count; ++i) {
      const State& source = stateAt<State>(sources[i], offset);
      State& target = stateAt<State>(targets[i], offset);
      if (source.has_order && (!target.has_order || !better(target.order, source.order)))
        target = source;
    }
  }

  void finalize(uint8_t* const* states, idx_t count, idx_t offset, Vector& result,
                idx_t first_row) const override {
    for (idx_t i = 0; i < count; ++i) {
      const State& state = stateAt<State>(states[i], offset);
      idx_t row = first_row + i;
      if (!state.has_order || state.value_is_null || value_is_void_) {
        result.setNull(row);
      } else if (value_is_string_) {
        StringView value;
        std::memcpy(&value, state.value, sizeof(StringView));
        result.mutableData<StringView>()[row] = result.addString(value.view());
      } else {
        std::memcpy(result.mutableData<uint8_t>() + row * value_width_, state.value, value_width_);
      }
    }
  }

 private:
  //! Whether an `old` ordering value keeps its row against a `candidate` one.
  static bool better(const T& old, const T& candidate) {
    return kIsMax ? sortsBefore(candidate, old) : sortsBefore(old, candidate);
  }

  void take(State& state, const Vector& values, idx_t row, const T& order, StringHeap& heap) const {
    if (state.has_order && better(state.order, order))
      return;
    state.order = order;
    state.has_order = true;
    state.value_is_null = values.isNull(row);
    if (state.value_is_null || value_is_void_)
      return;
    idx_t slot = values.slot(row);
    if (value_is_string_) {
      StringView kept = keepString(values.data<StringView>()[slot], heap);
      std::memcpy(state.value, &kept, sizeof(StringView));
    } else {
      std::memcpy(state.value, values.data<uint8_t>() + slot * value_width_, value_width_);
    }
  }

  idx_t value_width_;
  bool value_is_string_;
  bool value_is_void_;
};

template <bool kIsMax>
AggregateFunctionPtr bindMinMaxBy(const AggregateBindRequest& request) {
  const char* name = kIsMax ? "max_by" : "min_by";
  const DataType& value = request.argument_types[0];
  const DataType& order = request.argument_types[1];
  if (!isOrderableType(order))
    raiseUnorderableInput(request, name, 1);
  refuseCollatedInput(request, name, 1);
  // Nested values and orderings go through their key encodings; a MAP value has none.
  bool encode_value = isEncodedKeyType(value);
  bool encode_order = isEncodedKeyType(order);
  if (encode_value || encode_order) {
    AggregateBindRequest encoded = request;
    if (encode_value)
      encoded.argument_types[0] = DataType::binary();
    if (encode_order)
      encoded.argument_types[1] = DataType::binary();
    return makeEncodedKeyAggregate(bindMinMaxBy<kIsMax>(encoded), request.argument_types,
                                   {encode_value, encode_order}, value, encode_value);
  }
  if (value.isNested()) {
    throwError(ErrorClass::NOT_SUPPORTED, "{} over values of type {} is not supported yet.", name,
               value.sql());
  }
  if (order.isVoid())
    return std::make_shared<NullAggregate>(name, request.argument_types, value);
  return visitScalarType(order, [&]<typename T>() -> AggregateFunctionPtr {
    return std::make_shared<MinMaxBy<T, kIsMax>>(name, request.argument_types);
  });
}

}  // namespace

void registerMinMaxByAggregates(AggregateRegistry& registry) {
  registry.add({"max_by", 2, 2, bindMinMaxBy<true>});
  registry.add({"min_by", 2, 2, bindMinMaxBy<false>});
}

}  // namespace sluice
