// src/storage/json/column_converter.cpp
//
// The per-type conversions of JSON values (JacksonParser.makeConverter's rules).
#include "storage/json/column_converter.hpp"

#include <limits>
#include <optional>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/types/time_units.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"
#include "common/variant/variant_json.hpp"
#include "storage/json/base64_decode.hpp"
#include "storage/json/json_value_copy.hpp"

namespace sluice::json {

namespace ondemand = simdjson::ondemand;

namespace {

bool startsNumber(std::string_view token) {
  return !token.empty() && ((token[0] >= '0' && token[0] <= '9') || token[0] == '-');
}

bool isNumber(TokenKind kind) {
  return kind == TokenKind::kInteger || kind == TokenKind::kFloat || kind == TokenKind::kNonNumeric;
}

void markValid(Vector& out, idx_t row) {
  if (out.mayHaveNulls())
    out.setNull(row, false);
}

template <typename T>
void store(Vector& out, idx_t row, T value) {
  out.mutableData<T>()[row] = value;
  markValid(out, row);
}

void storeString(Vector& out, idx_t row, std::string_view text) {
  store(out, row, out.addString(text));
}

//! The text of a string token: the bytes between its quotes, or simdjson's unescaped copy
//! (valid until the next record). False when its escapes are malformed.
bool stringContent(ondemand::value& value, std::string_view token, std::string_view& out) {
  if (auto plain = plainStringContent(token)) {
    out = *plain;
    return true;
  }
  return !value.get_string().get(out);
}

[[noreturn]] void throwUnsupported(const DataType& type) {
  throw Error(ErrorClass::UNSUPPORTED_DATATYPE,
              fmt::format("Unsupported data type {} for the JSON reader.", type.sql()));
}

template <typename T>
bool inRange(int64_t value) {
  return value >= std::numeric_limits<T>::min() && value <= std::numeric_limits<T>::max();
}

}  // namespace

ColumnConverter::ColumnConverter(const DataType& type) : type_(type), id_(type.id()) {
  switch (id_) {
    case TypeId::kYearMonthInterval:
    case TypeId::kDayTimeInterval:
    case TypeId::kCalendarInterval:
    case TypeId::kGeometry:
    case TypeId::kGeography:
      throwUnsupported(type);
    case TypeId::kStruct: {
      const std::vector<StructField>& fields = type.fields();
      children_.reserve(fields.size());
      for (const StructField& field : fields)
        children_.emplace_back(field.type);
      fields_ = std::make_unique<FieldResolver>(fields);
      seen_in_.assign(fields.size(), 0);
      break;
    }
    case TypeId::kArray:
      children_.emplace_back(type.elementType());
      break;
    case TypeId::kMap:
      // Spark's JSON reader reads maps with string keys only: keys are JSON object keys.
      if (type.keyType().id() != TypeId::kString)
        throwUnsupported(type);
      children_.emplace_back(type.valueType());
      break;
    default:
      break;
  }
}

ColumnConverter::ColumnConverter(ColumnConverter&&) noexcept = default;
ColumnConverter& ColumnConverter::operator=(ColumnConverter&&) noexcept = default;
ColumnConverter::~ColumnConverter() = default;

ConvertStatus ColumnConverter::mismatch(std::string_view token, TokenKind kind,
                                        ConvertScratch& scratch) const {
  scratch.failure.token = token;
  scratch.failure.kind = kind;
  scratch.failure.type = &type_;
  scratch.failure.path.clear();
  return ConvertStatus::kMismatch;
}

void ColumnConverter::setNull(Vector& out, idx_t row) const {
  out.setNull(row);
  if (id_ == TypeId::kStruct) {
    for (size_t index = 0; index < children_.size(); ++index) {
      children_[index].setNull(out.child(index), row);
    }
  } else if (id_ == TypeId::kArray || id_ == TypeId::kMap) {
    out.mutableData<ListEntry>()[row] = ListEntry{static_cast<uint32_t>(out.childSize()), 0};
  }
}

ConvertStatus ColumnConverter::convert(ondemand::value& value, Vector& out, idx_t row,
                                       ConvertScratch& scratch, int depth) {
  std::string_view token = trimToken(value.raw_json_token());
  // The common cases first, straight from the token.
  switch (id_) {
    case TypeId::kLong: {
      int64_t number;
      if (parseIntegerToken(token, number) == IntegerToken::kOk) {
        store<int64_t>(out, row, number);
        return ConvertStatus::kOk;
      }
      break;
    }
    case TypeId::kDouble:
      if (startsNumber(token)) {
        TokenKind kind = classifyToken(token);
        if (isNumber(kind)) {
          store<double>(out, row, numberTokenToDouble(token, kind));
          return ConvertStatus::kOk;
        }
      }
      break;
    case TypeId::kString:
      if (token.size() >= 2 && token.front() == '"' && token.back() == '"') {
        std::string_view content;
        if (!stringContent(value, token, content))
          return ConvertStatus::kMalformed;
        storeString(out, row, content);
        return ConvertStatus::kOk;
      }
      break;
    default:
      break;
  }

  TokenKind kind = classifyToken(token);
  if (kind == TokenKind::kInvalid)
    return ConvertStatus::kMalformed;
  if (kind == TokenKind::kNull) {
    setNull(out, row);
    return ConvertStatus::kOk;
  }
  switch (id_) {
    case TypeId::kVoid:
      if (!copyJsonValue(value, nullptr, depth))
        return ConvertStatus::kMalformed;
      out.setNull(row);
      return ConvertStatus::kOk;
    case TypeId::kBoolean:
      if (kind != TokenKind::kTrue && kind != TokenKind::kFalse)
        break;
      store<uint8_t>(out, row, kind == TokenKind::kTrue ? 1 : 0);
      return ConvertStatus::kOk;
    case TypeId::kByte:
    case TypeId::kShort:
    case TypeId::kInt:
    case TypeId::kLong: {
      int64_t number;
      // Jackson's getIntValue and friends reject fractions and out-of-range values.
      if (kind != TokenKind::kInteger || parseIntegerToken(token, number) != IntegerToken::kOk) {
        break;
      }
      if (id_ == TypeId::kByte && inRange<int8_t>(number)) {
        store<int8_t>(out, row, static_cast<int8_t>(number));
      } else if (id_ == TypeId::kShort && inRange<int16_t>(number)) {
        store<int16_t>(out, row, static_cast<int16_t>(number));
      } else if (id_ == TypeId::kInt && inRange<int32_t>(number)) {
        store<int32_t>(out, row, static_cast<int32_t>(number));
      } else if (id_ == TypeId::kLong) {
        store<int64_t>(out, row, number);
      } else {
        break;
      }
      return ConvertStatus::kOk;
    }
    case TypeId::kFloat:
    case TypeId::kDouble: {
      double number;
      if (isNumber(kind)) {
        if (id_ == TypeId::kFloat) {
          store<float>(out, row, numberTokenToFloat(token, kind));
          return ConvertStatus::kOk;
        }
        number = numberTokenToDouble(token, kind);
      } else if (kind == TokenKind::kString) {
        std::string_view content;
        if (!stringContent(value, token, content))
          return ConvertStatus::kMalformed;
        std::optional<double> special = nonNumericString(content);
        if (!special)
          break;
        number = *special;
      } else {
        break;
      }
      if (id_ == TypeId::kFloat) {
        store<float>(out, row, static_cast<float>(number));
      } else {
        store<double>(out, row, number);
      }
      return ConvertStatus::kOk;
    }
    case TypeId::kDecimal: {
      std::string_view text;
      if (kind == TokenKind::kInteger || kind == TokenKind::kFloat) {
        text = token;
      } else if (kind == TokenKind::kString) {
        if (!stringContent(value, token, text))
          return ConvertStatus::kMalformed;
        // Spark's decimal parser for the default locale drops grouping commas ("1,234.5").
        if (text.find(',') != std::string_view::npos) {
          scratch.text.clear();
          for (char c : text) {
            if (c != ',')
              scratch.text.push_back(c);
          }
          text = scratch.text;
        }
      } else {
        break;
      }
      int128_t unscaled = 0;
      if (parseDecimal(text, type_.precision(), type_.scale(), unscaled) != ParseStatus::kOk)
        break;
      if (type_.isWideDecimal()) {
        store<int128_t>(out, row, unscaled);
      } else {
        store<int64_t>(out, row, static_cast<int64_t>(unscaled));
      }
      return ConvertStatus::kOk;
    }
    case TypeId::kString:
      if (kind == TokenKind::kObject || kind == TokenKind::kArray) {
        scratch.text.clear();
        if (!copyJsonValue(value, &scratch.text, depth))
          return ConvertStatus::kMalformed;
        storeString(out, row, scratch.text);
      } else {
        // Numbers and literals read as their JSON text.
        storeString(out, row, token);
      }
      return ConvertStatus::kOk;
    case TypeId::kBinary: {
      if (kind != TokenKind::kString)
        break;
      std::string_view content;
      if (!stringContent(value, token, content))
        return ConvertStatus::kMalformed;
      if (!decodeBase64(content, scratch.text))
        break;
      storeString(out, row, scratch.text);
      return ConvertStatus::kOk;
    }
    case TypeId::kVariant: {
      // The value's JSON text, encoded as parse_json encodes it; a key given twice in one
      // object makes the record malformed.
      scratch.text.clear();
      if (!copyJsonValue(value, &scratch.text, depth))
        return ConvertStatus::kMalformed;
      std::string encoded;
      if (!variant::JsonToVariant("read_files").encode(scratch.text, encoded))
        return ConvertStatus::kMalformed;
      storeString(out, row, encoded);
      return ConvertStatus::kOk;
    }
    case TypeId::kDate: {
      if (kind != TokenKind::kString)
        break;
      std::string_view content;
      if (!stringContent(value, token, content))
        return ConvertStatus::kMalformed;
      if (const auto& pattern = scratch.datetime.date_pattern) {
        // A user's pattern is the only way in: Spark falls back only from its default.
        std::optional<int32_t> days = pattern->parseDate(content);
        if (!days)
          break;
        store<int32_t>(out, row, *days);
        return ConvertStatus::kOk;
      }
      std::optional<int32_t> days = parseDate(content);
      if (!days) {
        // Spark 1.5 wrote dates as a number of days in a string; Spark still reads those.
        int64_t legacy_days;
        if (parseIntegral(content, INT32_MIN, INT32_MAX, legacy_days) != ParseStatus::kOk)
          break;
        days = static_cast<int32_t>(legacy_days);
      }
      store<int32_t>(out, row, *days);
      return ConvertStatus::kOk;
    }
    case TypeId::kTimestamp: {
      int64_t micros;
      if (kind == TokenKind::kString) {
        std::string_view content;
        if (!stringContent(value, token, content))
          return ConvertStatus::kMalformed;
        const TimeZone& zone = scratch.datetime.zone ? *scratch.datetime.zone : TimeZone::utc();
        const auto& pattern = scratch.datetime.timestamp_pattern;
        std::optional<int64_t> parsed =
            pattern ? pattern->parseTimestamp(content, zone) : parseTimestamp(content, zone);
        if (!parsed)
          break;
        micros = *parsed;
      } else if (kind == TokenKind::kInteger) {
        // A JSON integer is seconds since the epoch.
        int64_t seconds;
        if (parseIntegerToken(token, seconds) != IntegerToken::kOk ||
            __builtin_mul_overflow(seconds, int64_t{1000000}, &micros)) {
          break;
        }
      } else {
        break;
      }
      store<int64_t>(out, row, micros);
      return ConvertStatus::kOk;
    }
    case TypeId::kTimestampNtz: {
      if (kind != TokenKind::kString)
        break;
      std::string_view content;
      if (!stringContent(value, token, content))
        return ConvertStatus::kMalformed;
      std::optional<int64_t> micros = parseTimestampNtz(content, /*allow_zone=*/false);
      if (!micros)
        break;
      store<int64_t>(out, row, *micros);
      return ConvertStatus::kOk;
    }
    case TypeId::kTime: {
      if (kind != TokenKind::kString)
        break;
      std::string_view content;
      if (!stringContent(value, token, content))
        return ConvertStatus::kMalformed;
      std::optional<int64_t> micros = parseTime(content);
      if (!micros)
        break;
      store<int64_t>(out, row, truncateTimeOfDay(*micros, type_.precision()));
      return ConvertStatus::kOk;
    }
    case TypeId::kStruct:
      if (kind != TokenKind::kObject)
        break;
      return convertStruct(value, out, row, scratch, depth);
    case TypeId::kArray:
      if (kind != TokenKind::kArray)
        break;
      return convertArray(value, out, row, scratch, depth);
    case TypeId::kMap:
      if (kind != TokenKind::kObject)
        break;
      return convertMap(value, out, row, scratch, depth);
    case TypeId::kYearMonthInterval:
    case TypeId::kDayTimeInterval:
    case TypeId::kCalendarInterval:
    case TypeId::kGeometry:
    case TypeId::kGeography:
      break;  // rejected by the constructor
  }
  return mismatch(token, kind, scratch);
}

ConvertStatus ColumnConverter::convertStruct(ondemand::value& value, Vector& out, idx_t row,
                                             ConvertScratch& scratch, int depth) {
  if (depth + 1 >= kMaxNestingDepth)
    return ConvertStatus::kMalformed;
  ondemand::object object;
  if (value.get_object().get(object))
    return ConvertStatus::kMalformed;
  uint64_t object_number = ++objects_;
  uint32_t position = 0;
  for (auto field_result : object) {
    ondemand::field field;
    if (std::move(field_result).get(field))
      return ConvertStatus::kMalformed;
    uint32_t slot;
    if (!fields_->resolve(field, position++, slot))
      return ConvertStatus::kMalformed;
    if (slot == FieldResolver::kUnknown) {
      // Spark ignores fields a nested STRUCT does not have; they must still be valid JSON.
      if (!copyJsonValue(field.value(), nullptr, depth + 1))
        return ConvertStatus::kMalformed;
      continue;
    }
    ConvertStatus status =
        children_[slot].convert(field.value(), out.child(slot), row, scratch, depth + 1);
    if (status != ConvertStatus::kOk) {
      if (status == ConvertStatus::kMismatch)
        scratch.failure.path.push_back(fields_->name(slot));
      return status;
    }
    seen_in_[slot] = object_number;
  }
  for (uint32_t slot = 0; slot < seen_in_.size(); ++slot) {
    if (seen_in_[slot] != object_number)
      children_[slot].setNull(out.child(slot), row);
  }
  markValid(out, row);
  return ConvertStatus::kOk;
}

ConvertStatus ColumnConverter::convertArray(ondemand::value& value, Vector& out, idx_t row,
                                            ConvertScratch& scratch, int depth) {
  if (depth + 1 >= kMaxNestingDepth)
    return ConvertStatus::kMalformed;
  ondemand::array array;
  if (value.get_array().get(array))
    return ConvertStatus::kMalformed;
  Vector& elements = out.child(0);
  idx_t offset = out.childSize();
  idx_t index = offset;
  for (auto element_result : array) {
    ondemand::value element;
    if (std::move(element_result).get(element))
      return ConvertStatus::kMalformed;
    if (index >= UINT32_MAX)
      return ConvertStatus::kMalformed;  // beyond ListEntry's range
    if (index >= elements.capacity())
      elements.reserve(index + 1);
    // On failure the elements written so far stay unreferenced: the next row overwrites them.
    ConvertStatus status = children_[0].convert(element, elements, index, scratch, depth + 1);
    if (status != ConvertStatus::kOk)
      return status;
    ++index;
  }
  out.setChildSize(index);
  store(out, row, ListEntry{static_cast<uint32_t>(offset), static_cast<uint32_t>(index - offset)});
  return ConvertStatus::kOk;
}

ConvertStatus ColumnConverter::convertMap(ondemand::value& value, Vector& out, idx_t row,
                                          ConvertScratch& scratch, int depth) {
  if (depth + 1 >= kMaxNestingDepth)
    return ConvertStatus::kMalformed;
  ondemand::object object;
  if (value.get_object().get(object))
    return ConvertStatus::kMalformed;
  Vector& entries = out.child(0);
  idx_t offset = out.childSize();
  idx_t index = offset;
  for (auto field_result : object) {
    ondemand::field field;
    if (std::move(field_result).get(field))
      return ConvertStatus::kMalformed;
    std::string_view key;
    if (field.unescaped_key().get(key))
      return ConvertStatus::kMalformed;
    if (index >= UINT32_MAX)
      return ConvertStatus::kMalformed;
    if (index >= entries.capacity())
      entries.reserve(index + 1);
    // Every key is kept, duplicates too, as Spark builds JSON maps.
    storeString(entries.child(0), index, key);
    ConvertStatus status =
        children_[0].convert(field.value(), entries.child(1), index, scratch, depth + 1);
    if (status != ConvertStatus::kOk)
      return status;
    ++index;
  }
  out.setChildSize(index);
  store(out, row, ListEntry{static_cast<uint32_t>(offset), static_cast<uint32_t>(index - offset)});
  return ConvertStatus::kOk;
}

}  // namespace sluice::json
