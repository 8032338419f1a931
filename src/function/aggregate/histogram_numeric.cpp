// src/function/aggregate/histogram_numeric.cpp
//
// histogram_numeric(expr, nb): Spark's NumericHistogram (Ben-Haim and Tom-Tov's streaming
// histogram, from Hive) over the group's non-NULL values, read as doubles: a value equal to a
// bin's centre adds 1 to its height, any other becomes a bin of its own, and past `nb` bins the
// two closest adjacent bins merge into one at their height-weighted mean. Ties between equally
// close pairs are broken as Spark breaks them, with java.util.Random(31183) drawn once per tie
// (each state keeps its own generator, as each Spark buffer does). Merging two states sorts
// their bins together and merges the closest pairs again. The result is the array of
// (x, y) bins in x order, x converted back to the input's type as Spark 3.3+ does
// (spark.sql.legacy.histogramNumericPropagateInputType, on by default: Scala's truncating
// toInt / toLong, a DECIMAL rounded to its scale); NULL for a group without values.
// Groups whose values are split over several threads may merge in another order than
// Spark's partitions, which changes the bins as it does between Spark runs.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "common/check.hpp"
#include "common/error/error.hpp"
#include "common/types/decimal.hpp"
#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/aggregate/java_random.hpp"

namespace sluice {

namespace {

constexpr int64_t kTieBreakSeed = 31183;

struct HistogramBin {
  double x;
  double y;
};

//! All zero: no bins, and the generator of new Random(31183).
struct HistogramState {
  HistogramBin* bins;  // in the operator's heap
  uint32_t used;
  uint32_t capacity;
  uint64_t random_delta;  // the generator's state XOR that of a new Random(31183)
};

//! Java's Double.compare order, which Collections.sort uses on bins.
bool javaDoubleLess(double a, double b) {
  if (a < b)
    return true;
  if (a > b)
    return false;
  if (std::isnan(a) || std::isnan(b))
    return !std::isnan(a) && std::isnan(b);
  return std::signbit(a) && !std::signbit(b);
}

template <typename T>
T truncateToIntegral(double value) {
  // Scala's toInt / toLong: NaN is 0, out of range saturates; narrower types wrap from int.
  if (std::isnan(value))
    return 0;
  if constexpr (sizeof(T) == sizeof(int64_t)) {
    if (value >= 9223372036854775807.0)
      return std::numeric_limits<int64_t>::max();
    if (value <= -9223372036854775808.0)
      return std::numeric_limits<int64_t>::min();
    return static_cast<int64_t>(value);
  } else {
    int32_t as_int = value >= 2147483647.0    ? std::numeric_limits<int32_t>::max()
                     : value <= -2147483648.0 ? std::numeric_limits<int32_t>::min()
                                              : static_cast<int32_t>(value);
    return static_cast<T>(as_int);
  }
}

class HistogramNumeric : public AggregateFunction {
 public:
  HistogramNumeric(std::vector<DataType> argument_types, DataType return_type, uint32_t bins)
      : AggregateFunction("histogram_numeric", std::move(argument_types), std::move(return_type),
                          sizeof(HistogramState), alignof(HistogramState)),
        max_bins_(bins) {}

  void update(const AggregateInput& input, uint8_t* const* groups, idx_t offset,
              StringHeap& heap) const override {
    const Vector& values = *input.arguments[0];
    forEachRow(input.rows, [&](idx_t row) {
      if (!values.isNull(row))
        add(stateAt<HistogramState>(groups[row], offset), valueAt(values, row), heap);
    });
  }

  void updateSingle(const AggregateInput& input, uint8_t* state, StringHeap& heap) const override {
    const Vector& values = *input.arguments[0];
    auto& histogram = *reinterpret_cast<HistogramState*>(state);
    forEachRow(input.rows, [&](idx_t row) {
      if (!values.isNull(row))
        add(histogram, valueAt(values, row), heap);
    });
  }

  void combine(uint8_t* const*, uint8_t* const*, idx_t, idx_t) const override {
    SLUICE_UNREACHABLE("histogram_numeric combines through combineWithHeap");
  }

