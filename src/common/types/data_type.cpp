#include "common/types/data_type.hpp"

#include <fmt/format.h>

#include "common/check.hpp"
#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"
#include "common/types/string_view.hpp"

namespace sluice {

struct DataType::Nested {
  // ARRAY: children[0] is the element type. MAP: children[0] is STRUCT<key, value>.
  std::vector<DataType> children;
  bool contains_null = true;
  std::vector<StructField> fields;  // STRUCT
};

DataType DataType::time(int precision) {
  if (precision < 0 || precision > kMaxTimePrecision) {
    throwError(ErrorClass::UNSUPPORTED_TIME_PRECISION,
               "The seconds precision {} of the TIME data type is out of the supported range "
               "[0, {}].",
               precision, kMaxTimePrecision);
  }
  DataType type(TypeId::kTime);
  type.precision_ = static_cast<uint8_t>(precision);
  return type;
}

DataType DataType::string(CollationId collation) {
  DataType type(TypeId::kString);
  type.precision_ = collation;
  return type;
}

DataType DataType::geometry(int32_t srid) {
  DataType type(TypeId::kGeometry);
  type.srid_ = srid;
  return type;
}

DataType DataType::geography(int32_t srid) {
  DataType type(TypeId::kGeography);
  type.srid_ = srid;
  return type;
}

DataType DataType::decimal(int precision, int scale) {
  if (precision < 1 || precision > kMaxDecimalPrecision) {
    throwError(ErrorClass::DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION,
               "Decimal precision {} exceeds max precision {}.", precision, kMaxDecimalPrecision);
  }
  if (scale < 0 || scale > precision) {
    throwError(ErrorClass::CANNOT_PARSE_DATATYPE,
               "Decimal scale ({}) cannot be greater than precision ({}).", scale, precision);
  }
  DataType type(TypeId::kDecimal);
  type.precision_ = static_cast<uint8_t>(precision);
  type.scale_ = static_cast<uint8_t>(scale);
  return type;
}

DataType DataType::yearMonthInterval(IntervalField start, IntervalField end) {
  DataType type(TypeId::kYearMonthInterval);
  type.precision_ = static_cast<uint8_t>(start);
  type.scale_ = static_cast<uint8_t>(end);
  return type;
}

DataType DataType::dayTimeInterval(IntervalField start, IntervalField end) {
  DataType type(TypeId::kDayTimeInterval);
  type.precision_ = static_cast<uint8_t>(start);
  type.scale_ = static_cast<uint8_t>(end);
  return type;
}

DataType DataType::array(DataType element, bool contains_null) {
  DataType type(TypeId::kArray);
  auto nested = std::make_shared<Nested>();
  nested->children.push_back(std::move(element));
  nested->contains_null = contains_null;
  type.nested_ = std::move(nested);
  return type;
}

DataType DataType::map(DataType key, DataType value, bool value_contains_null) {
  DataType type(TypeId::kMap);
  auto nested = std::make_shared<Nested>();
  nested->children.push_back(
      structOf({StructField{"key", std::move(key), false, {}},
                StructField{"value", std::move(value), value_contains_null, {}}}));
  nested->contains_null = value_contains_null;
  type.nested_ = std::move(nested);
  return type;
}

DataType DataType::structOf(std::vector<StructField> fields) {
  DataType type(TypeId::kStruct);
  auto nested = std::make_shared<Nested>();
  nested->fields = std::move(fields);
  type.nested_ = std::move(nested);
  return type;
}

const DataType& DataType::elementType() const {
  SLUICE_CHECK(id_ == TypeId::kArray);
  return nested_->children[0];
}

bool DataType::containsNull() const {
  SLUICE_CHECK(id_ == TypeId::kArray || id_ == TypeId::kMap);
  return nested_->contains_null;
}

const DataType& DataType::keyType() const {
  SLUICE_CHECK(id_ == TypeId::kMap);
  return nested_->children[0].fields()[0].type;
}

const DataType& DataType::valueType() const {
  SLUICE_CHECK(id_ == TypeId::kMap);
  return nested_->children[0].fields()[1].type;
}

const std::vector<StructField>& DataType::fields() const {
  SLUICE_CHECK(id_ == TypeId::kStruct);
  return nested_->fields;
}

const DataType& DataType::childType() const {
  SLUICE_CHECK(id_ == TypeId::kArray || id_ == TypeId::kMap);
  return nested_->children[0];
}

idx_t DataType::physicalSize() const {
  switch (id_) {
    case TypeId::kVoid:
    case TypeId::kStruct:
      return 0;
    case TypeId::kBoolean:
    case TypeId::kByte:
      return 1;
    case TypeId::kShort:
      return 2;
    case TypeId::kInt:
    case TypeId::kFloat:
    case TypeId::kDate:
    case TypeId::kYearMonthInterval:
      return 4;
    case TypeId::kLong:
    case TypeId::kDouble:
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz:
    case TypeId::kDayTimeInterval:
    case TypeId::kTime:
      return 8;
    case TypeId::kDecimal:
      return isWideDecimal() ? 16 : 8;
    case TypeId::kCalendarInterval:
      return 16;
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kVariant:
    case TypeId::kGeometry:
    case TypeId::kGeography:
      return sizeof(StringView);
    case TypeId::kArray:
    case TypeId::kMap:
      return sizeof(ListEntry);
  }
  SLUICE_UNREACHABLE("unknown type id");
}

namespace {

std::string_view intervalFieldName(IntervalField field) {
  switch (field) {
    case IntervalField::kYear:
      return "YEAR";
    case IntervalField::kMonth:
      return "MONTH";
    case IntervalField::kDay:
      return "DAY";
    case IntervalField::kHour:
      return "HOUR";
    case IntervalField::kMinute:
      return "MINUTE";
    case IntervalField::kSecond:
      return "SECOND";
  }
  return "?";
}

std::string intervalSql(const DataType& type) {
  if (type.startField() == type.endField()) {
    return fmt::format("INTERVAL {}", intervalFieldName(type.startField()));
  }
  return fmt::format("INTERVAL {} TO {}", intervalFieldName(type.startField()),
                     intervalFieldName(type.endField()));
}

std::string spatialSql(std::string_view name, int32_t srid) {
  if (srid == DataType::kMixedSrid)
    return fmt::format("{}(ANY)", name);
  return fmt::format("{}({})", name, srid);
}

std::string toLower(std::string text) {
  for (char& c : text)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

}  // namespace

std::string sqlFieldName(const std::string& name) {
  // Field names are quoted when they are not plain identifiers, as Spark does.
  bool plain = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]));
  for (char c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
      plain = false;
  }
  return plain ? name : "`" + name + "`";
}

