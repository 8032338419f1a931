// src/function/scalar/json/from_json.cpp
//
// from_json(json, schema[, options]): the JSON text read into the schema as Spark's
// JacksonParser reads it behind FailureSafeParser. The binder parses the schema (a DDL string,
// folded schema_of_json) and hands it over as the type of a NULL constant in place of the
// schema argument; this layer sees only that type.
// - Conversions follow JacksonParser.makeConverter: integers only from JSON integers that fit,
//   FLOAT / DOUBLE from numbers and the strings NaN / Infinity, DECIMAL from numbers and
//   numeric strings (rounded HALF_UP), STRING from strings and, for other values, their text
//   exactly as written (Spark 4), DATE / TIMESTAMP from strings (dateFormat / timestampFormat,
//   else as CAST reads them, in the session time zone or the timeZone option) and TIMESTAMP
//   from integral seconds, BINARY from base64, MAP from objects (keys are strings). Field
//   names match exactly.
// - A value that does not convert is NULL and the rest of its struct is kept (partial results,
//   on by default since Spark 3.4); an array with such an element fails as a whole, and so
//   does a map here (Spark's partial map for that case is not reproduced). The root of a
//   STRUCT schema that is not an object gives a struct of NULL fields (PERMISSIVE);
//   an ARRAY or MAP root that fails gives NULL; text with no JSON value gives NULL. An object
//   read with an ARRAY<STRUCT> schema is an array of that one struct.
// - FAILFAST raises MALFORMED_RECORD_IN_PARSING on any failure; a STRING field named by
//   columnNameOfCorruptRecord (default _corrupt_record) receives a malformed record's text.

#include <cmath>
#include <limits>
#include <memory>
#include <optional>

#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"
#include "common/types/datetime_pattern.hpp"
#include "common/types/time_units.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"
#include "common/variant/variant_json.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/datetime_common.hpp"
#include "function/scalar/json/json_tree.hpp"
#include "function/scalar/options_argument.hpp"

namespace sluice {

namespace {

using json::Node;
using json::NodeKind;

struct FromJsonOptions {
  bool fail_fast = false;
  json::ReadOptions read;
  std::shared_ptr<const DatetimePattern> date_format;       // null: as CAST reads dates
  std::shared_ptr<const DatetimePattern> timestamp_format;  // null: as CAST reads them
  std::shared_ptr<const DatetimePattern> timestamp_ntz_format;
  std::string corrupt_column = "_corrupt_record";
  std::shared_ptr<const TimeZone> zone;  // the timeZone option; null: the session's
};

FromJsonOptions readFromJsonOptions(const Value* map) {
  FromJsonOptions options;
  options.read = json::jsonOptionsReadDefaults();
  forEachOption(map, [&](const std::string& name, const std::string& value) {
    if (json::applyReadOption(options.read, name, value))
      return;
    if (sameIdentifier(name, "mode")) {
      const std::string& mode = value;
      if (sameIdentifier(mode, "FAILFAST")) {
        options.fail_fast = true;
      } else if (sameIdentifier(mode, "PERMISSIVE")) {
        options.fail_fast = false;
      } else {
        // Spark maps any other name to PERMISSIVE except DROPMALFORMED, which from_json refuses.
        if (sameIdentifier(mode, "DROPMALFORMED")) {
          throw Error(ErrorClass::PARSE_MODE_UNSUPPORTED,
                      "The function `from_json` doesn't support the DROPMALFORMED mode. "
                      "Acceptable modes are PERMISSIVE and FAILFAST.");
        }
      }
    } else if (sameIdentifier(name, "dateFormat")) {
      options.date_format =
          std::make_shared<const DatetimePattern>(DatetimePattern::compileForParsing(value));
    } else if (sameIdentifier(name, "timestampFormat")) {
      options.timestamp_format =
          std::make_shared<const DatetimePattern>(DatetimePattern::compileForParsing(value));
    } else if (sameIdentifier(name, "timestampNTZFormat")) {
      options.timestamp_ntz_format =
          std::make_shared<const DatetimePattern>(DatetimePattern::compileForParsing(value));
    } else if (sameIdentifier(name, "timeZone")) {
      options.zone = timeZoneOption(value, "from_json");
    } else if (sameIdentifier(name, "columnNameOfCorruptRecord")) {
      options.corrupt_column = value;
    }
  });
  return options;
}

//! How converting one value went: kPartial is a value kept with some leaf inside it NULL.
enum class ConversionOutcome { kOk, kPartial, kFailed };

bool decodeBase64(std::string_view text, std::string& out) {
  auto sextet = [](char c) -> int {
    if (c >= 'A' && c <= 'Z')
      return c - 'A';
    if (c >= 'a' && c <= 'z')
      return c - 'a' + 26;
    if (c >= '0' && c <= '9')
      return c - '0' + 52;
    if (c == '+')
      return 62;
    if (c == '/')
      return 63;
    return -1;
  };
  out.clear();
  uint32_t buffer = 0;
  int bits = 0;
  size_t padding = 0;
  for (char c : text) {
    if (c == '=') {
      ++padding;
      continue;
    }
    int value = sextet(c);
    if (value < 0 || padding > 0)
      return false;
    buffer = (buffer << 6) | static_cast<uint32_t>(value);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((buffer >> bits) & 0xFF));
    }
  }
  return padding <= 2;
}

