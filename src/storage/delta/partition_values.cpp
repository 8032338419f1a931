// src/storage/delta/partition_values.cpp
//
// Partition value serialization and Hive path escaping.

#include "storage/delta/partition_values.hpp"

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/text/percent_decoding.hpp"
#include "common/types/time_units.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"

namespace sluice::delta {

namespace {

std::string formatUtcIso(int64_t micros) {
  int64_t seconds = floorDivide(micros, kMicrosPerSecond);
  int64_t fraction = micros - seconds * kMicrosPerSecond;
  int64_t days = floorDivide(seconds, kSecondsPerDay);
  int64_t second_of_day = seconds - days * kSecondsPerDay;
  std::string date = formatDate(static_cast<int32_t>(days));
  return fmt::format("{}T{:02}:{:02}:{:02}.{:06}Z", date, second_of_day / 3600,
                     (second_of_day / 60) % 60, second_of_day % 60, fraction);
}

//! Binary values become one character per byte (U+0000..U+00FF), UTF-8 encoded.
std::string bytesToLatin1Text(const std::string& bytes) {
  std::string text;
  for (unsigned char byte : bytes) {
    if (byte < 0x80) {
      text += static_cast<char>(byte);
    } else {
      text += static_cast<char>(0xC0 | (byte >> 6));
      text += static_cast<char>(0x80 | (byte & 0x3F));
    }
  }
  return text;
}

std::optional<std::string> latin1TextToBytes(std::string_view text) {
  std::string bytes;
  for (size_t i = 0; i < text.size(); ++i) {
    auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x80) {
      bytes += static_cast<char>(byte);
    } else if ((byte & 0xE0) == 0xC0 && byte <= 0xC3 && i + 1 < text.size()) {
      auto next = static_cast<unsigned char>(text[++i]);
      bytes += static_cast<char>(((byte & 0x03) << 6) | (next & 0x3F));
    } else {
      return std::nullopt;
    }
  }
  return bytes;
}

bool needsEscape(unsigned char c) {
  if (c < 0x20 || c == 0x7F)
    return true;
  switch (c) {
    case '"':
    case '#':
    case '%':
    case '\'':
    case '*':
    case '/':
    case ':':
    case '=':
    case '?':
    case '\\':
    case '{':
    case '[':
    case ']':
    case '^':
      return true;
    default:
      return false;
  }
}

}  // namespace

std::optional<std::string> serializePartitionValue(const Value& value) {
  if (value.isNull())
    return std::nullopt;
  const DataType& type = value.type();
  std::string text;
  switch (type.id()) {
    case TypeId::kBoolean:
      text = value.getBoolean() ? "true" : "false";
      break;
    case TypeId::kByte:
    case TypeId::kShort:
    case TypeId::kInt:
    case TypeId::kLong:
      text = std::to_string(value.getInt64());
      break;
    case TypeId::kFloat:
      text = formatFloat(value.getFloat());
      break;
    case TypeId::kDouble:
      text = formatDouble(value.getDouble());
      break;
    case TypeId::kDecimal:
      text = formatDecimal(value.getDecimalUnscaled(), type.scale());
      break;
    case TypeId::kString:
      text = value.getString();
      break;
    case TypeId::kBinary:
      text = bytesToLatin1Text(value.getString());
      break;
    case TypeId::kDate:
      text = formatDate(static_cast<int32_t>(value.getInt64()));
      break;
    case TypeId::kTimestamp:
      text = formatUtcIso(value.getInt64());
      break;
    case TypeId::kTimestampNtz:
      text = formatTimestampNtz(value.getInt64());
      break;
    default:
      throw Error(
          ErrorClass::UNSUPPORTED_DATATYPE,
          fmt::format("A Delta table cannot be partitioned by a column of type {}.", type.sql()));
  }
  if (text.empty())
    return std::nullopt;
  return text;
}

Value parsePartitionValue(const std::optional<std::string>& text, const DataType& type,
                          std::string_view column, std::string_view where) {
  if (!text || text->empty())
    return Value::null(type);
  const std::string& input = *text;
  auto invalid = [&]() -> Error {
    return Error(ErrorClass::CAST_INVALID_INPUT,
                 fmt::format("The partition value '{}' of column `{}` in {} is not a valid {}.",
                             input, column, where, type.sql()));
  };
  switch (type.id()) {
    case TypeId::kBoolean: {
      auto parsed = parseBoolean(input);
      if (!parsed)
        throw invalid();
      return Value::boolean(*parsed);
    }
    case TypeId::kByte:
    case TypeId::kShort:
    case TypeId::kInt:
    case TypeId::kLong: {
      int64_t min = INT64_MIN;
      int64_t max = INT64_MAX;
      if (type.id() == TypeId::kByte)
        min = INT8_MIN, max = INT8_MAX;
      if (type.id() == TypeId::kShort)
        min = INT16_MIN, max = INT16_MAX;
      if (type.id() == TypeId::kInt)
        min = INT32_MIN, max = INT32_MAX;
      int64_t out = 0;
      if (parseIntegral(input, min, max, out) != ParseStatus::kOk)
        throw invalid();
      return Value::fromInt64(type, out);
    }
    case TypeId::kFloat: {
      auto parsed = parseFloat(input);
      if (!parsed)
        throw invalid();
      return Value::floatValue(*parsed);
    }
    case TypeId::kDouble: {
      auto parsed = parseDouble(input);
      if (!parsed)
        throw invalid();
      return Value::doubleValue(*parsed);
    }
    case TypeId::kDecimal: {
      int128_t unscaled = 0;
      if (parseDecimal(input, type.precision(), type.scale(), unscaled) != ParseStatus::kOk) {
        throw invalid();
      }
      return Value::decimal(unscaled, type.precision(), type.scale());
    }
    case TypeId::kString:
      return Value::string(input, type.collation());
    case TypeId::kBinary: {
      auto bytes = latin1TextToBytes(input);
      if (!bytes)
        throw invalid();
      return Value::binary(std::move(*bytes));
    }
    case TypeId::kDate: {
      auto days = parseDate(input);
      if (!days)
        throw invalid();
      return Value::date(*days);
    }
    case TypeId::kTimestamp: {
      // Text without a zone was written in the writer's zone, which the log does not record;
      // sluice writes UTC.
      auto micros = parseTimestamp(input, TimeZone::utc());
      if (!micros)
        throw invalid();
      return Value::timestamp(*micros);
    }
    case TypeId::kTimestampNtz: {
      auto micros = parseTimestampNtz(input);
      if (!micros)
        throw invalid();
      return Value::timestampNtz(*micros);
    }
    default:
      throw invalid();
  }
}

std::string escapePartitionPathName(std::string_view text) {
  std::string escaped;
  escaped.reserve(text.size());
  for (char c : text) {
    auto byte = static_cast<unsigned char>(c);
    if (needsEscape(byte)) {
      escaped += fmt::format("%{:02X}", byte);
    } else {
      escaped += c;
    }
  }
  return escaped;
}

std::string unescapePartitionPathName(std::string_view text) {
  return decodePercentEscapes(text);
}

std::string partitionDirectory(const PartitionValues& values) {
  std::string directory;
  for (const auto& [column, value] : values) {
    directory += escapePartitionPathName(column);
    directory += '=';
    directory += value ? escapePartitionPathName(*value) : std::string(kHiveDefaultPartition);
    directory += '/';
  }
  return directory;
}

}  // namespace sluice::delta
