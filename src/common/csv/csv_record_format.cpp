// src/common/csv/csv_record_format.cpp
#include "common/csv/csv_record_format.hpp"

#include "common/types/calendar_interval.hpp"
#include "common/types/geospatial.hpp"
#include "common/types/text_trim.hpp"
#include "common/types/value.hpp"
#include "common/types/value_text.hpp"

namespace sluice::csv {

CsvRecordFormatter::CsvRecordFormatter(const CsvWriteOptions& options)
    : options_(options),
      datetimes_(options.time_zone, options.date_format, options.timestamp_format,
                 options.timestamp_ntz_format) {}

void CsvRecordFormatter::appendRecord(const std::vector<Value>& values, std::string& out) const {
  for (size_t index = 0; index < values.size(); ++index) {
    if (index > 0)
      out += options_.separator;
    if (values[index].isNull()) {
      out += options_.null_value;
      continue;
    }
    appendField(valueText(values[index]), out);
  }
}

void CsvRecordFormatter::appendHeader(const std::vector<StructField>& schema,
                                      std::string& out) const {
  for (size_t index = 0; index < schema.size(); ++index) {
    if (index > 0)
      out += options_.separator;
    appendField(schema[index].name, out);
  }
}

void CsvRecordFormatter::appendField(std::string_view text, std::string& out) const {
  text = text_trim::trimJava(text);
  if (text.empty() && options_.empty_value) {
    // Written as given (quoted only under quoteAll), as univocity writes its emptyValue.
    if (options_.quote_all)
      out += options_.quote;
    out += *options_.empty_value;
    if (options_.quote_all)
      out += options_.quote;
    return;
  }
  bool quoted = text.empty() || options_.quote_all;
  for (char c : text) {
    if (c == options_.separator || c == options_.quote || c == '\n' || c == '\r' ||
        options_.line_separator.find(c) != std::string::npos) {
      quoted = true;
    }
  }
  if (!quoted) {
    out += text;
    return;
  }
  out += options_.quote;
  for (char c : text) {
    if (c == options_.quote)
      out += options_.escape;
    out += c;
  }
  out += options_.quote;
}

std::string CsvRecordFormatter::valueText(const Value& value) const {
  const DataType& type = value.type();
  switch (type.id()) {
    case TypeId::kBoolean:
      return value.getBoolean() ? "true" : "false";
    case TypeId::kByte:
    case TypeId::kShort:
    case TypeId::kInt:
    case TypeId::kLong:
      return std::to_string(value.getInt64());
    case TypeId::kFloat:
      return formatFloat(value.getFloat());
    case TypeId::kDouble:
      return formatDouble(value.getDouble());
    case TypeId::kDecimal:
      return formatDecimalScientific(value.getDecimalUnscaled(), type.scale());
    case TypeId::kString:
      return value.getString();
    case TypeId::kBinary:
      return formatBinaryHex(value.getString());
    case TypeId::kDate:
      return datetimes_.date(static_cast<int32_t>(value.getInt64()));
    case TypeId::kTimestamp:
      return datetimes_.timestamp(value.getInt64());
    case TypeId::kTimestampNtz:
      return datetimes_.timestampNtz(value.getInt64());
    case TypeId::kTime:
      return formatTime(value.getInt64());
    case TypeId::kCalendarInterval:
      return formatCalendarInterval(value.getCalendarIntervalBits());
    case TypeId::kGeometry:
    case TypeId::kGeography:
      return formatSpatialValue(value.getString());
    case TypeId::kYearMonthInterval:
      return formatYearMonthInterval(static_cast<int32_t>(value.getInt64()), type.startField(),
                                     type.endField());
    case TypeId::kDayTimeInterval:
      return formatDayTimeInterval(value.getInt64(), type.startField(), type.endField());
    case TypeId::kArray:
    case TypeId::kStruct: {
      // "[1, null, 3]" and "{1, x}": UnivocityGenerator's text of nested values.
      bool array = type.id() == TypeId::kArray;
      std::string text(1, array ? '[' : '{');
      const std::vector<Value>& items = value.children();
      for (size_t index = 0; index < items.size(); ++index) {
        if (index > 0)
          text += ", ";
        text += nestedText(items[index]);
      }
      text += array ? ']' : '}';
      return text;
    }
    case TypeId::kMap: {
      std::string text = "{";
      const std::vector<Value>& entries = value.children();
      for (size_t index = 0; index < entries.size(); ++index) {
        if (index > 0)
          text += ", ";
        text += valueText(entries[index].children()[0]);
        text += " -> ";
        text += nestedText(entries[index].children()[1]);
      }
      text += '}';
      return text;
    }
    case TypeId::kVoid:
    case TypeId::kVariant:
      break;
  }
  return "";
}

std::string CsvRecordFormatter::nestedText(const Value& value) const {
  return value.isNull() ? "null" : valueText(value);
}

std::string formatCsvRecord(const std::vector<Value>& values, const CsvWriteOptions& options) {
  std::string out;
  CsvRecordFormatter(options).appendRecord(values, out);
  return out;
}

}  // namespace sluice::csv
