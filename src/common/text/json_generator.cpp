// src/common/text/json_generator.cpp
#include "common/text/json_generator.hpp"

#include <cmath>

#include "common/text/base64.hpp"
#include "common/text/json_text.hpp"
#include "common/types/calendar_interval.hpp"
#include "common/types/geospatial.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value.hpp"
#include "common/types/value_text.hpp"
#include "common/variant/variant_json.hpp"

namespace sluice {

namespace {

//! `given`, or `fallback`, a default compiled once for the process.
const DatetimePattern& patternOr(const std::shared_ptr<const DatetimePattern>& given,
                                 const DatetimePattern& fallback) {
  return given ? *given : fallback;
}

const DatetimePattern& defaultTimestampPattern() {
  static const DatetimePattern pattern = DatetimePattern::compile("yyyy-MM-dd'T'HH:mm:ss.SSSXXX");
  return pattern;
}

const DatetimePattern& defaultTimestampNtzPattern() {
  static const DatetimePattern pattern = DatetimePattern::compile("yyyy-MM-dd'T'HH:mm:ss.SSS");
  return pattern;
}

//! Jackson writes the doubles JSON cannot spell as strings (QUOTE_NON_NUMERIC_NUMBERS).
void appendFloating(std::string& out, double value, const std::string& printed) {
  if (std::isfinite(value))
    out += printed;
  else
    appendJsonString(out, printed);
}

//! Spark's key.toString for a map key; a STRUCT key prints as its row, "[1,x]".
std::string mapKeyText(const Value& key) {
  if (key.isNull())
    return "null";
  switch (key.type().id()) {
    case TypeId::kStruct:
    case TypeId::kArray: {
      std::string text = "[";
      for (const Value& child : key.children()) {
        if (text.size() > 1)
          text += ',';
        text += mapKeyText(child);
      }
      return text + "]";
    }
    case TypeId::kString:
      return key.getString();
    case TypeId::kBoolean:
      return key.getBoolean() ? "true" : "false";
    case TypeId::kFloat:
      return formatFloat(key.getFloat());
    case TypeId::kDouble:
      return formatDouble(key.getDouble());
    case TypeId::kDecimal:
      return formatDecimalScientific(key.getDecimalUnscaled(), key.type().scale());
    default:
      return std::to_string(key.getInt64());
  }
}

}  // namespace

JsonGenerator::JsonGenerator(const JsonGeneratorOptions& options, const TimeZone& zone)
    : options_(options),
      zone_(zone),
      timestamp_format_(patternOr(options.timestamp_format, defaultTimestampPattern())),
      timestamp_ntz_format_(patternOr(options.timestamp_ntz_format, defaultTimestampNtzPattern())) {
}

void JsonGenerator::appendStruct(std::string& out, const std::vector<StructField>& fields,
                                 const std::vector<Value>& values) const {
  out.push_back('{');
  bool first = true;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (values[i].isNull() && options_.ignore_null_fields)
      continue;
    if (!first)
      out.push_back(',');
    first = false;
    appendJsonString(out, fields[i].name);
    out.push_back(':');
    appendValue(out, values[i]);
  }
  out.push_back('}');
}

void JsonGenerator::appendValue(std::string& out, const Value& value) const {
  if (value.isNull()) {
    out += "null";
    return;
  }
  const DataType& type = value.type();
  switch (type.id()) {
    case TypeId::kVoid:
      out += "null";
      return;
    case TypeId::kBoolean:
      out += value.getBoolean() ? "true" : "false";
      return;
    case TypeId::kByte:
    case TypeId::kShort:
    case TypeId::kInt:
    case TypeId::kLong:
      out += std::to_string(value.getInt64());
      return;
    case TypeId::kFloat:
      appendFloating(out, value.getFloat(), formatFloat(value.getFloat()));
      return;
    case TypeId::kDouble:
      appendFloating(out, value.getDouble(), formatDouble(value.getDouble()));
      return;
    case TypeId::kDecimal:
      out += formatDecimalScientific(value.getDecimalUnscaled(), type.scale());
      return;
    case TypeId::kString:
      appendJsonString(out, value.getString());
      return;
    case TypeId::kBinary:
      out.push_back('"');
      appendBase64(out, value.getString());
      out.push_back('"');
      return;
    case TypeId::kVariant:
      variant::appendJsonText(out, variant::VariantRef::fromEncoded(value.getString()), zone_);
      return;
    case TypeId::kDate: {
      auto days = static_cast<int32_t>(value.getInt64());
      appendJsonString(
          out, options_.date_format ? options_.date_format->formatDate(days) : formatDate(days));
      return;
    }
    case TypeId::kTimestamp:
      appendJsonString(out, timestamp_format_.formatTimestamp(value.getInt64(), zone_));
      return;
    case TypeId::kTimestampNtz:
      // A wall-clock time: formatted as the UTC instant of the same digits.
      appendJsonString(out,
                       timestamp_ntz_format_.formatTimestamp(value.getInt64(), TimeZone::utc()));
      return;
    case TypeId::kTime:
      appendJsonString(out, formatTime(value.getInt64()));
      return;
    case TypeId::kCalendarInterval:
      appendJsonString(out, formatCalendarInterval(value.getCalendarIntervalBits()));
      return;
    case TypeId::kGeometry:
    case TypeId::kGeography:
      appendJsonString(out, formatSpatialValue(value.getString()));
      return;
    case TypeId::kYearMonthInterval:
      appendJsonString(out, formatYearMonthInterval(static_cast<int32_t>(value.getInt64()),
                                                    type.startField(), type.endField()));
      return;
    case TypeId::kDayTimeInterval:
      appendJsonString(out,
                       formatDayTimeInterval(value.getInt64(), type.startField(), type.endField()));
      return;
    case TypeId::kArray: {
      out.push_back('[');
      bool first = true;
      for (const Value& element : value.children()) {
        if (!first)
          out.push_back(',');
        first = false;
        appendValue(out, element);
      }
      out.push_back(']');
      return;
    }
    case TypeId::kMap: {
      out.push_back('{');
      bool first = true;
      for (const Value& entry : value.children()) {
        if (!first)
          out.push_back(',');
        first = false;
        appendJsonString(out, mapKeyText(entry.children()[0]));
        out.push_back(':');
        appendValue(out, entry.children()[1]);
      }
      out.push_back('}');
      return;
    }
    case TypeId::kStruct:
      appendStruct(out, type.fields(), value.children());
      return;
  }
  out += "null";
}

}  // namespace sluice
