// src/function/aggregate/sum.cpp
//
// sum(expr) with Spark's result types (Sum.resultType): BIGINT for integral input, DOUBLE for
// FLOAT / DOUBLE (and for STRING and NULL, which ANSI coercion casts to DOUBLE), DECIMAL(p+10,
// s) bounded at 38 digits for DECIMAL(p,s), and the input's own type for ANSI intervals. NULLs
// are skipped; a group without a non-NULL value sums to NULL. With ANSI on, an integral or
// interval sum that leaves its type raises ARITHMETIC_OVERFLOW at the addition that overflows,
// and a decimal sum that does not fit its result precision raises it at the end. try_sum is the
// same sum with NULL in place of those errors (the group's sum is NULL once it overflowed).
#include <algorithm>

#include "common/error/error.hpp"
#include "common/types/decimal.hpp"
#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/scalar/argument_types.hpp"

namespace sluice {

namespace {

[[noreturn]] void raiseSumOverflow(const char* what) {
  throwError(
      ErrorClass::ARITHMETIC_OVERFLOW,
      "{} overflow. Use 'try_sum' to tolerate overflow and return NULL instead. If necessary "
      "set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error.",
      what);
}

//! Integral and interval sums: exact, checked at every addition as Spark's Add is.
template <typename T, typename Accumulator, bool kTry = false>
struct CheckedSumOp {
  struct State {
    Accumulator sum;
    bool has_value;
    bool overflowed;  // try_sum only
  };
  static constexpr bool kSkipNulls = true;
  static void add(State& state, Accumulator value) {
    if (__builtin_add_overflow(state.sum, value, &state.sum)) [[unlikely]] {
      if constexpr (kTry)
        state.overflowed = true;
      else
        raiseSumOverflow(sizeof(Accumulator) == 4 ? "integer" : "long");
    }
  }
  static void update(State& state, const T& value, StringHeap&) {
    add(state, static_cast<Accumulator>(value));
    state.has_value = true;
  }
  static void combine(State& target, const State& source) {
    if (!source.has_value)
      return;
    add(target, source.sum);
    target.overflowed = target.overflowed || source.overflowed;
    target.has_value = true;
  }
  static void finalize(const State& state, Vector& result, idx_t row) {
    if (!state.has_value || state.overflowed) {
      result.setNull(row);
      return;
    }
    result.mutableData<Accumulator>()[row] = state.sum;
  }
};

struct DoubleSumOp {
  struct State {
    double sum;
    bool has_value;
  };
  static constexpr bool kSkipNulls = true;
  static void update(State& state, const double& value, StringHeap&) {
    state.sum += value;
    state.has_value = true;
  }
  static void combine(State& target, const State& source) {
    if (!source.has_value)
      return;
    target.sum += source.sum;
    target.has_value = true;
  }
  static void finalize(const State& state, Vector& result, idx_t row) {
    if (!state.has_value) {
      result.setNull(row);
      return;
    }
    result.mutableData<double>()[row] = state.sum;
  }
};

//! Decimal sums accumulate unscaled values in 128 bits; the result precision is checked once.
template <typename T, bool kTry = false>
struct DecimalSumOp {
  struct State {
    int128_t sum;
    bool has_value;
    bool overflowed;  // try_sum only
  };
  static constexpr bool kSkipNulls = true;
  static void add(State& state, int128_t value) {
    if (__builtin_add_overflow(state.sum, value, &state.sum)) [[unlikely]] {
      if constexpr (kTry)
        state.overflowed = true;
      else
        raiseDecimalOverflow();
    }
  }
  [[noreturn]] static void raiseDecimalOverflow() {
    throwError(ErrorClass::ARITHMETIC_OVERFLOW,
               "Overflow in sum of decimals. Use 'try_sum' to tolerate overflow and return NULL "
               "instead. If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this "
               "error.");
  }
  static void update(State& state, const T& value, StringHeap&) {
    add(state, static_cast<int128_t>(value));
    state.has_value = true;
  }
  static void combine(State& target, const State& source) {
    if (!source.has_value)
      return;
    add(target, source.sum);
    target.overflowed = target.overflowed || source.overflowed;
    target.has_value = true;
  }
  static void finalize(const State& state, Vector& result, idx_t row) {
    if (!state.has_value || state.overflowed) {
      result.setNull(row);
      return;
    }
    const DataType& type = result.type();
    if (!decimal::fitsPrecision(state.sum, type.precision())) {
      if constexpr (kTry) {
        result.setNull(row);
        return;
      }
      raiseDecimalOverflow();
    }
    if (type.isWideDecimal()) {
      result.mutableData<int128_t>()[row] = state.sum;
    } else {
      result.mutableData<int64_t>()[row] = static_cast<int64_t>(state.sum);
    }
  }
};

template <typename T, bool kTry>
AggregateFunctionPtr integralSum(const char* name, const DataType& input) {
  return std::make_shared<UnaryAggregate<T, CheckedSumOp<T, int64_t, kTry>>>(
      name, std::vector<DataType>{input}, DataType::longType());
}

template <bool kTry>
AggregateFunctionPtr bindSum(const AggregateBindRequest& request) {
  const char* name = kTry ? "try_sum" : "sum";
  const DataType& input = request.argument_types[0];
  switch (input.id()) {
    case TypeId::kByte:
      return integralSum<int8_t, kTry>(name, input);
    case TypeId::kShort:
      return integralSum<int16_t, kTry>(name, input);
    case TypeId::kInt:
      return integralSum<int32_t, kTry>(name, input);
    case TypeId::kLong:
      return integralSum<int64_t, kTry>(name, input);
    case TypeId::kDecimal: {
      DataType result = DataType::decimal(std::min(38, input.precision() + 10), input.scale());
      if (input.isWideDecimal()) {
        return std::make_shared<UnaryAggregate<int128_t, DecimalSumOp<int128_t, kTry>>>(
            name, std::vector<DataType>{input}, result);
      }
      return std::make_shared<UnaryAggregate<int64_t, DecimalSumOp<int64_t, kTry>>>(
          name, std::vector<DataType>{input}, result);
    }
    case TypeId::kYearMonthInterval:
      return std::make_shared<UnaryAggregate<int32_t, CheckedSumOp<int32_t, int32_t, kTry>>>(
          name, std::vector<DataType>{input}, input);
    case TypeId::kDayTimeInterval:
      return std::make_shared<UnaryAggregate<int64_t, CheckedSumOp<int64_t, int64_t, kTry>>>(
          name, std::vector<DataType>{input}, input);
    case TypeId::kFloat:
    case TypeId::kDouble:
    case TypeId::kString:
    case TypeId::kVoid:
      return std::make_shared<UnaryAggregate<double, DoubleSumOp>>(
          name, std::vector<DataType>{DataType::doubleType()}, DataType::doubleType());
    default:
      raiseAggregateInputType(
          request, 0, "(\"NUMERIC\" or \"INTERVAL YEAR TO MONTH\" or \"INTERVAL DAY TO SECOND\")");
  }
}

}  // namespace

void registerSumAggregates(AggregateRegistry& registry) {
  registry.add({"sum", 1, 1, bindSum<false>});
  registry.add({"try_sum", 1, 1, bindSum<true>, false, false});
}

}  // namespace sluice
