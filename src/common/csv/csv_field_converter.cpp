// src/common/csv/csv_field_converter.cpp
#include "common/csv/csv_field_converter.hpp"

#include <limits>
#include <type_traits>

#include <fmt/format.h>

#include "common/csv/csv_value_text.hpp"
#include "common/error/error.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"

namespace sluice::csv {

namespace {

template <typename T>
bool storeIntegral(Vector& vector, idx_t row, std::string_view text) {
  int64_t value = 0;
  if (!parseJavaIntegral(text, std::numeric_limits<T>::min(), std::numeric_limits<T>::max(),
                         value)) {
    return false;
  }
  vector.mutableData<T>()[row] = static_cast<T>(value);
  return true;
}

}  // namespace

bool CsvFieldConverter::canHold(const DataType& type) {
  switch (type.id()) {
    case TypeId::kYearMonthInterval:
    case TypeId::kDayTimeInterval:
    case TypeId::kVariant:
    case TypeId::kArray:
    case TypeId::kMap:
    case TypeId::kStruct:
      return false;
    default:
      return true;
  }
}

CsvFieldConverter::CsvFieldConverter(const std::vector<StructField>& columns,
                                     const CsvOptions& options, std::string_view source)
    : null_value_(options.null_value),
      empty_value_(options.empty_value),
      nan_value_(options.nan_value),
      positive_inf_(options.positive_inf),
      negative_inf_(options.negative_inf),
      zone_(options.time_zone ? options.time_zone : TimeZone::find("UTC")) {
  types_.reserve(columns.size());
  kinds_.reserve(columns.size());
  for (const StructField& column : columns) {
    Kind kind = Kind::kVoid;
    switch (column.type.id()) {
      case TypeId::kVoid:
        kind = Kind::kVoid;
        break;
      case TypeId::kBoolean:
        kind = Kind::kBoolean;
        break;
      case TypeId::kByte:
        kind = Kind::kByte;
        break;
      case TypeId::kShort:
        kind = Kind::kShort;
        break;
      case TypeId::kInt:
        kind = Kind::kInt;
        break;
      case TypeId::kLong:
        kind = Kind::kLong;
        break;
      case TypeId::kFloat:
        kind = Kind::kFloat;
        break;
      case TypeId::kDouble:
        kind = Kind::kDouble;
        break;
      case TypeId::kDecimal:
        kind = Kind::kDecimal;
        break;
      case TypeId::kString:
      case TypeId::kBinary:
        kind = Kind::kString;
        break;
      case TypeId::kDate:
        kind = Kind::kDate;
        if (!options.date_format.empty() && !date_pattern_)
          date_pattern_ = DatetimePattern::compileForParsing(options.date_format);
        break;
      case TypeId::kTimestamp:
        kind = Kind::kTimestamp;
        if (!options.timestamp_format.empty() && !timestamp_pattern_)
          timestamp_pattern_ = DatetimePattern::compileForParsing(options.timestamp_format);
        break;
      case TypeId::kTimestampNtz:
        kind = Kind::kTimestampNtz;
        if (!options.timestamp_ntz_format.empty() && !timestamp_ntz_pattern_) {
          timestamp_ntz_pattern_ = DatetimePattern::compileForParsing(options.timestamp_ntz_format);
        }
        break;
      default:
        throw Error(ErrorClass::NOT_SUPPORTED,
                    fmt::format("The CSV datasource doesn't support the column `{}` of the type "
                                "\"{}\" (reading {}).",
                                column.name, column.type.sql(), source));
    }
    types_.push_back(column.type);
    kinds_.push_back(kind);
  }
}

template <typename T>
std::optional<T> CsvFieldConverter::floatingOf(std::string_view text) const {
  if (text == nan_value_)
    return std::numeric_limits<T>::quiet_NaN();
  if (text == positive_inf_)
    return std::numeric_limits<T>::infinity();
  if (text == negative_inf_)
    return -std::numeric_limits<T>::infinity();
  if constexpr (std::is_same_v<T, float>) {
    return parseJavaFloat(text);
  } else {
    return parseJavaDouble(text);
  }
}

bool CsvFieldConverter::convertDecimal(Vector& vector, const DataType& type, idx_t row,
                                       std::string_view text) const {
  // new BigDecimal(text.replaceAll(",", "")) (Spark's US-locale decimal parser), which refuses
  // surrounding spaces; HALF_UP to the scale; too many digits do not convert.
  if (hasOuterSpace(text))
    return false;
  std::string without_commas;
  if (text.find(',') != std::string_view::npos) {
    without_commas.reserve(text.size());
    for (char c : text) {
      if (c != ',')
        without_commas += c;
    }
    text = without_commas;
  }
  int128_t unscaled = 0;
  if (parseDecimal(text, type.precision(), type.scale(), unscaled) != ParseStatus::kOk)
    return false;
  if (type.isWideDecimal()) {
    vector.mutableData<int128_t>()[row] = unscaled;
  } else {
    vector.mutableData<int64_t>()[row] = static_cast<int64_t>(unscaled);
  }
  return true;
}

bool CsvFieldConverter::convert(Vector& vector, idx_t column, idx_t row,
                                std::string_view text) const {
  switch (kinds_[column]) {
    case Kind::kVoid:
      return true;
    case Kind::kBoolean: {
      std::optional<bool> value = parseJavaBoolean(text);
      if (!value)
        return false;
      vector.mutableData<uint8_t>()[row] = *value ? 1 : 0;
      return true;
    }
    case Kind::kByte:
      return storeIntegral<int8_t>(vector, row, text);
    case Kind::kShort:
      return storeIntegral<int16_t>(vector, row, text);
    case Kind::kInt:
      return storeIntegral<int32_t>(vector, row, text);
    case Kind::kLong:
      return storeIntegral<int64_t>(vector, row, text);
    case Kind::kFloat: {
      std::optional<float> value = floatingOf<float>(text);
      if (!value)
        return false;
      vector.mutableData<float>()[row] = *value;
      return true;
    }
    case Kind::kDouble: {
      std::optional<double> value = floatingOf<double>(text);
      if (!value)
        return false;
      vector.mutableData<double>()[row] = *value;
      return true;
    }
    case Kind::kDecimal:
      return convertDecimal(vector, types_[column], row, text);
    case Kind::kString:
      vector.mutableData<StringView>()[row] = vector.addString(text);
      return true;
    case Kind::kDate: {
      std::optional<int32_t> days =
          date_pattern_ ? date_pattern_->parseDate(text) : parseDate(text);
      if (!days)
        return false;
      vector.mutableData<int32_t>()[row] = *days;
      return true;
    }
    case Kind::kTimestamp: {
      std::optional<int64_t> micros = timestamp_pattern_
                                          ? timestamp_pattern_->parseTimestamp(text, *zone_)
                                          : parseTimestamp(text, *zone_);
      if (!micros)
        return false;
      vector.mutableData<int64_t>()[row] = *micros;
      return true;
    }
    case Kind::kTimestampNtz: {
      std::optional<int64_t> micros = timestamp_ntz_pattern_
                                          ? timestamp_ntz_pattern_->parseTimestampNtz(text)
                                          : parseTimestampNtz(text, false);
      if (!micros)
        return false;
      vector.mutableData<int64_t>()[row] = *micros;
      return true;
    }
  }
  return false;
}

}  // namespace sluice::csv
