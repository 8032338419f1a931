// src/function/scalar/json/to_json.cpp
//
// to_json(struct | array | map [, options]): the value as Spark's JacksonGenerator writes it.
// - Struct fields in declaration order; NULL fields are left out (ignoreNullFields, true by
//   default); NULL array elements and map values are written as null.
// - Map keys are written as Spark's key.toString: strings and numbers as text; a DATE or
//   TIMESTAMP key prints its internal number (days, microseconds), as in Spark; an ARRAY key
//   prints as "[1,2]" (Spark prints its internal object there).
// - DOUBLE / FLOAT as Java prints them, NaN and infinities quoted; DECIMAL as
//   BigDecimal.toString; BINARY in base64; DATE as yyyy-MM-dd; TIMESTAMP in the session time
//   zone as yyyy-MM-dd'T'HH:mm:ss.SSSXXX; TIMESTAMP_NTZ as yyyy-MM-dd'T'HH:mm:ss.SSS.
// - Options (a constant map): timestampFormat, timestampNTZFormat, dateFormat and
//   ignoreNullFields; the others do not change the output of these types and are ignored.
// Interval fields are not supported (DATATYPE_MISMATCH at bind time).

#include <cmath>
#include <memory>
#include <optional>

#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"
#include "common/text/json_text.hpp"
#include "common/types/datetime_pattern.hpp"
#include "common/types/value_text.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/datetime_common.hpp"

namespace sluice {

namespace {

struct JsonWriteOptions {
  std::shared_ptr<const DatetimePattern> timestamp_format;
  std::shared_ptr<const DatetimePattern> timestamp_ntz_format;
  std::shared_ptr<const DatetimePattern> date_format;  // null: yyyy-MM-dd
  bool ignore_null_fields = true;
};

void appendBase64(std::string& out, std::string_view bytes) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    uint32_t triple = (static_cast<uint8_t>(bytes[i]) << 16) |
                      (static_cast<uint8_t>(bytes[i + 1]) << 8) |
                      static_cast<uint8_t>(bytes[i + 2]);
    for (int shift = 18; shift >= 0; shift -= 6)
      out.push_back(kAlphabet[(triple >> shift) & 0x3F]);
  }
  size_t rest = bytes.size() - i;
  if (rest == 0)
    return;
  uint32_t triple = static_cast<uint8_t>(bytes[i]) << 16;
  if (rest == 2)
    triple |= static_cast<uint8_t>(bytes[i + 1]) << 8;
  out.push_back(kAlphabet[(triple >> 18) & 0x3F]);
  out.push_back(kAlphabet[(triple >> 12) & 0x3F]);
  out.push_back(rest == 2 ? kAlphabet[(triple >> 6) & 0x3F] : '=');
  out.push_back('=');
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

class JsonValueWriter {
 public:
  JsonValueWriter(const JsonWriteOptions& options, const TimeZone& zone)
      : options_(options), zone_(zone) {}

  void write(std::string& out, const Value& value) {
    if (value.isNull()) {
      out += "null";
      return;
    }
    const DataType& type = value.type();
    switch (type.id()) {
      case TypeId::kBoolean:
        out += value.getBoolean() ? "true" : "false";
        break;
      case TypeId::kByte:
      case TypeId::kShort:
      case TypeId::kInt:
      case TypeId::kLong:
        out += std::to_string(value.getInt64());
        break;
      case TypeId::kFloat:
        appendFloating(out, value.getFloat(), formatFloat(value.getFloat()));
        break;
      case TypeId::kDouble:
        appendFloating(out, value.getDouble(), formatDouble(value.getDouble()));
        break;
      case TypeId::kDecimal:
        out += formatDecimalScientific(value.getDecimalUnscaled(), type.scale());
        break;
      case TypeId::kString:
        appendJsonString(out, value.getString());
        break;
      case TypeId::kBinary:
        out.push_back('"');
        appendBase64(out, value.getString());
        out.push_back('"');
        break;
      case TypeId::kDate: {
        auto days = static_cast<int32_t>(value.getInt64());
        appendJsonString(
            out, options_.date_format ? options_.date_format->formatDate(days) : formatDate(days));
        break;
      }
      case TypeId::kTimestamp:
        appendJsonString(out, options_.timestamp_format->formatTimestamp(value.getInt64(), zone_));
        break;
      case TypeId::kTimestampNtz:
        appendJsonString(
            out, options_.timestamp_ntz_format->formatTimestamp(value.getInt64(), TimeZone::utc()));
        break;
      case TypeId::kArray: {
        out.push_back('[');
        bool first = true;
        for (const Value& element : value.children()) {
          if (!first)
            out.push_back(',');
          first = false;
          write(out, element);
        }
        out.push_back(']');
        break;
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
          write(out, entry.children()[1]);
        }
        out.push_back('}');
        break;
      }
      case TypeId::kStruct: {
        out.push_back('{');
        bool first = true;
        const std::vector<StructField>& fields = type.fields();
        const std::vector<Value>& children = value.children();
        for (size_t i = 0; i < fields.size(); ++i) {
          if (children[i].isNull() && options_.ignore_null_fields)
            continue;
          if (!first)
            out.push_back(',');
          first = false;
          appendJsonString(out, fields[i].name);
          out.push_back(':');
          write(out, children[i]);
        }
        out.push_back('}');
        break;
      }
      default:
        out += "null";
        break;
    }
  }

