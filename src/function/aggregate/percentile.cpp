// src/function/aggregate/percentile.cpp
//
// percentile(expr, p), percentile(expr, array(p, ...)) and median(expr) (Spark's Percentile,
// exact), and the inverse distribution functions percentile_cont(p) and percentile_disc(p)
// WITHIN GROUP (ORDER BY expr [DESC]): the values of the group are kept (collected_values.hpp)
// and sorted when finalized, descending for DESC. The continuous percentile p of n values is the
// value at position p * (n - 1), interpolated linearly between its two neighbours; the
// discrete one is the first value whose cumulative share of the n values reaches p (Spark's
// percentile_disc, not its legacy calculation). NULLs are skipped. The result is DOUBLE
// (ARRAY<DOUBLE> for an array of percentages) and NULL for a group without a non-NULL value. A
// percentage must be a constant between 0 and 1.
#include <algorithm>
#include <cmath>
#include <vector>

#include "common/error/error.hpp"
#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/aggregate/collected_values.hpp"
#include "function/aggregate/value_ordering.hpp"
#include "function/scalar/argument_types.hpp"

namespace sluice {

namespace {

constexpr idx_t kWidth = sizeof(double);

//! How the percentile is taken from the sorted values.
struct PercentileKind {
  bool discrete = false;
  bool descending = false;
};

class PercentileAggregate : public AggregateFunction {
 public:
  PercentileAggregate(const char* name, std::vector<DataType> argument_types,
                      std::vector<double> percentages, bool returns_array, PercentileKind kind)
      : AggregateFunction(
            name, std::move(argument_types),
            returns_array ? DataType::array(DataType::doubleType(), false) : DataType::doubleType(),
            sizeof(CollectedValues), alignof(CollectedValues)),
        percentages_(std::move(percentages)),
        returns_array_(returns_array),
        kind_(kind) {}

  void update(const AggregateInput& input, uint8_t* const* groups, idx_t offset,
              StringHeap& heap) const override {
    VectorReader<double> values(*input.arguments[0]);
    forEachRow(input.rows, [&](idx_t row) {
      if (values.isValid(row)) {
        stateAt<CollectedValues>(groups[row], offset)
            .append(reinterpret_cast<const uint8_t*>(&values[row]), kWidth, heap);
      }
    });
  }

  void updateSingle(const AggregateInput& input, uint8_t* state, StringHeap& heap) const override {
    VectorReader<double> values(*input.arguments[0]);
    CollectedValues& collected = stateAt<CollectedValues>(state, 0);
    forEachRow(input.rows, [&](idx_t row) {
      if (values.isValid(row))
        collected.append(reinterpret_cast<const uint8_t*>(&values[row]), kWidth, heap);
    });
  }

  void combine(uint8_t* const*, uint8_t* const*, idx_t, idx_t) const override {
    SLUICE_UNREACHABLE("percentile combines through combineWithHeap");
  }

  void combineWithHeap(uint8_t* const* sources, uint8_t* const* targets, idx_t count, idx_t offset,
                       StringHeap& heap) const override {
    combineCollectedValues(sources, targets, count, offset, kWidth, heap);
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
      if (kind_.descending)
        std::sort(sorted.begin(), sorted.end(),
                  [](double a, double b) { return sortsBefore<double>(b, a); });
      else
        std::sort(sorted.begin(), sorted.end(), sortsBefore<double>);
      if (!returns_array_) {
        result.mutableData<double>()[row] = percentileOf(sorted, percentages_[0]);
        continue;
      }
      Vector& elements = result.child(0);
      idx_t start = result.childSize();
      elements.reserve(start + percentages_.size());
      for (size_t p = 0; p < percentages_.size(); ++p)
        elements.mutableData<double>()[start + p] = percentileOf(sorted, percentages_[p]);
      result.setChildSize(start + percentages_.size());
      result.mutableData<ListEntry>()[row] =
          ListEntry{static_cast<uint32_t>(start), static_cast<uint32_t>(percentages_.size())};
    }
  }

 private:
  double percentileOf(const std::vector<double>& sorted, double percentage) const {
    return kind_.discrete ? discretePercentile(sorted, percentage)
                          : continuousPercentile(sorted, percentage);
  }

  //! Spark's PercentileDisc.getPercentile: the first value whose cumulative count reaches
  //! p * n.
  static double discretePercentile(const std::vector<double>& sorted, double percentage) {
    double reached = std::ceil(static_cast<double>(sorted.size()) * percentage);
    auto index = static_cast<size_t>(std::max(reached, 1.0)) - 1;
    return sorted[std::min(index, sorted.size() - 1)];
  }

  //! Spark's Percentile.getPercentile over sorted values.
  static double continuousPercentile(const std::vector<double>& sorted, double percentage) {
    double position = static_cast<double>(sorted.size() - 1) * percentage;
    double lower = std::floor(position);
    double higher = std::ceil(position);
    double lower_value = sorted[static_cast<size_t>(lower)];
    double higher_value = sorted[static_cast<size_t>(higher)];
    if (lower == higher || lower_value == higher_value)
      return lower_value;
    return (higher - position) * lower_value + (position - lower) * higher_value;
  }