class Converter {
 public:
  Converter(const FromJsonOptions& options, const TimeZone& zone)
      : options_(options), zone_(zone) {}

  //! Converts a JSON value to `type`; on kFailed `out` is left unset.
  ConversionOutcome convert(const Node& node, const DataType& type, Value& out) {
    if (node.kind == NodeKind::kNull) {
      out = Value::null(type);
      return ConversionOutcome::kOk;
    }
    switch (type.id()) {
      case TypeId::kStruct:
        if (node.kind != NodeKind::kObject)
          return ConversionOutcome::kFailed;
        return convertObject(node, type, out);
      case TypeId::kArray: {
        if (node.kind != NodeKind::kArray)
          return ConversionOutcome::kFailed;
        std::vector<Value> elements;
        elements.reserve(node.elements.size());
        ConversionOutcome outcome = ConversionOutcome::kOk;
        for (const Node& element : node.elements) {
          Value value;
          ConversionOutcome each = convert(element, type.elementType(), value);
          if (each == ConversionOutcome::kFailed)
            return ConversionOutcome::kFailed;
          if (each == ConversionOutcome::kPartial)
            outcome = ConversionOutcome::kPartial;
          elements.push_back(std::move(value));
        }
        out = Value::nested(type, std::move(elements));
        return outcome;
      }
      case TypeId::kMap: {
        if (node.kind != NodeKind::kObject)
          return ConversionOutcome::kFailed;
        std::vector<Value> entries;
        ConversionOutcome outcome = ConversionOutcome::kOk;
        for (const auto& [key, child] : node.fields) {
          Value value;
          ConversionOutcome each = convert(child, type.valueType(), value);
          if (each == ConversionOutcome::kFailed)
            return ConversionOutcome::kFailed;
          if (each == ConversionOutcome::kPartial)
            outcome = ConversionOutcome::kPartial;
          entries.push_back(
              Value::nested(type.childType(), {Value::string(key), std::move(value)}));
        }
        out = Value::nested(type, std::move(entries));
        return outcome;
      }
      default:
        return convertScalar(node, type, out) ? ConversionOutcome::kOk : ConversionOutcome::kFailed;
    }
  }

