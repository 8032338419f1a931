// src/exec/table_function/table_changes_function.cpp
#include "exec/table_function/table_changes_function.hpp"

#include <fmt/format.h>

#include "common/types/value_text.hpp"
#include "exec/physical/physical_change_scan.hpp"
#include "exec/table_function/physical_table_source.hpp"
#include "storage/delta/change_data_reader.hpp"
#include "storage/delta/data_file_writer.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

namespace {

constexpr const char* kTableChangesUsage = "table_changes(table_str, start [, end])";

class ChangeFeedSource : public PhysicalTableSource {
 public:
  ChangeFeedSource(std::string display_name, std::shared_ptr<const delta::ChangeRange> range)
      : display_name_(std::move(display_name)), range_(std::move(range)) {}

  std::string explain(const std::string& read_columns) const override {
    return fmt::format("ChangeScan {} [{}] versions {} to {}", display_name_, read_columns,
                       range_->start_version, range_->end_version);
  }
  std::optional<double> storedBytes() const override {
    double bytes = 0;
    for (const delta::ChangeFile& change : range_->files)
      bytes += static_cast<double>(change.file.size);
    return bytes;
  }
  std::optional<std::string> contentVersion() const override {
    return fmt::format("delta changes {} versions {} to {}", range_->table_path,
                       range_->start_version, range_->end_version);
  }
  PhysicalOperatorPtr createScan(std::vector<DataType> types, ScanPushdown) const override {
    return std::make_unique<PhysicalChangeScan>(std::move(types), range_);
  }

 private:
  std::string display_name_;
  std::shared_ptr<const delta::ChangeRange> range_;
};

//! A start or end argument: a version (an integer) or a time (a timestamp, a date, or a
//! string read as a timestamp in the session's time zone).
delta::ChangeBound changeBound(const TableFunctionArgument& argument, const char* which,
                               const TableFunctionInput& input) {
  const Value& value = argument.value;
  if (value.isNull()) {
    throw Error(ErrorClass::DELTA_CDC_READ_NULL_RANGE_BOUNDARY,
                "The CDC read start/end parameters cannot be null. Please provide a valid "
                "version or timestamp.")
        .withLocation(argument.location);
  }
  delta::ChangeBound bound;
  TypeId type = value.type().id();
  if (value.type().isIntegral()) {
    if (value.getInt64() < 0) {
      throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                  fmt::format("The {} version of table_changes must not be negative: {}.", which,
                              value.getInt64()))
          .withLocation(argument.location);
    }
    bound.version = value.getInt64();
  } else if (type == TypeId::kTimestamp || type == TypeId::kTimestampNtz) {
    bound.timestamp_ms = value.getInt64() / 1000;
  } else if (type == TypeId::kDate) {
    bound.timestamp_ms = value.getInt64() * 86'400'000;
  } else if (type == TypeId::kString && input.exec && input.exec->time_zone) {
    std::optional<int64_t> micros = parseTimestamp(value.getString(), *input.exec->time_zone);
    if (!micros) {
      throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                  fmt::format("The {} of table_changes is neither a version nor a timestamp: "
                              "'{}'.",
                              which, value.getString()))
          .withLocation(argument.location);
    }
    bound.timestamp_ms = *micros / 1000;
  } else {
    throw Error(ErrorClass::DATATYPE_MISMATCH,
                fmt::format("The {} of table_changes must be a version (BIGINT) or a timestamp, "
                            "not {}. Usage: {}.",
                            which, value.type().sql(), kTableChangesUsage))
        .withLocation(argument.location);
  }
  return bound;
}

class TableChangesFunction : public TableFunction {
 public:
  std::string_view name() const override { return "table_changes"; }

  TableFunctionBinding bind(const TableFunctionInput& input) const override {
    std::vector<const TableFunctionArgument*> arguments = input.positional();
    if (arguments.size() != input.arguments.size() || arguments.size() < 2 ||
        arguments.size() > 3) {
      throw Error(ErrorClass::WRONG_NUM_ARGS,
                  fmt::format("The `table_changes` requires 2 or 3 parameters but the actual "
                              "number is {}. Usage: {}.",
                              input.arguments.size(), kTableChangesUsage))
          .withLocation(input.location);
    }
    if (input.stream) {
      throw Error(ErrorClass::NOT_SUPPORTED,
                  "STREAM table_changes(...) is not supported: read the table as a stream with "
                  "WITH ('readChangeFeed' = 'true').")
          .withLocation(input.location);
    }
    const TableFunctionArgument& table = *arguments[0];
    if (table.value.isNull() || table.value.type().id() != TypeId::kString) {
      throw Error(ErrorClass::DATATYPE_MISMATCH,
                  fmt::format("The first argument of table_changes is the name of a table as a "
                              "string. Usage: {}.",
                              kTableChangesUsage))
          .withLocation(table.location);
    }
    delta::ChangeBound start = changeBound(*arguments[1], "start", input);
    std::optional<delta::ChangeBound> end;
    if (arguments.size() == 3)
      end = changeBound(*arguments[2], "end", input);
    if (!input.resolve_table) {
      throw Error(
          ErrorClass::TABLE_OR_VIEW_NOT_FOUND,
          fmt::format("The table {} cannot be found: no catalog is open.", table.value.getString()))
          .withLocation(table.location);
    }
    StoredTableName stored;
    try {
      stored = input.resolve_table(table.value.getString());
    } catch (Error& error) {
      throw error.withLocation(table.location);
    }
    try {
      auto [first, last] = delta::changeVersionRange(stored.location, start, end);
      return changeFeedBinding(stored.display_name,
                               delta::changesBetween(stored.location, first, last));
    } catch (Error& error) {
      throw error.withLocation(input.location);
    }
  }
};

}  // namespace

std::vector<StructField> withChangeFeedColumns(std::vector<StructField> schema) {
  schema.push_back(StructField{delta::kChangeTypeColumn, DataType::string(), true, ""});
  schema.push_back(StructField{"_commit_version", DataType::longType(), true, ""});
  schema.push_back(StructField{"_commit_timestamp", DataType::timestamp(), true, ""});
  return schema;
}

TableFunctionBinding changeFeedBinding(std::string display_name, delta::ChangeRange range) {
  auto shared = std::make_shared<const delta::ChangeRange>(std::move(range));
  TableFunctionBinding binding;
  for (const StructField& field : withChangeFeedColumns(shared->schema)) {
    binding.column_names.push_back(field.name);
    binding.column_types.push_back(field.type);
  }
  binding.source = std::make_shared<ChangeFeedSource>(std::move(display_name), std::move(shared));
  return binding;
}

std::shared_ptr<const TableFunction> makeTableChangesFunction() {
  return std::make_shared<TableChangesFunction>();
}

}  // namespace sluice