 private:
  const JsonWriteOptions& options_;
  const TimeZone& zone_;
};

bool writable(const DataType& type) {
  switch (type.id()) {
    case TypeId::kYearMonthInterval:
    case TypeId::kDayTimeInterval:
      return false;
    case TypeId::kArray:
      return writable(type.elementType());
    case TypeId::kMap:
      return writable(type.keyType()) && writable(type.valueType());
    case TypeId::kStruct:
      for (const StructField& field : type.fields()) {
        if (!writable(field.type))
          return false;
      }
      return true;
    default:
      return true;
  }
}

//! Options from a MAP<STRING, STRING> value (null: the defaults).
JsonWriteOptions readToJsonOptions(const Value* map) {
  JsonWriteOptions options;
  std::string timestamp = "yyyy-MM-dd'T'HH:mm:ss.SSSXXX";
  std::string timestamp_ntz = "yyyy-MM-dd'T'HH:mm:ss.SSS";
  if (map != nullptr && !map->isNull()) {
    for (const Value& entry : map->children()) {
      const Value& key = entry.children()[0];
      const Value& value = entry.children()[1];
      if (key.isNull() || value.isNull())
        continue;
      const std::string& name = key.getString();
      if (sameIdentifier(name, "timestampFormat"))
        timestamp = value.getString();
      else if (sameIdentifier(name, "timestampNTZFormat"))
        timestamp_ntz = value.getString();
      else if (sameIdentifier(name, "dateFormat"))
        options.date_format =
            std::make_shared<const DatetimePattern>(DatetimePattern::compile(value.getString()));
      else if (sameIdentifier(name, "ignoreNullFields"))
        options.ignore_null_fields = !sameIdentifier(value.getString(), "false");
    }
  }
  options.timestamp_format =
      std::make_shared<const DatetimePattern>(DatetimePattern::compile(timestamp));
  options.timestamp_ntz_format =
      std::make_shared<const DatetimePattern>(DatetimePattern::compile(timestamp_ntz));
  return options;
}

void requireOptionsMap(const BindRequest& request) {
  const DataType& type = request.argument_types[1];
  if (type.id() != TypeId::kMap || type.keyType().id() != TypeId::kString ||
      type.valueType().id() != TypeId::kString) {
    // Spark raises INVALID_OPTIONS.NON_MAP_FUNCTION, a class sluice does not define yet.
    throw Error(ErrorClass::DATATYPE_MISMATCH, "NON_MAP_FUNCTION",
                "Invalid options: Must use the `map()` function for options.");
  }
}

BoundScalarFunction bindToJson(const BindRequest& request) {
  const DataType& input = request.argument_types[0];
  TypeId id = input.id();
  if ((id != TypeId::kStruct && id != TypeId::kArray && id != TypeId::kMap) || !writable(input)) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "INVALID_JSON_SCHEMA",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input schema \"{}\" "
                            "must be a struct, an array, a map or a variant.",
                            request.name, input.sql()));
  }
  bool has_options = request.argument_types.size() > 1;
  if (has_options)
    requireOptionsMap(request);
  // Options are a constant map; a map() call that the binder did not fold is read once per
  // batch, from its first row.
  std::shared_ptr<const JsonWriteOptions> constant_options;
  if (!has_options || request.argument_constants[1] != nullptr) {
    constant_options = std::make_shared<const JsonWriteOptions>(
        readToJsonOptions(has_options ? request.argument_constants[1] : nullptr));
  }
  ScalarKernel kernel = [constant_options](const ExecContext& context, const ArgumentVectors& args,
                                           const RowSet& rows, Vector& result) {
    if (rows.count == 0)
      return;
    std::optional<JsonWriteOptions> batch_options;
    if (!constant_options) {
      Value map = args[1]->getValue(rows.row(0));
      batch_options = readToJsonOptions(&map);
    }
    JsonValueWriter writer(constant_options ? *constant_options : *batch_options,
                           datetime::sessionZone(context));
    const Vector& values = *args[0];
    StringView* out = result.mutableData<StringView>();
    std::string text;
    forEachRow(rows, [&](idx_t row) {
      if (values.isNull(row)) {
        result.setNull(row);
        return;
      }
      text.clear();
      writer.write(text, values.getValue(row));
      result.setNull(row, false);
      out[row] = result.addString(text);
    });
  };
  return {"to_json", request.argument_types, DataType::string(), std::move(kernel)};
}

}  // namespace

void registerToJsonFunctions(FunctionRegistry& registry) {
  registry.addScalar({"to_json", 1, 2, bindToJson});
}

}  // namespace sluice