std::string DataType::sql() const {
  switch (id_) {
    case TypeId::kVoid:
      return "VOID";
    case TypeId::kBoolean:
      return "BOOLEAN";
    case TypeId::kByte:
      return "TINYINT";
    case TypeId::kShort:
      return "SMALLINT";
    case TypeId::kInt:
      return "INT";
    case TypeId::kLong:
      return "BIGINT";
    case TypeId::kFloat:
      return "FLOAT";
    case TypeId::kDouble:
      return "DOUBLE";
    case TypeId::kDecimal:
      return fmt::format("DECIMAL({},{})", precision_, scale_);
    case TypeId::kString:
      if (isCollatedString())
        return fmt::format("STRING COLLATE {}", Collation::byId(collation()).name());
      return "STRING";
    case TypeId::kBinary:
      return "BINARY";
    case TypeId::kDate:
      return "DATE";
    case TypeId::kTimestamp:
      return "TIMESTAMP";
    case TypeId::kTimestampNtz:
      return "TIMESTAMP_NTZ";
    case TypeId::kTime:
      return fmt::format("TIME({})", precision_);
    case TypeId::kCalendarInterval:
      return "INTERVAL";
    case TypeId::kYearMonthInterval:
    case TypeId::kDayTimeInterval:
      return intervalSql(*this);
    case TypeId::kVariant:
      return "VARIANT";
    case TypeId::kGeometry:
      return spatialSql("GEOMETRY", srid_);
    case TypeId::kGeography:
      return spatialSql("GEOGRAPHY", srid_);
    case TypeId::kArray:
      return fmt::format("ARRAY<{}>", elementType().sql());
    case TypeId::kMap:
      return fmt::format("MAP<{}, {}>", keyType().sql(), valueType().sql());
    case TypeId::kStruct: {
      std::string out = "STRUCT<";
      for (size_t i = 0; i < fields().size(); ++i) {
        if (i > 0)
          out += ", ";
        const StructField& field = fields()[i];
        out += sqlFieldName(field.name);
        out += ": ";
        out += field.type.sql();
        if (!field.nullable)
          out += " NOT NULL";
        if (!field.comment.empty())
          out += fmt::format(" COMMENT '{}'", field.comment);
      }
      return out + ">";
    }
  }
  SLUICE_UNREACHABLE("unknown type id");
}

std::string DataType::simpleString() const {
  switch (id_) {
    case TypeId::kDecimal:
      return fmt::format("decimal({},{})", precision_, scale_);
    case TypeId::kYearMonthInterval:
    case TypeId::kDayTimeInterval:
      return toLower(intervalSql(*this));
    case TypeId::kString:
      if (isCollatedString())
        return fmt::format("string collate {}", Collation::byId(collation()).name());
      return "string";
    case TypeId::kArray:
      return fmt::format("array<{}>", elementType().simpleString());
    case TypeId::kMap:
      return fmt::format("map<{},{}>", keyType().simpleString(), valueType().simpleString());
    case TypeId::kStruct: {
      std::string out = "struct<";
      for (size_t i = 0; i < fields().size(); ++i) {
        if (i > 0)
          out += ",";
        out += fields()[i].name + ":" + fields()[i].type.simpleString();
      }
      return out + ">";
    }
    default:
      return toLower(sql());
  }
}

bool DataType::operator==(const DataType& other) const {
  if (id_ != other.id_ || precision_ != other.precision_ || scale_ != other.scale_ ||
      srid_ != other.srid_)
    return false;
  if (!isNested())
    return true;
  if (nested_ == other.nested_)
    return true;
  return nested_->children == other.nested_->children &&
         nested_->contains_null == other.nested_->contains_null &&
         nested_->fields == other.nested_->fields;
}

bool DataType::sameStructure(const DataType& other) const {
  if (id_ != other.id_ || precision_ != other.precision_ || scale_ != other.scale_ ||
      srid_ != other.srid_)
    return false;
  switch (id_) {
    case TypeId::kArray:
    case TypeId::kMap:
      return childType().sameStructure(other.childType());
    case TypeId::kStruct: {
      if (fields().size() != other.fields().size())
        return false;
      for (size_t i = 0; i < fields().size(); ++i) {
        if (fields()[i].name != other.fields()[i].name ||
            !fields()[i].type.sameStructure(other.fields()[i].type)) {
          return false;
        }
      }
      return true;
    }
    default:
      return true;
  }
}

std::vector<std::string> spelledAsFields(const std::vector<std::string>& names,
                                         const std::vector<StructField>& fields) {
  std::vector<std::string> spelled;
  for (const std::string& name : names) {
    std::string match = name;
    for (const StructField& field : fields) {
      if (sameIdentifier(field.name, name))
        match = field.name;
    }
    spelled.push_back(match);
  }
  return spelled;
}

}  // namespace sluice
