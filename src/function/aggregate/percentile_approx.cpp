// src/function/aggregate/percentile_approx.cpp
//
// percentile_approx(expr, percentage[, accuracy]) and approx_percentile (Spark's
// ApproximatePercentile over QuantileSummaries, relative error 1 / accuracy, accuracy 10000 by
// default). Values are kept as DOUBLE (numbers, DATE days, TIMESTAMP microseconds, intervals)
// and, when finalized, go through what Spark does to one summary: the sorted values are
// inserted as one head buffer (each sample g = 1, delta = floor(2 * error * rank) except the
// first and the last), compressed with merge threshold 2 * error * count, then queried: the
// first sample for p <= error, the last for p >= 1 - error, else the first sample whose rank
// range holds ceil(p * count) within the summary's error (percentiles in ascending order, each
// scan going on from the previous one). Below 1 / (2 * error) values that is
// exactly the value at rank ceil(p * count), an actual input value. Spark fills head buffers of
// 50,000 values in row order and merges partition summaries; sluice summarizes all values of a
// group at once, which gives Spark's result whenever Spark's summary is exact and may pick a
// neighbouring sample for larger groups. The result has the input's type (ARRAY of it for an
// array of percentages); NULL for a group without a non-NULL value.
#include <algorithm>
#include <cmath>
#include <vector>

#include "common/error/error.hpp"
#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/aggregate/collected_values.hpp"
#include "function/aggregate/value_ordering.hpp"
#include "function/physical_type.hpp"

namespace sluice {

namespace {

constexpr idx_t kSampleWidth = sizeof(double);
constexpr int64_t kDefaultAccuracy = 10000;

//! QuantileSummaries.Stats.
struct Sample {
  double value;
  int64_t g;
  int64_t delta;
};

//! One summary of sorted values, compressed, as QuantileSummaries.compress leaves it.
std::vector<Sample> summarize(const std::vector<double>& sorted, double error) {
  std::vector<Sample> samples;
  samples.reserve(sorted.size());
  auto count = static_cast<int64_t>(sorted.size());
  for (int64_t index = 0; index < count; ++index) {
    bool edge = index == 0 || index == count - 1;
    int64_t delta =
        edge ? 0 : static_cast<int64_t>(std::floor(2.0 * error * static_cast<double>(index + 1)));
    samples.push_back(Sample{sorted[static_cast<size_t>(index)], 1, delta});
  }
  // compressImmut: from the end, merge a sample into the one after it while they fit.
  double threshold = 2.0 * error * static_cast<double>(count);
  if (samples.size() <= 1)
    return samples;
  std::vector<Sample> reversed;
  Sample head = samples.back();
  for (size_t i = samples.size() - 2; i >= 1; --i) {
    const Sample& sample = samples[i];
    if (static_cast<double>(sample.g + head.g + head.delta) < threshold) {
      head.g += sample.g;
    } else {
      reversed.push_back(head);
      head = sample;
    }
  }
  reversed.push_back(head);
  if (samples.front().value <= head.value)
    reversed.push_back(samples.front());
  std::reverse(reversed.begin(), reversed.end());
  return reversed;
}

//! QuantileSummaries.query over several percentiles: they are answered in ascending order, each
//! scan going on from the sample where the previous one stopped. Results are in `percentages`'
//! order.
std::vector<double> query(const std::vector<Sample>& samples, int64_t count, double error,
                          const std::vector<double>& percentages) {
  int64_t widest = INT64_MIN;
  for (const Sample& sample : samples)
    widest = std::max(widest, sample.delta + sample.g);
  auto target_error = static_cast<double>(widest / 2);
  std::vector<size_t> order(percentages.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return percentages[a] < percentages[b]; });
  std::vector<double> results(percentages.size());
  size_t index = 0;
  int64_t min_rank = samples[0].g;
  for (size_t position : order) {
    double quantile = percentages[position];
    if (quantile <= error) {
      results[position] = samples.front().value;
      continue;
    }
    if (quantile >= 1.0 - error) {
      results[position] = samples.back().value;
      continue;
    }
    auto rank = static_cast<int64_t>(std::ceil(quantile * static_cast<double>(count)));
    bool found = false;
    while (index + 1 < samples.size()) {
      auto max_rank = static_cast<double>(min_rank + samples[index].delta);
      if (max_rank - target_error <= static_cast<double>(rank) &&
          static_cast<double>(rank) <= static_cast<double>(min_rank) + target_error) {
        results[position] = samples[index].value;
        found = true;
        break;
      }
      ++index;
      min_rank += samples[index].g;
    }
    if (!found) {
      index = samples.size() - 1;
      min_rank = 0;
      results[position] = samples.back().value;
    }
  }
  return results;
}

class PercentileApprox : public AggregateFunction {
 public:
  PercentileApprox(std::string name, std::vector<DataType> argument_types, DataType value_type,
                   std::vector<double> percentages, bool returns_array, int64_t accuracy)
      : AggregateFunction(std::move(name), std::move(argument_types),
                          returns_array ? DataType::array(value_type, false) : value_type,
                          sizeof(CollectedValues), alignof(CollectedValues)),
        value_type_(std::move(value_type)),
        percentages_(std::move(percentages)),
        returns_array_(returns_array),
        error_(1.0 / static_cast<double>(accuracy)) {}

