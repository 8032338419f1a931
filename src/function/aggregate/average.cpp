// src/function/aggregate/average.cpp
//
// avg(expr) / mean(expr) as Spark's Average: for integral and floating input (and STRING or
// NULL, which ANSI coercion casts to DOUBLE) the values are summed as DOUBLE and divided by
// their count, so avg of BIGINTs rounds as Spark's does. For DECIMAL(p,s) the sum is exact, of
// type DECIMAL(p+10,s), and the result DECIMAL(p+4,s+4) (both bounded at 38) is the quotient
// rounded HALF_UP. A group without a non-NULL value averages to NULL. try_avg is the same
// average with NULL in place of an overflow of the decimal sum or the result.
#include <algorithm>

#include "common/error/error.hpp"
#include "common/types/decimal.hpp"
#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"

namespace sluice {

namespace {

template <typename T>
struct DoubleAverageOp {
  struct State {
    double sum;
    int64_t count;
  };
  static constexpr bool kSkipNulls = true;
  static void update(State& state, const T& value, StringHeap&) {
    state.sum += static_cast<double>(value);
    ++state.count;
  }
  static void combine(State& target, const State& source) {
    target.sum += source.sum;
    target.count += source.count;
  }
  static void finalize(const State& state, Vector& result, idx_t row) {
    if (state.count == 0) {
      result.setNull(row);
      return;
    }
    result.mutableData<double>()[row] = state.sum / static_cast<double>(state.count);
  }
};

[[noreturn]] void raiseDecimalSumOverflow() {
  throwError(ErrorClass::ARITHMETIC_OVERFLOW,
             "Overflow in sum of decimals. Use 'try_avg' to tolerate overflow and return NULL "
             "instead. If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this "
             "error.");
}

//! The state of a DECIMAL average; finalizing needs the input's scale, so DecimalAverage
//! overrides finalize() and this Op's finalize is never reached.
template <typename T, bool kTry = false>
struct DecimalAverageOp {
  struct State {
    int128_t sum;
    int64_t count;
    bool overflowed;  // try_avg only
  };
  static constexpr bool kSkipNulls = true;
  static void add(State& state, int128_t value) {
    if (__builtin_add_overflow(state.sum, value, &state.sum)) [[unlikely]] {
      if constexpr (kTry)
        state.overflowed = true;
      else
        raiseDecimalSumOverflow();
    }
  }
  static void update(State& state, const T& value, StringHeap&) {
    add(state, static_cast<int128_t>(value));
    ++state.count;
  }
  static void combine(State& target, const State& source) {
    add(target, source.sum);
    target.overflowed = target.overflowed || source.overflowed;
    target.count += source.count;
  }
  static void finalize(const State&, Vector&, idx_t) {
    SLUICE_UNREACHABLE("DecimalAverage finalizes itself");
  }
};

template <typename T, bool kTry = false>
class DecimalAverage : public UnaryAggregate<T, DecimalAverageOp<T, kTry>> {
 public:
  using Base = UnaryAggregate<T, DecimalAverageOp<T, kTry>>;
  using State = typename DecimalAverageOp<T, kTry>::State;

  DecimalAverage(const DataType& input, DataType result)
      : Base(kTry ? "try_avg" : "avg", {input}, std::move(result)),
        input_scale_(input.scale()),
        sum_precision_(std::min(38, input.precision() + 10)) {}

  void finalize(uint8_t* const* states, idx_t count, idx_t offset, Vector& result,
                idx_t first_row) const override {
    const DataType& type = result.type();
    for (idx_t i = 0; i < count; ++i) {
      const State& state = stateAt<State>(states[i], offset);
      idx_t row = first_row + i;
      bool sum_fits = !state.overflowed && decimal::fitsPrecision(state.sum, sum_precision_);
      if (state.count == 0 || (kTry && !sum_fits)) {
        result.setNull(row);
        continue;
      }
      if (!sum_fits)
        raiseDecimalSumOverflow();
      auto quotient =
          decimal::divide(state.sum, input_scale_, state.count, 0, type.precision(), type.scale());
      if (!quotient && kTry) {
        result.setNull(row);
        continue;
      }
      if (!quotient) {
        throw Error(ErrorClass::NUMERIC_VALUE_OUT_OF_RANGE, "WITH_SUGGESTION",
                    fmt::format("The result cannot be represented as Decimal({}, {}). If necessary "
                                "set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error, "
                                "and return NULL instead.",
                                type.precision(), type.scale()));
      }
      if (type.isWideDecimal()) {
        result.mutableData<int128_t>()[row] = *quotient;
      } else {
        result.mutableData<int64_t>()[row] = static_cast<int64_t>(*quotient);
      }
    }
  }

 private:
  int input_scale_;
  int sum_precision_;
};

template <typename T, bool kTry>
AggregateFunctionPtr doubleAverage(const DataType& input) {
  return std::make_shared<UnaryAggregate<T, DoubleAverageOp<T>>>(
      kTry ? "try_avg" : "avg", std::vector<DataType>{input}, DataType::doubleType());
}

template <bool kTry>
AggregateFunctionPtr bindAverage(const AggregateBindRequest& request) {
  const DataType& input = request.argument_types[0];
  switch (input.id()) {
    case TypeId::kByte:
      return doubleAverage<int8_t, kTry>(input);
    case TypeId::kShort:
      return doubleAverage<int16_t, kTry>(input);
    case TypeId::kInt:
      return doubleAverage<int32_t, kTry>(input);
    case TypeId::kLong:
      return doubleAverage<int64_t, kTry>(input);
    case TypeId::kFloat:
      return doubleAverage<float, kTry>(input);
    case TypeId::kDouble:
    case TypeId::kString:
    case TypeId::kVoid:
      return doubleAverage<double, kTry>(DataType::doubleType());
    case TypeId::kDecimal: {
      DataType result =
          DataType::decimal(std::min(38, input.precision() + 4), std::min(38, input.scale() + 4));
      if (input.isWideDecimal())
        return std::make_shared<DecimalAverage<int128_t, kTry>>(input, result);
      return std::make_shared<DecimalAverage<int64_t, kTry>>(input, result);
    }
    case TypeId::kYearMonthInterval:
    case TypeId::kDayTimeInterval:
      throwError(ErrorClass::NOT_SUPPORTED, "avg of an interval is not supported yet: {}.",
                 request.name);
    default:
      raiseAggregateInputType(request, 0, "\"NUMERIC\"");
  }
}

}  // namespace

void registerAverageAggregates(AggregateRegistry& registry) {
  registry.add({"avg", 1, 1, bindAverage<false>}, {"mean"});
  registry.add({"try_avg", 1, 1, bindAverage<true>, false, false});
}

}  // namespace sluice
