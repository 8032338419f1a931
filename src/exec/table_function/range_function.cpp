// src/exec/table_function/range_function.cpp
#include "exec/table_function/range_function.hpp"

#include <fmt/format.h>

#include "exec/physical/physical_range.hpp"
#include "exec/table_function/physical_table_source.hpp"
#include "function/cast/cast.hpp"

namespace sluice {

namespace {

constexpr const char* kUsage =
    "range(end), range(start, end), range(start, end, step), "
    "range(start, end, step, numPartitions)";

class RangeSource : public PhysicalTableSource {
 public:
  RangeSource(int64_t start, int64_t end, int64_t step) : start_(start), end_(end), step_(step) {}

  std::string explain(const std::string&) const override {
    return fmt::format("Range [{}, {}, {}]", Value::longValue(start_).debugString(),
                       Value::longValue(end_).debugString(), Value::longValue(step_).debugString());
  }
  std::optional<double> rowCount() const override {
    return static_cast<double>(PhysicalRange::count(start_, end_, step_));
  }
  std::optional<std::string> contentVersion() const override { return explain(""); }
  PhysicalOperatorPtr createScan(std::vector<DataType>, ScanPushdown) const override {
    return std::make_unique<PhysicalRange>(start_, end_, step_);
  }

 private:
  int64_t start_;
  int64_t end_;
  int64_t step_;
};

class RangeFunction : public TableFunction {
 public:
  std::string_view name() const override { return "range"; }

  TableFunctionBinding bind(const TableFunctionInput& input) const override {
    std::vector<const TableFunctionArgument*> arguments = input.positional();
    if (arguments.size() != input.arguments.size()) {
      for (const TableFunctionArgument& argument : input.arguments) {
        if (!argument.name.empty()) {
          throw Error(ErrorClass::NOT_SUPPORTED, "Named arguments of range are not supported.")
              .withLocation(argument.location);
        }
      }
    }
    if (arguments.empty() || arguments.size() > 4) {
      throw Error(ErrorClass::WRONG_NUM_ARGS,
                  fmt::format("The `range` requires 1, 2, 3 or 4 parameters but the actual number "
                              "is {}. Usage: {}.",
                              arguments.size(), kUsage))
          .withLocation(input.location);
    }
    static constexpr const char* kNames[] = {"start", "end", "step"};
    std::vector<int64_t> values;
    for (size_t index = 0; index < arguments.size(); ++index) {
      const TableFunctionArgument& argument = *arguments[index];
      // As in Spark, any number is cast to BIGINT implicitly (range(2.5) is range(2)).
      if (!argument.value.type().isNumeric()) {
        throw Error(ErrorClass::DATATYPE_MISMATCH,
                    fmt::format("Table-valued function range cannot be applied to an argument of "
                                "type {}: Incompatible input data type. Expected: bigint. Usage: "
                                "{}.",
                                argument.value.type().sql(), kUsage))
            .withLocation(argument.location);
      }
      // numPartitions only spreads Spark's work over tasks; sluice splits the range into
      // morsels.
      if (index == 3)
        break;
      Value value = castValue(*input.exec, argument.value, DataType::longType());
      size_t role = arguments.size() == 1 ? 1 : index;
      if (value.isNull()) {
        throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                    fmt::format("The value of parameter(s) `{}` in `range` is invalid: it is NULL.",
                                kNames[role]))
            .withLocation(argument.location);
      }
      if (role == 2 && value.getInt64() == 0) {
        throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                    "The value of parameter(s) `step` in `range` is invalid: step (0) cannot be 0.")
            .withLocation(argument.location);
      }
      values.push_back(value.getInt64());
    }
    if (values.size() == 1)
      values.insert(values.begin(), 0);
    if (values.size() == 2)
      values.push_back(1);

    TableFunctionBinding binding;
    binding.column_names = {"id"};
    binding.column_types = {DataType::longType()};
    binding.source = makeRangeSource(values[0], values[1], values[2]);
    return binding;
  }
};

}  // namespace

std::shared_ptr<const TableFunction> makeRangeFunction() {
  return std::make_shared<RangeFunction>();
}

std::shared_ptr<const TableSource> makeRangeSource(int64_t start, int64_t end, int64_t step) {
  return std::make_shared<RangeSource>(start, end, step);
}

}  // namespace sluice