  void update(const AggregateInput& input, uint8_t* const* groups, idx_t offset,
              StringHeap& heap) const override {
    forEachNumber(input, [&](idx_t row, double number) {
      stateAt<CollectedValues>(groups[row], offset)
          .append(reinterpret_cast<const uint8_t*>(&number), kSampleWidth, heap);
    });
  }

  void updateSingle(const AggregateInput& input, uint8_t* state, StringHeap& heap) const override {
    CollectedValues& collected = stateAt<CollectedValues>(state, 0);
    forEachNumber(input, [&](idx_t, double number) {
      collected.append(reinterpret_cast<const uint8_t*>(&number), kSampleWidth, heap);
    });
  }

  void combine(uint8_t* const*, uint8_t* const*, idx_t, idx_t) const override {
    SLUICE_UNREACHABLE("percentile_approx combines through combineWithHeap");
  }

  void combineWithHeap(uint8_t* const* sources, uint8_t* const* targets, idx_t count, idx_t offset,
                       StringHeap& heap) const override {
    combineCollectedValues(sources, targets, count, offset, kSampleWidth, heap);
  }

  void finalize(uint8_t* const* states, idx_t count, idx_t offset, Vector& result,
                idx_t first_row) const override {
    std::vector<double> sorted;
    for (idx_t i = 0; i < count; ++i) {
      const CollectedValues& state = stateAt<CollectedValues>(states[i], offset);
      idx_t row = first_row + i;
      if (state.count == 0) {
        result.setNull(row);
        continue;
      }
      state.copyTo(sorted);
      std::sort(sorted.begin(), sorted.end(), sortsBefore<double>);
      std::vector<Sample> samples = summarize(sorted, error_);
      std::vector<double> values =
          query(samples, static_cast<int64_t>(sorted.size()), error_, percentages_);
      if (!returns_array_) {
        write(result, row, values[0]);
        continue;
      }
      Vector& elements = result.child(0);
      idx_t start = result.childSize();
      elements.reserve(start + percentages_.size());
      for (size_t p = 0; p < percentages_.size(); ++p)
        write(elements, start + p, values[p]);
      result.setChildSize(start + percentages_.size());
      result.mutableData<ListEntry>()[row] =
          ListEntry{static_cast<uint32_t>(start), static_cast<uint32_t>(percentages_.size())};
    }
  }

 private:
  //! Calls body(row, value as DOUBLE) for each non-NULL input row.
  template <typename Body>
  void forEachNumber(const AggregateInput& input, Body&& body) const {
    const Vector& values = *input.arguments[0];
    const DataType& type = argumentTypes()[0];
    if (type.isVoid())
      return;
    double scale = type.id() == TypeId::kDecimal ? std::pow(10.0, type.scale()) : 1.0;
    visitScalarType(type, [&]<typename T>() {
      if constexpr (!std::is_same_v<T, StringView>) {
        VectorReader<T> reader(values);
        forEachRow(input.rows, [&](idx_t row) {
          if (!reader.isValid(row))
            return;
          auto number = static_cast<double>(reader[row]);
          body(row, scale == 1.0 ? number : number / scale);
        });
      }
    });
  }

  //! The DOUBLE back in the input's type, as ApproximatePercentile's doubleToReturnType.
  void write(Vector& out, idx_t row, double value) const {
    out.setNull(row, false);
    switch (value_type_.id()) {
      case TypeId::kByte:
        out.mutableData<int8_t>()[row] = static_cast<int8_t>(value);
        break;
      case TypeId::kShort:
        out.mutableData<int16_t>()[row] = static_cast<int16_t>(value);
        break;
      case TypeId::kInt:
      case TypeId::kDate:
      case TypeId::kYearMonthInterval:
        out.mutableData<int32_t>()[row] = static_cast<int32_t>(value);
        break;
      case TypeId::kLong:
      case TypeId::kTimestamp:
      case TypeId::kTimestampNtz:
      case TypeId::kDayTimeInterval:
      case TypeId::kTime:
        out.mutableData<int64_t>()[row] = static_cast<int64_t>(value);
        break;
      case TypeId::kFloat:
        out.mutableData<float>()[row] = static_cast<float>(value);
        break;
      case TypeId::kDouble:
        out.mutableData<double>()[row] = value;
        break;
      case TypeId::kDecimal: {
        // Rounded HALF_UP to the type's scale, as writing a Decimal into the row does.
        double scaled = value * std::pow(10.0, value_type_.scale());
        auto unscaled = static_cast<int128_t>(scaled < 0 ? -std::floor(-scaled + 0.5)
                                                         : std::floor(scaled + 0.5));
        if (value_type_.isWideDecimal())
          out.mutableData<int128_t>()[row] = unscaled;
        else
          out.mutableData<int64_t>()[row] = static_cast<int64_t>(unscaled);
        break;
      }
      default:
        out.setNull(row);
        break;
    }
  }

