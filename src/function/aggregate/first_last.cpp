// src/function/aggregate/first_last.cpp
//
// first(expr[, ignoreNulls]) / first_value, last(expr[, ignoreNulls]) / last_value and
// any_value(expr[, ignoreNulls]) (Spark's First, Last and AnyValue). Without ignoreNulls the
// value of the first (last) row is returned even when it is NULL; with it, the first (last)
// non-NULL value. Which row comes first depends on how rows reach the group, so, as in Spark,
// the result is not deterministic when a group holds different values. ignoreNulls must be a
// constant BOOLEAN; `first(x) IGNORE NULLS` arrives here as first(x, true).
#include "common/error/error.hpp"
#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/physical_type.hpp"

namespace sluice {

namespace {

template <typename T, bool kLast, bool kIgnoreNulls>
struct FirstLastOp {
  struct State {
    T value;
    bool is_set;
    bool is_null;
  };
  static constexpr bool kSkipNulls = kIgnoreNulls;
  static void update(State& state, const T& value, StringHeap& heap) {
    if (!kLast && state.is_set)
      return;
    if constexpr (std::is_same_v<T, StringView>) {
      state.value = keepString(value, heap);
    } else {
      state.value = value;
    }
    state.is_set = true;
    state.is_null = false;
  }
  static void updateNull(State& state) {
    if (!kLast && state.is_set)
      return;
    state.is_set = true;
    state.is_null = true;
  }
  static void combine(State& target, const State& source) {
    if (source.is_set && (kLast || !target.is_set))
      target = source;
  }
  static void finalize(const State& state, Vector& result, idx_t row) {
    if (!state.is_set || state.is_null) {
      result.setNull(row);
      return;
    }
    writeResult(result, row, state.value);
  }
};

template <bool kLast>
AggregateFunctionPtr bindFirstLast(const AggregateBindRequest& request, const char* name) {
  const DataType& input = request.argument_types[0];
  bool ignore_nulls = false;
  std::vector<DataType> argument_types{input};
  if (request.argument_types.size() == 2) {
    const DataType& flag = request.argument_types[1];
    if (flag.id() != TypeId::kBoolean)
      raiseAggregateInputType(request, 1, "\"BOOLEAN\"");
    const Value* constant = request.argument_constants[1];
    if (constant == nullptr) {
      throw Error(ErrorClass::DATATYPE_MISMATCH, "NON_FOLDABLE_INPUT",
                  fmt::format("Cannot resolve \"{}\" due to data type mismatch: the input "
                              "`ignoreNulls` should be a foldable \"BOOLEAN\" expression; however, "
                              "got \"{}\".",
                              request.name, request.argument_sql[1]));
    }
    ignore_nulls = !constant->isNull() && constant->getBoolean();
    argument_types.push_back(flag);
  }
  if (input.isVoid())
    return std::make_shared<NullAggregate>(name, argument_types);
  if (input.isNested()) {
    throwError(ErrorClass::NOT_SUPPORTED, "{} of a value of type {} is not supported yet.", name,
               input.sql());
  }
  return visitScalarType(input, [&]<typename T>() -> AggregateFunctionPtr {
    if (ignore_nulls) {
      return std::make_shared<UnaryAggregate<T, FirstLastOp<T, kLast, true>>>(name, argument_types,
                                                                              input);
    }
    return std::make_shared<UnaryAggregate<T, FirstLastOp<T, kLast, false>>>(name, argument_types,
                                                                             input);
  });
}

}  // namespace

void registerFirstLastAggregates(AggregateRegistry& registry) {
  registry.add(
      {"first", 1, 2,
       [](const AggregateBindRequest& request) { return bindFirstLast<false>(request, "first"); }},
      {"first_value"});
  registry.add({"any_value", 1, 2, [](const AggregateBindRequest& request) {
                  return bindFirstLast<false>(request, "any_value");
                }});
  registry.add(
      {"last", 1, 2,
       [](const AggregateBindRequest& request) { return bindFirstLast<true>(request, "last"); }},
      {"last_value"});
}

}  // namespace sluice
