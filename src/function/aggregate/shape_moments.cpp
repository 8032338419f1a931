// src/function/aggregate/shape_moments.cpp
//
// skewness and kurtosis over DOUBLE (Spark's CentralMomentAgg of orders 3 and 4): the count,
// mean and second to fourth central moments are updated one value at a time and merged with
// Spark's formulas. The result is NULL for a group without a non-NULL value and for a group
// whose values are all equal (a zero second moment, spark.sql.legacy.statisticalAggregate =
// false). kurtosis is the excess kurtosis (3 less than the fourth standardized moment).
#include <cmath>

#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/scalar/argument_types.hpp"

namespace sluice {

namespace {

template <bool kKurtosis>
struct ShapeMomentOp {
  struct State {
    double n;
    double mean;
    double m2;
    double m3;
    double m4;
  };
  static constexpr bool kSkipNulls = true;
  static void update(State& state, const double& value, StringHeap&) {
    double n = state.n + 1.0;
    double delta = value - state.mean;
    double delta_n = delta / n;
    double delta2 = delta * delta;
    double delta_n2 = delta_n * delta_n;
    double m2 = state.m2 + delta * (delta - delta_n);
    double m3 = state.m3 - 3.0 * delta_n * m2 + delta * (delta2 - delta_n2);
    double m4 = state.m4 - 4.0 * delta_n * m3 - 6.0 * delta_n2 * m2 +
                delta * (delta * delta2 - delta_n * delta_n2);
    state = {n, state.mean + delta_n, m2, m3, m4};
  }
  static void combine(State& target, const State& source) {
    double n1 = target.n;
    double n2 = source.n;
    double n = n1 + n2;
    double delta = source.mean - target.mean;
    double delta_n = n == 0.0 ? 0.0 : delta / n;
    double mean = target.mean + delta_n * n2;
    double m2 = target.m2 + source.m2 + delta * delta_n * n1 * n2;
    double m3 = target.m3 + source.m3 + delta_n * delta_n * delta * n1 * n2 * (n1 - n2) +
                3.0 * delta_n * (n1 * source.m2 - n2 * target.m2);
    double m4 = target.m4 + source.m4 +
                delta_n * delta_n * delta_n * delta * n1 * n2 * (n1 * n1 - n1 * n2 + n2 * n2) +
                6.0 * delta_n * delta_n * (n1 * n1 * source.m2 + n2 * n2 * target.m2) +
                4.0 * delta_n * (n1 * source.m3 - n2 * target.m3);
    target = {n, mean, m2, m3, m4};
  }
  static void finalize(const State& state, Vector& result, idx_t row) {
    if (state.n == 0.0 || state.m2 == 0.0) {
      result.setNull(row);
      return;
    }
    double value = kKurtosis
                       ? state.n * state.m4 / (state.m2 * state.m2) - 3.0
                       : std::sqrt(state.n) * state.m3 / std::sqrt(state.m2 * state.m2 * state.m2);
    result.mutableData<double>()[row] = value;
  }
};

template <bool kKurtosis>
AggregateResolver shapeMomentBinder(const char* name) {
  return [name](const AggregateBindRequest& request) -> AggregateFunctionPtr {
    if (!implicitCastType(request.argument_types[0], DataType::doubleType()))
      raiseAggregateInputType(request, 0, "\"DOUBLE\"");
    return std::make_shared<UnaryAggregate<double, ShapeMomentOp<kKurtosis>>>(
        name, std::vector<DataType>{DataType::doubleType()}, DataType::doubleType());
  };
}

}  // namespace

void registerShapeMomentAggregates(AggregateRegistry& registry) {
  registry.add({"skewness", 1, 1, shapeMomentBinder<false>("skewness"), false, false});
  registry.add({"kurtosis", 1, 1, shapeMomentBinder<true>("kurtosis"), false, false});
}

}  // namespace sluice
