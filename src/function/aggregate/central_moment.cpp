// src/function/aggregate/central_moment.cpp
//
// stddev / stddev_samp, stddev_pop, variance / var_samp and var_pop over DOUBLE (Spark's
// CentralMomentAgg): the count, mean and sum of squared deviations are updated one value at
// a time and merged with Spark's formulas, so results round as Spark's do. The result is DOUBLE;
// NULL for a group without a non-NULL value, and for the sample statistics of a single value
// (spark.sql.legacy.statisticalAggregate = false).
#include <cmath>

#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/scalar/argument_types.hpp"

namespace sluice {

namespace {

enum class Moment : uint8_t { kStddevSamp, kStddevPop, kVarSamp, kVarPop };

template <Moment kMoment>
struct CentralMomentOp {
  struct State {
    double n;
    double mean;
    double m2;
  };
  static constexpr bool kSkipNulls = true;
  static void update(State& state, const double& value, StringHeap&) {
    double n = state.n + 1.0;
    double delta = value - state.mean;
    double delta_n = delta / n;
    state.mean += delta_n;
    state.m2 += delta * (delta - delta_n);
    state.n = n;
  }
  static void combine(State& target, const State& source) {
    double n = target.n + source.n;
    double delta = source.mean - target.mean;
    double delta_n = n == 0.0 ? 0.0 : delta / n;
    double mean = target.mean + delta_n * source.n;
    double m2 = target.m2 + source.m2 + delta * delta_n * target.n * source.n;
    target = {n, mean, m2};
  }
  static void finalize(const State& state, Vector& result, idx_t row) {
    constexpr bool kSample = kMoment == Moment::kStddevSamp || kMoment == Moment::kVarSamp;
    if (state.n == 0.0 || (kSample && state.n == 1.0)) {
      result.setNull(row);
      return;
    }
    double variance = state.m2 / (kSample ? state.n - 1.0 : state.n);
    bool is_stddev = kMoment == Moment::kStddevSamp || kMoment == Moment::kStddevPop;
    result.mutableData<double>()[row] = is_stddev ? std::sqrt(variance) : variance;
  }
};

template <Moment kMoment>
AggregateResolver momentBinder(const char* name) {
  return [name](const AggregateBindRequest& request) -> AggregateFunctionPtr {
    if (!implicitCastType(request.argument_types[0], DataType::doubleType())) {
      raiseAggregateInputType(request, 0, "\"DOUBLE\"");
    }
    return std::make_shared<UnaryAggregate<double, CentralMomentOp<kMoment>>>(
        name, std::vector<DataType>{DataType::doubleType()}, DataType::doubleType());
  };
}

}  // namespace

void registerCentralMomentAggregates(AggregateRegistry& registry) {
  registry.add({"stddev_samp", 1, 1, momentBinder<Moment::kStddevSamp>("stddev_samp")},
               {"stddev", "std"});
  registry.add({"stddev_pop", 1, 1, momentBinder<Moment::kStddevPop>("stddev_pop")});
  registry.add({"var_samp", 1, 1, momentBinder<Moment::kVarSamp>("var_samp")}, {"variance"});
  registry.add({"var_pop", 1, 1, momentBinder<Moment::kVarPop>("var_pop")});
}

}  // namespace sluice