  //! A JSON object into a STRUCT: unknown keys are skipped, a later duplicate key wins, a
  //! field that does not convert is NULL (partial result). Field `skip` (the root's corrupt
  //! record column) is not read from the JSON.
  ConversionOutcome convertObject(const Node& node, const DataType& type, Value& out,
                                  std::optional<size_t> skip = std::nullopt) {
    const std::vector<StructField>& fields = type.fields();
    std::vector<Value> children;
    children.reserve(fields.size());
    for (const StructField& field : fields)
      children.push_back(Value::null(field.type));
    ConversionOutcome outcome = ConversionOutcome::kOk;
    for (const auto& [key, child] : node.fields) {
      for (size_t index = 0; index < fields.size(); ++index) {
        if (fields[index].name != key || index == skip)
          continue;
        Value value;
        ConversionOutcome each = convert(child, fields[index].type, value);
        if (each == ConversionOutcome::kFailed) {
          children[index] = Value::null(fields[index].type);
          outcome = ConversionOutcome::kPartial;
        } else {
          if (each == ConversionOutcome::kPartial)
            outcome = ConversionOutcome::kPartial;
          children[index] = std::move(value);
        }
        break;
      }
    }
    out = Value::nested(type, std::move(children));
    return outcome;
  }

 private:
  static bool isNumber(const Node& node) {
    return node.kind == NodeKind::kInteger || node.kind == NodeKind::kFloat;
  }

  //! Jackson's getIntValue and friends: integral tokens in the type's range.
  static bool integer(const Node& node, int64_t min, int64_t max, int64_t& out) {
    if (node.kind != NodeKind::kInteger)
      return false;
    return parseIntegral(node.text, min, max, out) == ParseStatus::kOk;
  }

  //! JacksonParser's special strings for FLOAT / DOUBLE.
  std::optional<double> nonNumericString(const Node& node) const {
    if (node.kind != NodeKind::kString || !options_.read.allow_non_numeric_numbers)
      return std::nullopt;
    const std::string& text = node.text;
    if (text == "NaN")
      return std::numeric_limits<double>::quiet_NaN();
    if (text == "+INF" || text == "+Infinity" || text == "Infinity")
      return std::numeric_limits<double>::infinity();
    if (text == "-INF" || text == "-Infinity")
      return -std::numeric_limits<double>::infinity();
    return std::nullopt;
  }

