// src/common/types/data_type.hpp
//
// Spark's type system. A DataType is a small value: the type id, decimal precision and scale,
// interval fields, and for ARRAY / MAP / STRUCT a shared, immutable description of children.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/text/collation.hpp"

namespace sluice {

using idx_t = uint64_t;

enum class TypeId : uint8_t {
  kVoid,               // NULL literal type; every value is NULL
  kBoolean,            // uint8_t, 0 or 1
  kByte,               // TINYINT, int8_t
  kShort,              // SMALLINT, int16_t
  kInt,                // INT, int32_t
  kLong,               // BIGINT, int64_t
  kFloat,              // FLOAT, float
  kDouble,             // DOUBLE, double
  kDecimal,            // DECIMAL(p,s): int64_t when p <= 18, __int128 otherwise
  kString,             // STRING, StringView
  kBinary,             // BINARY, StringView
  kDate,               // DATE, int32_t days since 1970-01-01
  kTimestamp,          // TIMESTAMP (local time zone), int64_t microseconds since the epoch, UTC
  kTimestampNtz,       // TIMESTAMP_NTZ, int64_t microseconds of a wall-clock time
  kYearMonthInterval,  // INTERVAL YEAR TO MONTH and its subsets, int32_t months
  kDayTimeInterval,    // INTERVAL DAY TO SECOND and its subsets, int64_t microseconds
  kVariant,            // VARIANT, StringView: the metadata, then the value (common/variant)
  kArray,              // ListEntry per row + one child vector of elements
  kMap,                // ListEntry per row + one child STRUCT<key, value> vector
  kStruct,             // no data of its own; one child vector per field
  // Last, so that the ids above keep the numbers aggregate states were saved with.
  kTime,              // TIME(p), int64_t microseconds since midnight, 0 <= value < 86,400,000,000
  kCalendarInterval,  // Spark's CalendarIntervalType, "interval": CalendarInterval's 16 bytes
  kGeometry,          // GEOMETRY(srid), StringView: the value's SRID, then its WKB (geospatial.hpp)
  kGeography,         // GEOGRAPHY(srid), laid out as GEOMETRY
};

//! The fields an interval type spans, as in INTERVAL DAY TO SECOND.
enum class IntervalField : uint8_t { kYear, kMonth, kDay, kHour, kMinute, kSecond };

struct StructField;

class DataType {
 public:
  static constexpr uint8_t kMaxDecimalPrecision = 38;
  static constexpr uint8_t kMaxInt64DecimalPrecision = 18;
  static constexpr uint8_t kMaxTimePrecision = 6;
  //! The SRID of GEOMETRY(ANY) and GEOGRAPHY(ANY): each value carries its own.
  static constexpr int32_t kMixedSrid = -1;

  DataType() = default;
  explicit DataType(TypeId id) : id_(id) {}

  static DataType voidType() { return DataType(TypeId::kVoid); }
  static DataType boolean() { return DataType(TypeId::kBoolean); }
  static DataType byteType() { return DataType(TypeId::kByte); }
  static DataType shortType() { return DataType(TypeId::kShort); }
  static DataType intType() { return DataType(TypeId::kInt); }
  static DataType longType() { return DataType(TypeId::kLong); }
  static DataType floatType() { return DataType(TypeId::kFloat); }
  static DataType doubleType() { return DataType(TypeId::kDouble); }
  //! Checks 1 <= precision <= 38 and 0 <= scale <= precision (CANNOT_PARSE_DATATYPE otherwise).
  static DataType decimal(int precision, int scale);
  static DataType string() { return DataType(TypeId::kString); }
  //! STRING COLLATE <collation> (common/text/collation.hpp); kUtf8Binary is plain STRING.
  static DataType string(CollationId collation);
  static DataType binary() { return DataType(TypeId::kBinary); }
  static DataType date() { return DataType(TypeId::kDate); }
  static DataType timestamp() { return DataType(TypeId::kTimestamp); }
  static DataType timestampNtz() { return DataType(TypeId::kTimestampNtz); }
  static DataType variant() { return DataType(TypeId::kVariant); }
  //! TIME(p): fractional seconds kept to p digits, 0 <= p <= 6 (UNSUPPORTED_TIME_PRECISION).
  static DataType time(int precision = kMaxTimePrecision);
  //! make_interval's type: months, days and microseconds (common/types/calendar_interval.hpp).
  static DataType calendarInterval() { return DataType(TypeId::kCalendarInterval); }
  //! GEOMETRY(srid) and GEOGRAPHY(srid); kMixedSrid for ANY. The SRID is not checked here:
  //! common/types/geospatial.hpp names the supported ones.
  static DataType geometry(int32_t srid);
  static DataType geography(int32_t srid);
  static DataType yearMonthInterval(IntervalField start = IntervalField::kYear,
                                    IntervalField end = IntervalField::kMonth);
  static DataType dayTimeInterval(IntervalField start = IntervalField::kDay,
                                  IntervalField end = IntervalField::kSecond);
  static DataType array(DataType element, bool contains_null = true);
  static DataType map(DataType key, DataType value, bool value_contains_null = true);
  static DataType structOf(std::vector<StructField> fields);

