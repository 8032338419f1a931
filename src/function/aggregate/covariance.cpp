// src/function/aggregate/covariance.cpp
//
// covar_pop(x, y), covar_samp(x, y) and corr(x, y) over DOUBLE (Spark's Covariance and
// PearsonCorrelation): the count, the means and the co-moment (for corr also both second
// moments) are updated one pair at a time and merged with Spark's formulas, so results round as
// Spark's do. A pair with a NULL on either side is skipped. The result is DOUBLE; NULL for a
// group without a pair, for covar_samp and corr of a single pair
// (spark.sql.legacy.statisticalAggregate = false), and for corr when either variance is 0.
// The regression aggregates regr_*(y, x) share the state, over the pairs without a NULL:
// regr_count (BIGINT, 0 for none), regr_avgx / regr_avgy (the means), regr_sxx / regr_syy /
// regr_sxy (the sums of squared and crossed deviations), regr_slope and regr_intercept (of the
// least-squares line; NULL when x does not vary) and regr_r2 (NULL when x does not vary, 1 when
// only y does not, else corr squared). Unlike Spark, regr_avgx / regr_avgy of DECIMAL values
// are DOUBLE too.
#include <cmath>
#include <cstring>

#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/scalar/argument_types.hpp"

namespace sluice {

namespace {

enum class CoMoment : uint8_t {
  kCovarPop,
  kCovarSamp,
  kCorr,
  // regr_*(y, x): y is the first argument (the state's x), x the second (the state's y).
  kRegrCount,
  kRegrAvgX,
  kRegrAvgY,
  kRegrSxx,
  kRegrSyy,
  kRegrSxy,
  kRegrSlope,
  kRegrIntercept,
  kRegrR2,
};

struct CoMomentState {
  double n;
  double x_mean;
  double y_mean;
  double ck;    // sum of (x - x_mean) * (y - y_mean)
  double x_m2;  // sum of (x - x_mean)^2, kept for corr only
  double y_m2;
};

void addPair(CoMomentState& state, double x, double y) {
  double n = state.n + 1.0;
  double dx = x - state.x_mean;
  double dy = y - state.y_mean;
  double x_mean = state.x_mean + dx / n;
  double y_mean = state.y_mean + dy / n;
  state.ck += dx * (y - y_mean);
  state.x_m2 += dx * (x - x_mean);
  state.y_m2 += dy * (y - y_mean);
  state.x_mean = x_mean;
  state.y_mean = y_mean;
  state.n = n;
}

void mergeStates(CoMomentState& target, const CoMomentState& source) {
  double n = target.n + source.n;
  double dx = source.x_mean - target.x_mean;
  double dy = source.y_mean - target.y_mean;
  double dx_n = n == 0.0 ? 0.0 : dx / n;
  double dy_n = n == 0.0 ? 0.0 : dy / n;
  target.ck = target.ck + source.ck + dx * dy_n * target.n * source.n;
  target.x_m2 = target.x_m2 + source.x_m2 + dx * dx_n * target.n * source.n;
  target.y_m2 = target.y_m2 + source.y_m2 + dy * dy_n * target.n * source.n;
  target.x_mean += dx_n * source.n;
  target.y_mean += dy_n * source.n;
  target.n = n;
}

template <CoMoment kKind>
class CoMomentAggregate : public AggregateFunction {
 public:
  explicit CoMomentAggregate(const char* name)
      : AggregateFunction(
            name, {DataType::doubleType(), DataType::doubleType()},
            kKind == CoMoment::kRegrCount ? DataType::longType() : DataType::doubleType(),
            sizeof(CoMomentState), alignof(CoMomentState)) {}

  void update(const AggregateInput& input, uint8_t* const* groups, idx_t offset,
              StringHeap&) const override {
    VectorReader<double> xs(*input.arguments[0]);
    VectorReader<double> ys(*input.arguments[1]);
    forEachRow(input.rows, [&](idx_t row) {
      if (xs.isValid(row) && ys.isValid(row))
        addPair(stateAt<CoMomentState>(groups[row], offset), xs[row], ys[row]);
    });
  }

  void updateSingle(const AggregateInput& input, uint8_t* state_bytes, StringHeap&) const override {
    CoMomentState state;
    std::memcpy(&state, state_bytes, sizeof(state));
    VectorReader<double> xs(*input.arguments[0]);
    VectorReader<double> ys(*input.arguments[1]);
    forEachRow(input.rows, [&](idx_t row) {
      if (xs.isValid(row) && ys.isValid(row))
        addPair(state, xs[row], ys[row]);
    });
    std::memcpy(state_bytes, &state, sizeof(state));
  }