  bool convertScalar(const Node& node, const DataType& type, Value& out) {
    switch (type.id()) {
      case TypeId::kVoid:
        out = Value::null(type);
        return true;
      case TypeId::kBoolean:
        if (node.kind != NodeKind::kTrue && node.kind != NodeKind::kFalse)
          return false;
        out = Value::boolean(node.kind == NodeKind::kTrue);
        return true;
      case TypeId::kByte:
      case TypeId::kShort:
      case TypeId::kInt:
      case TypeId::kLong: {
        int64_t min = INT64_MIN, max = INT64_MAX;
        if (type.id() == TypeId::kByte) {
          min = INT8_MIN;
          max = INT8_MAX;
        } else if (type.id() == TypeId::kShort) {
          min = INT16_MIN;
          max = INT16_MAX;
        } else if (type.id() == TypeId::kInt) {
          min = INT32_MIN;
          max = INT32_MAX;
        }
        int64_t number;
        if (!integer(node, min, max, number))
          return false;
        out = Value::fromInt64(type, number);
        return true;
      }
      case TypeId::kFloat:
      case TypeId::kDouble: {
        std::optional<double> number;
        if (isNumber(node)) {
          if (type.id() == TypeId::kFloat) {
            std::optional<float> single = parseFloat(node.text);
            if (!single)
              return false;
            out = Value::floatValue(*single);
            return true;
          }
          number = parseDouble(node.text);
        } else {
          number = nonNumericString(node);
        }
        if (!number)
          return false;
        out = type.id() == TypeId::kFloat ? Value::floatValue(static_cast<float>(*number))
                                          : Value::doubleValue(*number);
        return true;
      }
      case TypeId::kDecimal: {
        std::string text;
        if (isNumber(node)) {
          text = node.text;
        } else if (node.kind == NodeKind::kString && !node.text.empty()) {
          // Spark's decimal parser for the default locale drops grouping commas.
          for (char c : node.text) {
            if (c != ',')
              text.push_back(c);
          }
        } else {
          return false;
        }
        int128_t unscaled = 0;
        if (parseDecimal(text, type.precision(), type.scale(), unscaled) != ParseStatus::kOk)
          return false;
        out = Value::decimal(unscaled, type.precision(), type.scale());
        return true;
      }
      case TypeId::kString:
        out = Value::string(node.kind == NodeKind::kString ? node.text : std::string(node.source));
        return true;
      case TypeId::kBinary: {
        if (node.kind != NodeKind::kString)
          return false;
        std::string bytes;
        if (!decodeBase64(node.text, bytes))
          return false;
        out = Value::binary(std::move(bytes));
        return true;
      }
      case TypeId::kVariant: {
        // The value as written, encoded as parse_json encodes it.
        std::string encoded;
        if (!variant::JsonToVariant("from_json").encode(node.source, encoded))
          return false;
        out = Value::variant(std::move(encoded));
        return true;
      }
      case TypeId::kDate: {
        if (node.kind != NodeKind::kString || node.text.empty())
          return false;
        std::optional<int32_t> days = options_.date_format
                                          ? options_.date_format->parseDate(node.text)
                                          : parseDate(node.text);
        if (!days)
          return false;
        out = Value::date(*days);
        return true;
      }
      case TypeId::kTimestamp: {
        if (node.kind == NodeKind::kInteger) {
          // A JSON integer is seconds since the epoch.
          int64_t seconds, micros;
          if (parseIntegral(node.text, INT64_MIN, INT64_MAX, seconds) != ParseStatus::kOk ||
              __builtin_mul_overflow(seconds, int64_t{1000000}, &micros))
            return false;
          out = Value::timestamp(micros);
          return true;
        }
        if (node.kind != NodeKind::kString || node.text.empty())
          return false;
        std::optional<int64_t> micros =
            options_.timestamp_format ? options_.timestamp_format->parseTimestamp(node.text, zone_)
                                      : parseTimestamp(node.text, zone_);
        if (!micros)
          return false;
        out = Value::timestamp(*micros);
        return true;
      }
      case TypeId::kTimestampNtz: {
        if (node.kind != NodeKind::kString || node.text.empty())
          return false;
        std::optional<int64_t> micros =
            options_.timestamp_ntz_format
                ? options_.timestamp_ntz_format->parseTimestampNtz(node.text)
                : parseTimestampNtz(node.text, /*allow_zone=*/false);
        if (!micros)
          return false;
        out = Value::timestampNtz(*micros);
        return true;
      }
      case TypeId::kTime: {
        if (node.kind != NodeKind::kString)
          return false;
        std::optional<int64_t> micros = parseTime(node.text);
        if (!micros)
          return false;
        out = Value::fromInt64(type, truncateTimeOfDay(*micros, type.precision()));
        return true;
      }
      default:
        return false;
    }
  }

  const FromJsonOptions& options_;
  const TimeZone& zone_;
};

bool blank(std::string_view text) {
  for (char c : text) {
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
      return false;
  }
  return true;
}

//! A value as Spark's GenericInternalRow.toString prints it inside FAILFAST's message: rows
//! as "[a,b]", NULL as null, DATE and TIMESTAMP as their internal numbers. Arrays and maps,
//! which Spark prints as object references, are printed as lists here.
void appendRowText(std::string& out, const Value& value) {
  if (value.isNull()) {
    out += "null";
    return;
  }
  switch (value.type().id()) {
    case TypeId::kStruct:
    case TypeId::kArray:
    case TypeId::kMap: {
      out.push_back('[');
      bool first = true;
      for (const Value& child : value.children()) {
        if (!first)
          out.push_back(',');
        first = false;
        appendRowText(out, child);
      }
      out.push_back(']');
      break;
    }
    case TypeId::kBoolean:
      out += value.getBoolean() ? "true" : "false";
      break;
    case TypeId::kFloat:
      out += formatFloat(value.getFloat());
      break;
    case TypeId::kDouble:
      out += formatDouble(value.getDouble());
      break;
    case TypeId::kDecimal:
      out += formatDecimalScientific(value.getDecimalUnscaled(), value.type().scale());
      break;
    case TypeId::kString:
    case TypeId::kBinary:
      out += value.getString();
      break;
    default:
      out += std::to_string(value.getInt64());
      break;
  }
}