  std::vector<double> percentages_;
  bool returns_array_;
  PercentileKind kind_;
};

[[noreturn]] void raisePercentageOutOfRange(const AggregateBindRequest& request,
                                            const std::vector<double>& percentages) {
  // Spark lists every percentage as a DOUBLE literal: "1.5D,-1.0D".
  std::string values;
  for (double percentage : percentages) {
    std::string text = fmt::format("{}", percentage);
    if (text.find_first_of(".en") == std::string::npos)
      text += ".0";
    values += (values.empty() ? "" : ",") + text + "D";
  }
  throw Error(ErrorClass::DATATYPE_MISMATCH, "VALUE_OUT_OF_RANGE",
              fmt::format("Cannot resolve \"{}\" due to data type mismatch: The `percentage` must "
                          "be between [0.0, 1.0] (current value = {}).",
                          request.name, values));
}

AggregateFunctionPtr bindPercentile(const AggregateBindRequest& request, const char* name,
                                    PercentileKind kind = {}, bool ordered_within_group = false) {
  const DataType& input = request.argument_types[0];
  if (!input.isNumeric() && !input.isVoid()) {
    if (input.id() == TypeId::kYearMonthInterval || input.id() == TypeId::kDayTimeInterval) {
      throwError(ErrorClass::NOT_SUPPORTED, "{} of an interval is not supported yet: {}.", name,
                 request.name);
    }
    raiseAggregateInputType(request, 0, "\"NUMERIC\" or \"ANSI INTERVAL\"");
  }
  std::vector<DataType> argument_types{DataType::doubleType()};
  std::vector<double> percentages;
  bool returns_array = false;
  if (request.argument_types.size() == 1) {
    percentages.push_back(0.5);  // median
  } else {
    const DataType& type = request.argument_types[1];
    returns_array = type.id() == TypeId::kArray;
    if (!(returns_array ? type.elementType().isNumeric() : type.isNumeric())) {
      raiseAggregateInputType(request, 1, "\"DOUBLE\" or \"ARRAY<DOUBLE>\"");
    }
    const Value* constant = request.argument_constants[1];
    if (constant == nullptr) {
      throw Error(ErrorClass::DATATYPE_MISMATCH, "NON_FOLDABLE_INPUT",
                  fmt::format("Cannot resolve \"{}\" due to data type mismatch: the input "
                              "`percentage` should be a foldable \"DOUBLE\" expression; however, "
                              "got \"{}\".",
                              request.name, request.argument_sql[1]));
    }
    if (constant->isNull()) {
      // Spark rejects a NULL percentage the same way (it is not a valid constant).
      throw Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_NULL",
                  fmt::format("Cannot resolve \"{}\" due to data type mismatch: The {} must not "
                              "be null.",
                              request.name, request.argument_sql[1]));
    }
    if (returns_array) {
      for (const Value& element : constant->children()) {
        if (element.isNull()) {
          throw Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_NULL",
                      fmt::format("Cannot resolve \"{}\" due to data type mismatch: The {} must "
                                  "not be null.",
                                  request.name, request.argument_sql[1]));
        }
        percentages.push_back(numericConstant(element));
      }
    } else {
      percentages.push_back(numericConstant(*constant));
    }
    if (std::any_of(percentages.begin(), percentages.end(),
                    [](double p) { return !(p >= 0.0 && p <= 1.0); })) {
      raisePercentageOutOfRange(request, percentages);
    }
    argument_types.push_back(type);
  }
  if (ordered_within_group) {
    // The DESC flag of WITHIN GROUP, a constant the binder adds.
    kind.descending = request.argument_constants[2]->getBoolean();
    argument_types.push_back(DataType::boolean());
  }
  return std::make_shared<PercentileAggregate>(name, std::move(argument_types),
                                               std::move(percentages), returns_array, kind);
}

}  // namespace

void registerPercentileAggregates(AggregateRegistry& registry) {
  registry.add({"percentile", 2, 2, [](const AggregateBindRequest& request) {
                  return bindPercentile(request, "percentile");
                }});
  AggregateFunctionEntry median{"median", 1, 1, [](const AggregateBindRequest& request) {
                                  return bindPercentile(request, "median");
                                }};
  median.needs_whole_partition = true;
  registry.add(std::move(median));
  for (bool discrete : {false, true}) {
    const char* name = discrete ? "percentile_disc" : "percentile_cont";
    AggregateFunctionEntry entry{
        name, 1, 1, [name, discrete](const AggregateBindRequest& request) {
          return bindPercentile(request, name, PercentileKind{discrete, false}, true);
        }};
    entry.orders_within_group = true;
    entry.needs_whole_partition = true;
    registry.add(std::move(entry));
  }
}

}  // namespace sluice