  TypeId id() const { return id_; }
  int precision() const { return precision_; }
  int scale() const { return scale_; }
  IntervalField startField() const { return static_cast<IntervalField>(precision_); }
  IntervalField endField() const { return static_cast<IntervalField>(scale_); }
  //! STRING: how its values compare, group and sort; kUtf8Binary (bytes) for any other type.
  CollationId collation() const { return id_ == TypeId::kString ? precision_ : kUtf8Binary; }
  //! A STRING of a collation other than UTF8_BINARY.
  bool isCollatedString() const { return id_ == TypeId::kString && precision_ != kUtf8Binary; }
  //! GEOMETRY / GEOGRAPHY: the SRID of every value, or kMixedSrid.
  int32_t srid() const { return srid_; }

  const DataType& elementType() const;             // ARRAY
  bool containsNull() const;                       // ARRAY elements, MAP values
  const DataType& keyType() const;                 // MAP
  const DataType& valueType() const;               // MAP
  const std::vector<StructField>& fields() const;  // STRUCT
  //! The type of the single child vector of ARRAY (the element) and MAP (STRUCT<key, value>).
  const DataType& childType() const;

  bool isVoid() const { return id_ == TypeId::kVoid; }
  bool isIntegral() const { return id_ >= TypeId::kByte && id_ <= TypeId::kLong; }
  bool isFloating() const { return id_ == TypeId::kFloat || id_ == TypeId::kDouble; }
  bool isDecimal() const { return id_ == TypeId::kDecimal; }
  bool isNumeric() const { return id_ >= TypeId::kByte && id_ <= TypeId::kDecimal; }
  bool isStringLike() const { return id_ == TypeId::kString || id_ == TypeId::kBinary; }
  bool isDatetime() const { return id_ >= TypeId::kDate && id_ <= TypeId::kTimestampNtz; }
  bool isInterval() const {
    return id_ == TypeId::kYearMonthInterval || id_ == TypeId::kDayTimeInterval;
  }
  bool isNested() const {
    return id_ == TypeId::kArray || id_ == TypeId::kMap || id_ == TypeId::kStruct;
  }
  bool isTime() const { return id_ == TypeId::kTime; }
  bool isCalendarInterval() const { return id_ == TypeId::kCalendarInterval; }
  bool isVariant() const { return id_ == TypeId::kVariant; }
  bool isGeospatial() const { return id_ == TypeId::kGeometry || id_ == TypeId::kGeography; }
  //! Values are StringViews: STRING, BINARY, VARIANT, GEOMETRY and GEOGRAPHY.
  bool hasStringValues() const { return isStringLike() || isVariant() || isGeospatial(); }
  //! DECIMAL values of this type are stored as __int128 (precision above 18).
  bool isWideDecimal() const { return id_ == TypeId::kDecimal && precision_ > 18; }

  //! Bytes per value in the vector's data buffer; 0 for VOID and STRUCT.
  idx_t physicalSize() const;

  //! Spark's DataType.sql: "DECIMAL(10,2)", "ARRAY<STRUCT<a: INT, b: STRING>>".
  std::string sql() const;
  //! Spark's simpleString, used by typeof(): "decimal(10,2)", "array<struct<a:int,b:string>>".
  std::string simpleString() const;

  //! Equal ids, parameters and children, including field names and nullability.
  bool operator==(const DataType& other) const;
  bool operator!=(const DataType& other) const { return !(*this == other); }
  //! Equal ignoring nullability flags (containsNull, valueContainsNull, field nullability).
  bool sameStructure(const DataType& other) const;

 private:
  struct Nested;

  TypeId id_ = TypeId::kVoid;
  uint8_t precision_ = 0;  // DECIMAL or TIME precision, an interval's start field, or a
                           // STRING's collation
  uint8_t scale_ = 0;      // DECIMAL scale, or an interval's end field
  int32_t srid_ = 0;       // GEOMETRY / GEOGRAPHY
  std::shared_ptr<const Nested> nested_;
};

struct StructField {
  std::string name;
  DataType type;
  bool nullable = true;
  std::string comment;

  bool operator==(const StructField& other) const {
    return name == other.name && type == other.type && nullable == other.nullable;
  }
};

//! A struct field's name as DataType::sql writes it: in backquotes unless a plain identifier.
std::string sqlFieldName(const std::string& name);

//! `names` spelled as `fields` spell them (names match case-insensitively, as Spark's do); a
//! name that is no field stays as written, for the caller to refuse.
std::vector<std::string> spelledAsFields(const std::vector<std::string>& names,
                                         const std::vector<StructField>& fields);

//! The physical layout of one ARRAY or MAP row: `length` children starting at `offset`.
struct ListEntry {
  uint32_t offset;
  uint32_t length;
};

using int128_t = __int128;

}  // namespace sluice
