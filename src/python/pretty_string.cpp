// src/python/pretty_string.cpp
#include "python/pretty_string.hpp"

#include <fmt/format.h>

#include "common/types/calendar_interval.hpp"
#include "common/types/geospatial.hpp"
#include "common/types/value_text.hpp"
#include "common/variant/variant_json.hpp"

namespace sluice {

namespace {

//! Appends the items of an array or struct: "a, NULL, c".
void appendItems(std::string& out, const std::vector<Value>& items, const TimeZone& zone) {
  for (size_t index = 0; index < items.size(); ++index) {
    if (index > 0)
      out += ", ";
    out += prettyString(items[index], zone);
  }
}

}  // namespace

std::string prettyString(const Value& value, const TimeZone& zone) {
  if (value.isNull())
    return "NULL";
  const DataType& type = value.type();
  switch (type.id()) {
    case TypeId::kVoid:
      return "NULL";
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
      return value.getString();
    case TypeId::kBinary:
      return formatBinaryHex(value.getString());
    case TypeId::kVariant: {
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
      return formatYearMonthInterval(static_cast<int32_t>(value.getInt64()), type.startField(),
                                     type.endField());
    case TypeId::kDayTimeInterval:
      return formatDayTimeInterval(value.getInt64(), type.startField(), type.endField());
    case TypeId::kArray: {
      std::string out = "[";
      appendItems(out, value.children(), zone);
      return out + "]";
    }
    case TypeId::kMap: {
      std::string out = "{";
      for (size_t index = 0; index < value.children().size(); ++index) {
        const std::vector<Value>& entry = value.children()[index].children();
        if (index > 0)
          out += ", ";
        out += prettyString(entry[0], zone) + " -> " + prettyString(entry[1], zone);
      }
      return out + "}";
    }
    case TypeId::kStruct: {
      std::string out = "{";
      appendItems(out, value.children(), zone);
      return out + "}";
    }
  }
  return "?";
}

}  // namespace sluice
