// src/session/statement_result.cpp
//
// A statement's result and its printed form: the values as the spark-sql shell shows them
// (Spark's HiveResult.toHiveString), which the CLI and the sqllogictest runner both use.

#include <algorithm>

#include <fmt/ranges.h>

#include "common/types/calendar_interval.hpp"
#include "common/types/geospatial.hpp"
#include "common/types/time_units.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"
#include "common/variant/variant_json.hpp"
#include "session/statement_result.hpp"

namespace sluice {

namespace {

//! Hive style "y-m" for year-month intervals.
std::string hiveYearMonth(int64_t months) {
  bool negative = months < 0;
  uint64_t magnitude = negative ? -static_cast<uint64_t>(months) : static_cast<uint64_t>(months);
  return fmt::format("{}{}-{}", negative ? "-" : "", magnitude / 12, magnitude % 12);
}

//! Hive style "d hh:mm:ss.nnnnnnnnn" for day-time intervals.
std::string hiveDayTime(int64_t micros) {
  bool negative = micros < 0;
  uint64_t magnitude = negative ? -static_cast<uint64_t>(micros) : static_cast<uint64_t>(micros);
  uint64_t seconds = magnitude / kMicrosPerSecond;
  uint64_t fraction = magnitude % kMicrosPerSecond;
  return fmt::format("{}{} {:02}:{:02}:{:02}.{:06}000", negative ? "-" : "", seconds / 86'400,
                     seconds / 3'600 % 24, seconds / 60 % 60, seconds % 60, fraction);
}

std::string display(const Value& value, const TimeZone& zone, bool nested);

std::string displayNested(const Value& value, const TimeZone& zone) {
  const DataType& type = value.type();
  const auto& children = value.children();
  std::vector<std::string> parts;
  switch (type.id()) {
    case TypeId::kArray:
      for (const Value& child : children)
        parts.push_back(display(child, zone, true));
      return "[" + fmt::format("{}", fmt::join(parts, ",")) + "]";
    case TypeId::kMap:
      for (const Value& entry : children) {
        parts.push_back(display(entry.children()[0], zone, true) + ":" +
                        display(entry.children()[1], zone, true));
      }
      // Spark sorts a map's printed entries.
      std::sort(parts.begin(), parts.end());
      return "{" + fmt::format("{}", fmt::join(parts, ",")) + "}";
    default:
      for (size_t i = 0; i < children.size(); ++i) {
        parts.push_back("\"" + type.fields()[i].name + "\":" + display(children[i], zone, true));
      }
      return "{" + fmt::format("{}", fmt::join(parts, ",")) + "}";
  }
}

std::string display(const Value& value, const TimeZone& zone, bool nested) {
  if (value.isNull())
    return nested ? "null" : "NULL";
  const DataType& type = value.type();
  switch (type.id()) {
    case TypeId::kBoolean:
      return value.getBoolean() ? "true" : "false";
    case TypeId::kByte:
    case TypeId::kShort:
    case TypeId::kInt:
    case TypeId::kLong:
      return fmt::format("{}", value.getInt64());
    case TypeId::kFloat:
      return formatFloat(value.getFloat());
    case TypeId::kDouble:
      return formatDouble(value.getDouble());
    case TypeId::kDecimal:
      return formatDecimal(value.getDecimalUnscaled(), type.scale());
    case TypeId::kString:
      return nested ? "\"" + value.getString() + "\"" : value.getString();
    case TypeId::kBinary:
      return value.getString();
    case TypeId::kVariant: {
      // Spark shows a variant as its JSON text, top-level or nested.
      std::string json;
      variant::appendJsonText(json, variant::VariantRef::fromEncoded(value.getString()), zone);
      return json;
    }
    case TypeId::kDate:
      return formatDate(static_cast<int32_t>(value.getInt64()));
    case TypeId::kTimestamp:
      return formatTimestamp(value.getInt64(), zone);
    case TypeId::kTimestampNtz:
      return formatTimestampNtz(value.getInt64());
    case TypeId::kTime:
      return formatTime(value.getInt64());
    case TypeId::kCalendarInterval:
      return formatCalendarInterval(value.getCalendarIntervalBits());
    case TypeId::kGeometry:
    case TypeId::kGeography:
      return formatSpatialValue(value.getString());
    case TypeId::kYearMonthInterval:
      return hiveYearMonth(value.getInt64());
    case TypeId::kDayTimeInterval:
      return hiveDayTime(value.getInt64());
    case TypeId::kArray:
    case TypeId::kMap:
    case TypeId::kStruct:
      return displayNested(value, zone);
    case TypeId::kVoid:
      return nested ? "null" : "NULL";
  }
  return "?";
}

}  // namespace

StatementResult::StatementResult(std::vector<std::string> column_names,
                                 std::vector<DataType> column_types, std::vector<Batch> batches,
                                 std::shared_ptr<const TimeZone> time_zone)
    : column_names_(std::move(column_names)),
      column_types_(std::move(column_types)),
      batches_(std::move(batches)),
      time_zone_(std::move(time_zone)) {
  for (const Batch& batch : batches_)
    num_rows_ += batch.num_rows;
}

std::pair<const Batch*, idx_t> StatementResult::locate(idx_t row) const {
  for (const Batch& batch : batches_) {
    if (row < batch.num_rows)
      return {&batch, row};
    row -= batch.num_rows;
  }
  SLUICE_UNREACHABLE("row out of range");
}

Value StatementResult::value(idx_t row, idx_t column) const {
  auto [batch, index] = locate(row);
  return batch->columns[column].getValue(index);
}

std::string StatementResult::displayValue(idx_t row, idx_t column) const {
  const TimeZone& zone = time_zone_ ? *time_zone_ : TimeZone::utc();
  return display(value(row, column), zone, false);
}

}  // namespace sluice
