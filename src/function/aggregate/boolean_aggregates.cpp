// src/function/aggregate/boolean_aggregates.cpp
//
// bool_and(cond) / every(cond) and bool_or(cond) / some(cond) / any(cond): TRUE when every
// (some) non-NULL value is TRUE; NULL for a group without a non-NULL value. The argument must
// be BOOLEAN (a STRING is cast to it, as ANSI coercion does).
#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/scalar/argument_types.hpp"

namespace sluice {

namespace {

template <bool kIsAnd>
struct BooleanOp {
  struct State {
    bool value;
    bool has_value;
  };
  static constexpr bool kSkipNulls = true;
  static void add(State& state, bool truth) {
    state.value = !state.has_value ? truth : (kIsAnd ? state.value && truth : state.value || truth);
    state.has_value = true;
  }
  static void update(State& state, const uint8_t& value, StringHeap&) { add(state, value != 0); }
  static void combine(State& target, const State& source) {
    if (source.has_value)
      add(target, source.value);
  }
  static void finalize(const State& state, Vector& result, idx_t row) {
    if (!state.has_value) {
      result.setNull(row);
      return;
    }
    result.mutableData<uint8_t>()[row] = state.value ? 1 : 0;
  }
};

template <bool kIsAnd>
class BooleanAggregate : public UnaryAggregate<uint8_t, BooleanOp<kIsAnd>> {
 public:
  explicit BooleanAggregate(const char* name)
      : UnaryAggregate<uint8_t, BooleanOp<kIsAnd>>(name, {DataType::boolean()},
                                                   DataType::boolean()) {}
  bool ignoresDuplicates() const override { return true; }
};

template <bool kIsAnd>
AggregateFunctionPtr bindBoolean(const AggregateBindRequest& request) {
  const char* name = kIsAnd ? "bool_and" : "bool_or";
  if (!implicitCastType(request.argument_types[0], DataType::boolean())) {
    raiseAggregateInputType(request, 0, "\"BOOLEAN\"");
  }
  return std::make_shared<BooleanAggregate<kIsAnd>>(name);
}

}  // namespace

void registerBooleanAggregates(AggregateRegistry& registry) {
  registry.add({"bool_and", 1, 1, bindBoolean<true>}, {"every"});
  registry.add({"bool_or", 1, 1, bindBoolean<false>}, {"some", "any"});
}

}  // namespace sluice
