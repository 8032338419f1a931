// src/common/types/value.hpp
//
// One value of any type, boxed: for constants, literals, VALUES rows, statistics and tests.
// Never used on a per-row hot path; vectors hold the data there.
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "common/types/data_type.hpp"

namespace sluice {

class Value {
 public:
  //! A NULL of type VOID.
  Value() = default;
  static Value null(DataType type) { return Value(std::move(type), Storage{}); }

  static Value boolean(bool value) { return Value(DataType::boolean(), Storage{value}); }
  static Value byteValue(int8_t value) { return Value(DataType::byteType(), int64_t{value}); }
  static Value shortValue(int16_t value) { return Value(DataType::shortType(), int64_t{value}); }
  static Value intValue(int32_t value) { return Value(DataType::intType(), int64_t{value}); }
  static Value longValue(int64_t value) { return Value(DataType::longType(), value); }
  static Value floatValue(float value) { return Value(DataType::floatType(), Storage{value}); }
  static Value doubleValue(double value) { return Value(DataType::doubleType(), Storage{value}); }
  //! `unscaled` is the decimal's value times 10^scale.
  static Value decimal(int128_t unscaled, int precision, int scale) {
    return Value(DataType::decimal(precision, scale), Storage{unscaled});
  }
  static Value string(std::string value) { return Value(DataType::string(), std::move(value)); }
  //! A STRING of the type STRING COLLATE <collation>.
  static Value string(std::string value, CollationId collation) {
    return Value(DataType::string(collation), std::move(value));
  }
  static Value binary(std::string bytes) { return Value(DataType::binary(), std::move(bytes)); }
  //! A VARIANT's encoding: metadata then value (common/variant/variant.hpp).
  static Value variant(std::string encoded) {
    return Value(DataType::variant(), std::move(encoded));
  }
  static Value date(int32_t days) { return Value(DataType::date(), int64_t{days}); }
  static Value timestamp(int64_t micros) { return Value(DataType::timestamp(), micros); }
  static Value timestampNtz(int64_t micros) { return Value(DataType::timestampNtz(), micros); }
  static Value time(int64_t micros_of_day) { return Value(DataType::time(), micros_of_day); }
  //! A CALENDAR INTERVAL, by the bits of its CalendarInterval (common/types/calendar_interval).
  //! A GEOMETRY or GEOGRAPHY value's bytes: its SRID, then its WKB (common/types/geospatial.hpp).
  static Value spatial(DataType type, std::string bytes) {
    return Value(std::move(type), std::move(bytes));
  }
  static Value calendarInterval(int128_t bits) {
    return Value(DataType::calendarInterval(), Storage{bits});
  }
  //! ARRAY, MAP (children are STRUCT<key, value> values) or STRUCT (one child per field).
  static Value nested(DataType type, std::vector<Value> children) {
    return Value(std::move(type), Storage{std::move(children)});
  }
  //! A value of `type` built from its physical representation (integers, dates, intervals).
  static Value fromInt64(DataType type, int64_t value) { return Value(std::move(type), value); }

  const DataType& type() const { return type_; }
  bool isNull() const { return std::holds_alternative<std::monostate>(storage_); }

  bool getBoolean() const { return std::get<bool>(storage_); }
  //! Every integral type, DATE, TIMESTAMP(_NTZ) and the intervals.
  int64_t getInt64() const { return std::get<int64_t>(storage_); }
  float getFloat() const { return std::get<float>(storage_); }
  double getDouble() const { return std::get<double>(storage_); }
  int128_t getDecimalUnscaled() const { return std::get<int128_t>(storage_); }
  //! A CALENDAR INTERVAL's bits.
  int128_t getCalendarIntervalBits() const { return std::get<int128_t>(storage_); }
  //! STRING and BINARY bytes, a VARIANT's encoding.
  const std::string& getString() const { return std::get<std::string>(storage_); }
  const std::vector<Value>& children() const { return std::get<std::vector<Value>>(storage_); }

  //! Equal types and equal values; NULLs of the same type are equal (for tests and dedup).
  bool operator==(const Value& other) const;
  bool operator!=(const Value& other) const { return !(*this == other); }

  //! A short debugging form, "INT 42"; user-facing text goes through the formatters.
  std::string debugString() const;

 private:
  using Storage = std::variant<std::monostate, bool, int64_t, int128_t, float, double, std::string,
                               std::vector<Value>>;
  Value(DataType type, Storage storage) : type_(std::move(type)), storage_(std::move(storage)) {}

  DataType type_;
  Storage storage_;
};

}  // namespace sluice