//! FAILFAST: Spark names the bad record by the row it would have returned (FailureSafeParser's
//! toResultRow), except for arrays read as structs, where it gives the text.
[[noreturn]] void throwMalformed(std::string_view record, std::string_view sub_class) {
  throw Error(ErrorClass::MALFORMED_RECORD_IN_PARSING, std::string(sub_class),
              fmt::format("Malformed records are detected in record parsing: {}. Parse Mode: "
                          "FAILFAST. To process malformed records as null result, try setting "
                          "the option 'mode' as 'PERMISSIVE'.",
                          record));
}

class FromJsonEvaluator {
 public:
  FromJsonEvaluator(const DataType& schema, const FromJsonOptions& options, const TimeZone& zone)
      : schema_(schema), options_(options), converter_(options, zone) {
    corrupt_index_ = corruptRecordField(schema, options.corrupt_column);
  }

  //! The result for one non-NULL input.
  Value evaluate(std::string_view text) {
    if (blank(text))
      return Value::null(schema_);
    std::optional<Node> root = json::parseFirstValue(text, options_.read);
    if (!root)
      return malformed(text, "WITHOUT_SUGGESTION");
    Value out;
    ConversionOutcome outcome = ConversionOutcome::kFailed;
    switch (schema_.id()) {
      case TypeId::kStruct:
        if (root->kind == NodeKind::kArray)
          return malformed(text, "CANNOT_PARSE_JSON_ARRAYS_AS_STRUCTS");
        if (root->kind == NodeKind::kObject)
          outcome = converter_.convertObject(*root, schema_, out, corrupt_index_);
        break;
      case TypeId::kArray:
        if (root->kind == NodeKind::kArray) {
          outcome = converter_.convert(*root, schema_, out);
        } else if (root->kind == NodeKind::kObject &&
                   schema_.elementType().id() == TypeId::kStruct) {
          Value element;
          outcome = converter_.convertObject(*root, schema_.elementType(), element);
          out = Value::nested(schema_, {std::move(element)});
        }
        break;
      case TypeId::kVariant:
        outcome = converter_.convert(*root, schema_, out);
        break;
      default:
        if (root->kind == NodeKind::kObject)
          outcome = converter_.convert(*root, schema_, out);
        break;
    }
    if (outcome == ConversionOutcome::kOk)
      return out;
    if (outcome == ConversionOutcome::kPartial) {
      Value row = withCorruptRecord(std::move(out), text);
      if (options_.fail_fast)
        throwMalformed(resultRowText(row), "WITHOUT_SUGGESTION");
      return row;
    }
    return malformed(text, "WITHOUT_SUGGESTION");
  }

 private:
  //! PERMISSIVE: a struct of NULL fields (with the corrupt record column set), else NULL.
  Value malformed(std::string_view text, std::string_view sub_class) {
    Value result = Value::null(schema_);
    if (schema_.id() == TypeId::kStruct) {
      std::vector<Value> children;
      for (const StructField& field : schema_.fields())
        children.push_back(Value::null(field.type));
      result = withCorruptRecord(Value::nested(schema_, std::move(children)), text);
    }
    if (options_.fail_fast) {
      throwMalformed(sub_class == "WITHOUT_SUGGESTION" ? resultRowText(result) : std::string(text),
                     sub_class);
    }
    return result;
  }

  //! The row FailureSafeParser returns for the record, printed: an ARRAY or MAP schema is read
  //! as the one field of a row.
  std::string resultRowText(const Value& result) const {
    std::string text;
    if (schema_.id() == TypeId::kStruct && !result.isNull()) {
      appendRowText(text, result);
    } else {
      text.push_back('[');
      appendRowText(text, result);
      text.push_back(']');
    }
    return text;
  }

  Value withCorruptRecord(Value row, std::string_view text) {
    if (!corrupt_index_ || schema_.id() != TypeId::kStruct)
      return row;
    std::vector<Value> children = row.children();
    children[*corrupt_index_] = Value::string(std::string(text));
    return Value::nested(schema_, std::move(children));
  }

  const DataType& schema_;
  const FromJsonOptions& options_;
  Converter converter_;
  std::optional<size_t> corrupt_index_;
};