  DataType value_type_;
  std::vector<double> percentages_;
  bool returns_array_;
  double error_;
};

AggregateFunctionPtr bindPercentileApprox(const AggregateBindRequest& request, const char* name) {
  const DataType& input = request.argument_types[0];
  TypeId id = input.id();
  bool accepted = input.isNumeric() || input.isVoid() || id == TypeId::kDate ||
                  id == TypeId::kTimestamp || id == TypeId::kTimestampNtz ||
                  id == TypeId::kYearMonthInterval || id == TypeId::kDayTimeInterval;
  if (!accepted) {
    raiseAggregateInputType(request, 0,
                            "(\"NUMERIC\" or \"DATE\" or \"TIMESTAMP\" or \"TIMESTAMP_NTZ\" or "
                            "\"INTERVAL YEAR TO MONTH\" or \"INTERVAL DAY TO SECOND\")");
  }
  const DataType& percentage_type = request.argument_types[1];
  bool returns_array = percentage_type.id() == TypeId::kArray;
  if (!(returns_array ? percentage_type.elementType().isNumeric() : percentage_type.isNumeric())) {
    raiseAggregateInputType(request, 1, "(\"DOUBLE\" or \"ARRAY<DOUBLE>\")");
  }
  int64_t accuracy = kDefaultAccuracy;
  if (request.argument_types.size() > 2) {
    if (!request.argument_types[2].isIntegral())
      raiseAggregateInputType(request, 2, "\"INTEGRAL\"");
    const Value* constant = request.argument_constants[2];
    if (constant == nullptr)
      raiseNonFoldableInput(request, 2, "accuracy", request.argument_types[2].sql());
    if (constant->isNull()) {
      throw Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_NULL",
                  fmt::format("Cannot resolve \"{}\" due to data type mismatch: The `accuracy` "
                              "must not be null.",
                              request.name));
    }
    accuracy = constant->getInt64();
  }
  const Value* percentage = request.argument_constants[1];
  if (percentage == nullptr)
    raiseNonFoldableInput(request, 1, "percentage", returns_array ? "ARRAY<DOUBLE>" : "DOUBLE");
  if (accuracy <= 0 || accuracy > INT32_MAX) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "VALUE_OUT_OF_RANGE",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: The `accuracy` must "
                            "be between (0, 2147483647] (current value = {}L).",
                            request.name, accuracy));
  }
  std::vector<double> percentages;
  bool has_null = percentage->isNull();
  if (!has_null) {
    if (returns_array) {
      for (const Value& element : percentage->children()) {
        if (element.isNull()) {
          has_null = true;
          break;
        }
        percentages.push_back(numericConstant(element));
      }
    } else {
      percentages.push_back(numericConstant(*percentage));
    }
  }
  if (has_null) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_NULL",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: The `percentage` "
                            "must not be null.",
                            request.name));
  }
  if (std::any_of(percentages.begin(), percentages.end(),
                  [](double p) { return !(p >= 0.0 && p <= 1.0); })) {
    std::string values;
    for (double p : percentages)
      values += (values.empty() ? "" : ",") + doubleLiteral(p);
    throw Error(ErrorClass::DATATYPE_MISMATCH, "VALUE_OUT_OF_RANGE",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: The `percentage` "
                            "must be between [0.0, 1.0] (current value = {}).",
                            request.name, values));
  }
  std::vector<DataType> argument_types = request.argument_types;
  DataType value_type = input.isVoid() ? DataType::doubleType() : input;
  if (input.isVoid())
    argument_types[0] = value_type;
  return std::make_shared<PercentileApprox>(name, std::move(argument_types), std::move(value_type),
                                            std::move(percentages), returns_array, accuracy);
}

}  // namespace

void registerApproxPercentileAggregates(AggregateRegistry& registry) {
  registry.add({"percentile_approx", 2, 3, [](const AggregateBindRequest& request) {
                  return bindPercentileApprox(request, "percentile_approx");
                }});
  registry.add({"approx_percentile", 2, 3, [](const AggregateBindRequest& request) {
                  return bindPercentileApprox(request, "approx_percentile");
                }});
}

}  // namespace sluice