  void combine(uint8_t* const* sources, uint8_t* const* targets, idx_t count,
               idx_t offset) const override {
    for (idx_t i = 0; i < count; ++i) {
      mergeStates(stateAt<CoMomentState>(targets[i], offset),
                  stateAt<CoMomentState>(sources[i], offset));
    }
  }

  void finalize(uint8_t* const* states, idx_t count, idx_t offset, Vector& result,
                idx_t first_row) const override {
    for (idx_t i = 0; i < count; ++i) {
      const CoMomentState& state = stateAt<CoMomentState>(states[i], offset);
      idx_t row = first_row + i;
      double value = 0.0;
      bool is_null = state.n == 0.0;
      if constexpr (kKind == CoMoment::kRegrCount) {
        result.mutableData<int64_t>()[row] = static_cast<int64_t>(state.n);
        continue;
      } else if constexpr (kKind == CoMoment::kRegrAvgX) {
        value = state.y_mean;
      } else if constexpr (kKind == CoMoment::kRegrAvgY) {
        value = state.x_mean;
      } else if constexpr (kKind == CoMoment::kRegrSxx) {
        value = state.y_m2;
      } else if constexpr (kKind == CoMoment::kRegrSyy) {
        value = state.x_m2;
      } else if constexpr (kKind == CoMoment::kRegrSxy) {
        value = state.ck;
      } else if constexpr (kKind == CoMoment::kRegrSlope) {
        is_null = is_null || state.y_m2 == 0.0;
        value = state.ck / state.y_m2;
      } else if constexpr (kKind == CoMoment::kRegrIntercept) {
        is_null = is_null || state.y_m2 == 0.0;
        value = state.x_mean - state.ck / state.y_m2 * state.y_mean;
      } else if constexpr (kKind == CoMoment::kRegrR2) {
        is_null = is_null || state.y_m2 == 0.0;
        double corr = state.ck / std::sqrt(state.x_m2 * state.y_m2);
        value = state.x_m2 == 0.0 ? 1.0 : corr * corr;
      } else if constexpr (kKind == CoMoment::kCovarPop) {
        value = state.ck / state.n;
      } else if constexpr (kKind == CoMoment::kCovarSamp) {
        is_null = is_null || state.n == 1.0;
        value = state.ck / (state.n - 1.0);
      } else {
        // A zero variance divides by zero, which is NULL as Spark's non-failing division.
        double denominator = std::sqrt(state.x_m2 * state.y_m2);
        is_null = is_null || state.n == 1.0 || denominator == 0.0;
        value = state.ck / denominator;
      }
      if (is_null) {
        result.setNull(row);
      } else {
        result.mutableData<double>()[row] = value;
      }
    }
  }
};

template <CoMoment kKind>
AggregateResolver coMomentBinder(const char* name) {
  return [name](const AggregateBindRequest& request) -> AggregateFunctionPtr {
    for (size_t index = 0; index < 2; ++index) {
      if (!implicitCastType(request.argument_types[index], DataType::doubleType()))
        raiseAggregateInputType(request, index, "\"DOUBLE\"");
    }
    return std::make_shared<CoMomentAggregate<kKind>>(name);
  };
}

}  // namespace

void registerCovarianceAggregates(AggregateRegistry& registry) {
  registry.add({"covar_pop", 2, 2, coMomentBinder<CoMoment::kCovarPop>("covar_pop")});
  registry.add({"covar_samp", 2, 2, coMomentBinder<CoMoment::kCovarSamp>("covar_samp")});
  registry.add({"corr", 2, 2, coMomentBinder<CoMoment::kCorr>("corr")});
  registry.add(
      {"regr_count", 2, 2, coMomentBinder<CoMoment::kRegrCount>("regr_count"), false, false});
  registry.add({"regr_avgx", 2, 2, coMomentBinder<CoMoment::kRegrAvgX>("regr_avgx"), false, false});
  registry.add({"regr_avgy", 2, 2, coMomentBinder<CoMoment::kRegrAvgY>("regr_avgy"), false, false});
  registry.add({"regr_sxx", 2, 2, coMomentBinder<CoMoment::kRegrSxx>("regr_sxx"), false, false});
  registry.add({"regr_syy", 2, 2, coMomentBinder<CoMoment::kRegrSyy>("regr_syy"), false, false});
  registry.add({"regr_sxy", 2, 2, coMomentBinder<CoMoment::kRegrSxy>("regr_sxy"), false, false});
  registry.add(
      {"regr_slope", 2, 2, coMomentBinder<CoMoment::kRegrSlope>("regr_slope"), false, false});
  registry.add({"regr_intercept", 2, 2, coMomentBinder<CoMoment::kRegrIntercept>("regr_intercept"),
                false, false});
  registry.add({"regr_r2", 2, 2, coMomentBinder<CoMoment::kRegrR2>("regr_r2"), false, false});
}

}  // namespace sluice