  void combineWithHeap(uint8_t* const* sources, uint8_t* const* targets, idx_t count, idx_t offset,
                       StringHeap& heap) const override {
    for (idx_t i = 0; i < count; ++i) {
      const auto& source = stateAt<HistogramState>(sources[i], offset);
      auto& target = stateAt<HistogramState>(targets[i], offset);
      if (source.used == 0)
        continue;
      uint32_t first = target.used;
      reserve(target, first + source.used, heap);
      std::memcpy(target.bins + first, source.bins, source.used * sizeof(HistogramBin));
      target.used += source.used;
      if (first == 0)
        continue;
      std::stable_sort(
          target.bins, target.bins + target.used,
          [](const HistogramBin& a, const HistogramBin& b) { return javaDoubleLess(a.x, b.x); });
      trim(target);
    }
  }

  void finalize(uint8_t* const* states, idx_t count, idx_t offset, Vector& result,
                idx_t first_row) const override {
    const DataType& bin_type = returnType().elementType();
    for (idx_t i = 0; i < count; ++i) {
      const auto& state = stateAt<HistogramState>(states[i], offset);
      if (state.used == 0) {
        result.setNull(first_row + i);
        continue;
      }
      std::vector<Value> bins;
      for (uint32_t bin = 0; bin < state.used; ++bin) {
        bins.push_back(Value::nested(
            bin_type, {centreValue(state.bins[bin].x), Value::doubleValue(state.bins[bin].y)}));
      }
      result.setValue(first_row + i, Value::nested(returnType(), std::move(bins)));
    }
  }

 private:
  const DataType& inputType() const { return argumentTypes()[0]; }

  double valueAt(const Vector& values, idx_t row) const {
    const DataType& type = inputType();
    switch (type.id()) {
      case TypeId::kByte:
        return values.at<int8_t>(row);
      case TypeId::kShort:
        return values.at<int16_t>(row);
      case TypeId::kInt:
      case TypeId::kDate:
      case TypeId::kYearMonthInterval:
        return values.at<int32_t>(row);
      case TypeId::kFloat:
        return values.at<float>(row);
      case TypeId::kDouble:
        return values.at<double>(row);
      case TypeId::kDecimal:
        return decimal::toDouble(
            type.isWideDecimal() ? values.at<int128_t>(row) : values.at<int64_t>(row),
            type.scale());
      default:  // BIGINT, the timestamps, INTERVAL DAY TO SECOND
        return static_cast<double>(values.at<int64_t>(row));
    }
  }

  Value centreValue(double x) const {
    const DataType& type = inputType();
    switch (type.id()) {
      case TypeId::kByte:
        return Value::fromInt64(type, truncateToIntegral<int8_t>(x));
      case TypeId::kShort:
        return Value::fromInt64(type, truncateToIntegral<int16_t>(x));
      case TypeId::kInt:
      case TypeId::kDate:
      case TypeId::kYearMonthInterval:
        return Value::fromInt64(type, truncateToIntegral<int32_t>(x));
      case TypeId::kFloat:
        return Value::floatValue(static_cast<float>(x));
      case TypeId::kDouble:
        return Value::doubleValue(x);
      case TypeId::kDecimal: {
        std::optional<int128_t> unscaled = decimal::fromDouble(x, type.precision(), type.scale());
        return unscaled ? Value::decimal(*unscaled, type.precision(), type.scale())
                        : Value::null(type);
      }
      default:
        return Value::fromInt64(type, truncateToIntegral<int64_t>(x));
    }
  }

  static void reserve(HistogramState& state, uint32_t needed, StringHeap& heap) {
    if (needed <= state.capacity)
      return;
    uint32_t capacity = std::max<uint32_t>({needed, state.capacity * 2, 8});
    char* bytes = heap.allocate(capacity * sizeof(HistogramBin) + alignof(HistogramBin));
    auto address = (reinterpret_cast<uintptr_t>(bytes) + alignof(HistogramBin) - 1) &
                   ~uintptr_t{alignof(HistogramBin) - 1};
    auto* bins = reinterpret_cast<HistogramBin*>(address);
    if (state.used > 0)
      std::memcpy(bins, state.bins, state.used * sizeof(HistogramBin));
    state.bins = bins;
    state.capacity = capacity;
  }