//! JsonToStructs' schema.asNullable.
DataType asNullable(const DataType& type) {
  switch (type.id()) {
    case TypeId::kStruct: {
      std::vector<StructField> fields;
      for (const StructField& field : type.fields())
        fields.push_back(StructField{field.name, asNullable(field.type), true, field.comment});
      return DataType::structOf(std::move(fields));
    }
    case TypeId::kArray:
      return DataType::array(asNullable(type.elementType()), true);
    case TypeId::kMap:
      return DataType::map(asNullable(type.keyType()), asNullable(type.valueType()), true);
    default:
      return type;
  }
}

bool hasStringMapKeys(const DataType& type) {
  switch (type.id()) {
    case TypeId::kStruct:
      for (const StructField& field : type.fields()) {
        if (!hasStringMapKeys(field.type))
          return false;
      }
      return true;
    case TypeId::kArray:
      return hasStringMapKeys(type.elementType());
    case TypeId::kMap:
      return type.keyType().id() == TypeId::kString && hasStringMapKeys(type.valueType());
    default:
      return true;
  }
}

bool readable(const DataType& type) {
  switch (type.id()) {
    case TypeId::kYearMonthInterval:
    case TypeId::kDayTimeInterval:
      return false;
    case TypeId::kStruct:
      for (const StructField& field : type.fields()) {
        if (!readable(field.type))
          return false;
      }
      return true;
    case TypeId::kArray:
      return readable(type.elementType());
    case TypeId::kMap:
      return readable(type.valueType());
    default:
      return true;
  }
}

BoundScalarFunction bindFromJson(const BindRequest& request) {
  const DataType& input = request.argument_types[0];
  if (input.id() != TypeId::kString && input.id() != TypeId::kVoid) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_INPUT_TYPE",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: The first parameter "
                            "requires the \"STRING\" type, however \"json\" has the type \"{}\".",
                            request.name, input.sql()));
  }
  DataType schema = asNullable(request.argument_types[1]);
  TypeId id = schema.id();
  if (id != TypeId::kStruct && id != TypeId::kArray && id != TypeId::kMap &&
      id != TypeId::kVariant) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "INVALID_JSON_SCHEMA",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input schema \"{}\" "
                            "must be a struct, an array, a map or a variant.",
                            request.name, schema.sql()));
  }
  if (!hasStringMapKeys(schema)) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "INVALID_JSON_MAP_KEY_TYPE",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input schema \"{}\" "
                            "can only contain STRING as a key type for a MAP.",
                            request.name, schema.sql()));
  }
  if (!readable(schema)) {
    throw Error(ErrorClass::UNSUPPORTED_DATATYPE,
                fmt::format("Unsupported data type {}.", schema.sql()));
  }
  std::vector<DataType> argument_types = {DataType::string(), request.argument_types[1]};
  OptionsArgument<FromJsonOptions> options_argument(request, 2, readFromJsonOptions);
  if (request.argument_types.size() > 2)
    argument_types.push_back(request.argument_types[2]);
  ScalarKernel kernel = [schema, options_argument](const ExecContext& context,
                                                   const ArgumentVectors& args, const RowSet& rows,
                                                   Vector& result) {
    if (rows.count == 0)
      return;
    std::shared_ptr<const FromJsonOptions> batch_options = options_argument.forBatch(args, rows);
    const FromJsonOptions& options = *batch_options;
    FromJsonEvaluator evaluator(schema, options,
                                options.zone ? *options.zone : datetime::sessionZone(context));
    const Vector& texts = *args[0];
    forEachRow(rows, [&](idx_t row) {
      if (texts.isNull(row)) {
        result.setValue(row, Value::null(schema));
        return;
      }
      StringView text = texts.at<StringView>(row);
      result.setValue(row, evaluator.evaluate(std::string_view(text.data(), text.size())));
    });
  };
  return {"from_json", std::move(argument_types), schema, std::move(kernel)};
}

}  // namespace

void registerFromJsonFunctions(FunctionRegistry& registry) {
  registry.addScalar({"from_json", 2, 3, bindFromJson});
}

}  // namespace sluice