  void add(HistogramState& state, double value, StringHeap& heap) const {
    // The bin to insert before, or a bin centred on `value`.
    uint32_t bin = 0;
    for (uint32_t low = 0, high = state.used; low < high;) {
      bin = (low + high) / 2;
      if (state.bins[bin].x > value) {
        high = bin;
      } else if (state.bins[bin].x < value) {
        low = ++bin;
      } else {
        break;
      }
    }
    if (bin < state.used && state.bins[bin].x == value) {
      state.bins[bin].y += 1;
      return;
    }
    reserve(state, state.used + 1, heap);
    std::memmove(state.bins + bin + 1, state.bins + bin, (state.used - bin) * sizeof(HistogramBin));
    state.bins[bin] = HistogramBin{value, 1};
    if (++state.used > max_bins_)
      trim(state);
  }

  void trim(HistogramState& state) const {
    uint64_t fresh = JavaRandom::scramble(kTieBreakSeed);
    JavaRandom random = JavaRandom::fromState(state.random_delta ^ fresh);
    while (state.used > max_bins_) {
      HistogramBin* bins = state.bins;
      double smallest = bins[1].x - bins[0].x;
      uint32_t at = 0;
      uint32_t ties = 1;
      for (uint32_t i = 1; i + 1 < state.used; ++i) {
        double gap = bins[i + 1].x - bins[i].x;
        if (gap < smallest) {
          smallest = gap;
          at = i;
          ties = 1;
        } else if (gap == smallest && random.nextDouble() <= 1.0 / ++ties) {
          at = i;
        }
      }
      // Spark's arithmetic, in its order.
      double height = bins[at].y + bins[at + 1].y;
      bins[at].x *= bins[at].y / height;
      bins[at].x += bins[at + 1].x / height * bins[at + 1].y;
      bins[at].y = height;
      std::memmove(bins + at + 1, bins + at + 2, (state.used - at - 2) * sizeof(HistogramBin));
      --state.used;
    }
    state.random_delta = random.state() ^ fresh;
  }

  uint32_t max_bins_;
};

AggregateFunctionPtr bindHistogramNumeric(const AggregateBindRequest& request) {
  DataType input = request.argument_types[0];
  TypeId id = input.id();
  if (input.isVoid() || id == TypeId::kString) {
    input = DataType::doubleType();
  } else if (!input.isNumeric() && id != TypeId::kDate && id != TypeId::kTimestamp &&
             id != TypeId::kTimestampNtz && !input.isInterval()) {
    raiseAggregateInputType(request, 0,
                            "(\"NUMERIC\" or \"TIMESTAMP\" or \"DATE\" or \"TIMESTAMP_NTZ\" or "
                            "\"INTERVAL YEAR TO MONTH\" or \"INTERVAL DAY TO SECOND\")");
  }
  const DataType& bins_type = request.argument_types[1];
  if (!bins_type.isIntegral() && !bins_type.isVoid())
    raiseAggregateInputType(request, 1, "\"INT\"");
  const Value* bins = request.argument_constants[1];
  if (bins == nullptr)
    raiseNonFoldableInput(request, 1, "nb", "INT");
  int64_t count = bins->isNull() ? 0 : bins->getInt64();
  if (count < 2 || count > std::numeric_limits<int32_t>::max()) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "VALUE_OUT_OF_RANGE",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: The nb must be "
                            "between [2, 2147483647] (current value = {}).",
                            request.name, count));
  }
  DataType bin_type = DataType::structOf(
      {StructField{"x", input, true, {}}, StructField{"y", DataType::doubleType(), true, {}}});
  return std::make_shared<HistogramNumeric>(std::vector<DataType>{input, DataType::intType()},
                                            DataType::array(bin_type),
                                            static_cast<uint32_t>(count));
}

}  // namespace

void registerHistogramNumericAggregates(AggregateRegistry& registry) {
  registry.add({"histogram_numeric", 2, 2, bindHistogramNumeric, false, false});
}

}  // namespace sluice
