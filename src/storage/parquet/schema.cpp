// src/storage/parquet/schema.cpp
//
// Spark type <-> Parquet schema conversion and the definition / repetition levels of every
// node. Reading follows Spark's ParquetToSparkSchemaConverter rule by rule (including the
// backward-compatibility rules for 2-level lists); writing emits what Spark writes with
// spark.sql.parquet.outputTimestampType=TIMESTAMP_MICROS.
#include "storage/parquet/schema.hpp"

#include <fmt/format.h>

#include "common/check.hpp"
#include "common/error/error.hpp"
#include "common/types/geospatial.hpp"
#include "storage/parquet/format_error.hpp"

namespace sluice::parquet {

namespace {

constexpr int kMaxSchemaDepth = 64;

//! A schema element with its children, rebuilt from the depth-first element list.
struct RawNode {
  const SchemaElement* element = nullptr;
  std::vector<RawNode> children;

  bool isLeaf() const { return children.empty(); }
};

RawNode parseTree(const std::vector<SchemaElement>& elements, size_t& index, int depth) {
  if (depth > kMaxSchemaDepth)
    throwFormatError("schema nested deeper than {}", kMaxSchemaDepth);
  if (index >= elements.size())
    throwFormatError("schema ends inside a group");
  RawNode node;
  node.element = &elements[index++];
  int32_t children = node.element->num_children.value_or(0);
  if (children < 0 || static_cast<size_t>(children) > elements.size() - index) {
    throwFormatError("schema element {} claims {} children, more than the schema holds",
                     node.element->name, children);
  }
  if (children == 0 && depth > 0 && !node.element->type) {
    throwFormatError("schema element {} is neither a primitive nor a group with fields",
                     node.element->name);
  }
  node.children.reserve(children);
  for (int32_t child = 0; child < children; ++child) {
    node.children.push_back(parseTree(elements, index, depth + 1));
  }
  return node;
}

std::string_view physicalName(PhysicalType type) {
  switch (type) {
    case PhysicalType::kBoolean:
      return "BOOLEAN";
    case PhysicalType::kInt32:
      return "INT32";
    case PhysicalType::kInt64:
      return "INT64";
    case PhysicalType::kInt96:
      return "INT96";
    case PhysicalType::kFloat:
      return "FLOAT";
    case PhysicalType::kDouble:
      return "DOUBLE";
    case PhysicalType::kByteArray:
      return "BINARY";
    case PhysicalType::kFixedLenByteArray:
      return "FIXED_LEN_BYTE_ARRAY";
  }
  return "UNKNOWN";
}

std::string_view unitName(TimeUnit unit) {
  switch (unit) {
    case TimeUnit::kMillis:
      return "MILLIS";
    case TimeUnit::kMicros:
      return "MICROS";
    case TimeUnit::kNanos:
      return "NANOS";
  }
  return "UNKNOWN";
}

//! The logical type, derived from the legacy converted type when only that is present.
LogicalType effectiveLogicalType(const SchemaElement& element) {
  if (element.logical_type.kind != LogicalType::Kind::kNone &&
      element.logical_type.kind != LogicalType::Kind::kOther) {
    return element.logical_type;
  }
  LogicalType logical;
  logical.kind = element.logical_type.kind;
  if (!element.converted_type)
    return logical;
  using Kind = LogicalType::Kind;
  auto integer = [&](int8_t bits, bool is_signed) {
    logical.kind = Kind::kInteger;
    logical.bit_width = bits;
    logical.is_signed = is_signed;
  };
  switch (*element.converted_type) {
    case ConvertedType::kUtf8:
      logical.kind = Kind::kString;
      break;
    case ConvertedType::kMap:
    case ConvertedType::kMapKeyValue:
      logical.kind = Kind::kMap;
      break;
    case ConvertedType::kList:
      logical.kind = Kind::kList;
      break;
    case ConvertedType::kEnum:
      logical.kind = Kind::kEnum;
      break;
    case ConvertedType::kDecimal:
      logical.kind = Kind::kDecimal;
      logical.scale = element.scale.value_or(0);
      logical.precision = element.precision.value_or(0);
      break;
    case ConvertedType::kDate:
      logical.kind = Kind::kDate;
      break;
    case ConvertedType::kTimeMillis:
    case ConvertedType::kTimeMicros:
      logical.kind = Kind::kTime;
      logical.is_adjusted_to_utc = true;
      logical.unit = *element.converted_type == ConvertedType::kTimeMillis ? TimeUnit::kMillis
                                                                           : TimeUnit::kMicros;
      break;
    case ConvertedType::kTimestampMillis:
    case ConvertedType::kTimestampMicros:
      logical.kind = Kind::kTimestamp;
      logical.is_adjusted_to_utc = true;
      logical.unit = *element.converted_type == ConvertedType::kTimestampMillis ? TimeUnit::kMillis
                                                                                : TimeUnit::kMicros;
      break;
    case ConvertedType::kUint8:
      integer(8, false);
      break;
    case ConvertedType::kUint16:
      integer(16, false);
      break;
    case ConvertedType::kUint32:
      integer(32, false);
      break;
    case ConvertedType::kUint64:
      integer(64, false);
      break;
    case ConvertedType::kInt8:
      integer(8, true);
      break;
    case ConvertedType::kInt16:
      integer(16, true);
      break;
    case ConvertedType::kInt32:
      integer(32, true);
      break;
    case ConvertedType::kInt64:
      integer(64, true);
      break;
    case ConvertedType::kJson:
      logical.kind = Kind::kJson;
      break;
    case ConvertedType::kBson:
      logical.kind = Kind::kBson;
      break;
    case ConvertedType::kInterval:
      logical.kind = Kind::kOther;
      break;
    default:
      logical.kind = Kind::kOther;
      break;
  }
  return logical;
}

//! Spark's rendering of a primitive type in error messages: "INT64 (TIMESTAMP(NANOS,true))".
std::string describe(const SchemaElement& element, const LogicalType& logical) {
  std::string physical(physicalName(element.type.value_or(PhysicalType::kInt32)));
  using Kind = LogicalType::Kind;
  std::string annotation;
  switch (logical.kind) {
    case Kind::kNone:
      return physical;
    case Kind::kString:
      annotation = "STRING";
      break;
    case Kind::kMap:
      annotation = "MAP";
      break;
    case Kind::kList:
      annotation = "LIST";
      break;
    case Kind::kEnum:
      annotation = "ENUM";
      break;
    case Kind::kDecimal:
      annotation = fmt::format("DECIMAL({},{})", logical.precision, logical.scale);
      break;
    case Kind::kDate:
      annotation = "DATE";
      break;
    case Kind::kTime:
      annotation = fmt::format("TIME({},{})", unitName(logical.unit), logical.is_adjusted_to_utc);
      break;
    case Kind::kTimestamp:
      annotation =
          fmt::format("TIMESTAMP({},{})", unitName(logical.unit), logical.is_adjusted_to_utc);
      break;
    case Kind::kInteger:
      annotation = fmt::format("INTEGER({},{})", logical.bit_width, logical.is_signed);
      break;
    case Kind::kUnknown:
      annotation = "UNKNOWN";
      break;
    case Kind::kJson:
      annotation = "JSON";
      break;
    case Kind::kBson:
      annotation = "BSON";
      break;
    case Kind::kUuid:
      annotation = "UUID";
      break;
    case Kind::kFloat16:
      annotation = "FLOAT16";
      break;
    case Kind::kGeometry:
      annotation = fmt::format("GEOMETRY({})", logical.crs.empty() ? "OGC:CRS84" : logical.crs);
      break;
    case Kind::kGeography:
      annotation = fmt::format("GEOGRAPHY({},{})", logical.crs.empty() ? "OGC:CRS84" : logical.crs,
                               logical.edge_algorithm);
      break;
    case Kind::kOther:
      annotation = "an unknown annotation";
      break;
  }
  return fmt::format("{} ({})", physical, annotation);
}

[[noreturn]] void illegalType(const SchemaElement& element, const LogicalType& logical) {
  throwError(ErrorClass::PARQUET_TYPE_ILLEGAL, "Illegal Parquet type: {}.",
             describe(element, logical));
}

[[noreturn]] void typeNotSupported(const SchemaElement& element, const LogicalType& logical) {
  throwError(ErrorClass::PARQUET_TYPE_NOT_SUPPORTED, "Parquet type not yet supported: {}.",
             describe(element, logical));
}

//! The largest precision `bytes` bytes of two's complement hold (Spark's
//! Decimal.maxPrecisionForBytes).
int maxPrecisionForBytes(int32_t bytes) {
  if (bytes <= 0)
    return 0;
  if (bytes >= 16)
    return DataType::kMaxDecimalPrecision;
  unsigned __int128 limit = (static_cast<unsigned __int128>(1) << (8 * bytes - 1)) - 1;
  int digits = 0;
  unsigned __int128 power = 10;
  while (power <= limit) {
    ++digits;
    power *= 10;
  }
  return digits;
}

DataType decimalType(const SchemaElement& element, const LogicalType& logical, int max_precision) {
  if (max_precision >= 0 && (logical.precision < 1 || logical.precision > max_precision)) {
    throwError(ErrorClass::PARQUET_TYPE_ILLEGAL,
               "Invalid decimal precision: {} cannot store {} digits (max {}).",
               physicalName(*element.type), logical.precision, max_precision);
  }
  return DataType::decimal(logical.precision, logical.scale);
}

//! Sets the Spark type and conversion of a leaf, or throws as Spark does.
void classifyLeaf(const SchemaElement& element, LeafColumn& leaf) {
  using Kind = LogicalType::Kind;
  const LogicalType& logical = leaf.logical_type;
  leaf.conversion = ValueConversion::kNone;
  if (logical.kind == Kind::kUnknown) {
    leaf.type = DataType::voidType();
    return;
  }
  switch (leaf.physical) {
    case PhysicalType::kBoolean:
      if (logical.kind != Kind::kNone)
        illegalType(element, logical);
      leaf.type = DataType::boolean();
      return;
    case PhysicalType::kFloat:
      if (logical.kind != Kind::kNone)
        illegalType(element, logical);
      leaf.type = DataType::floatType();
      return;
    case PhysicalType::kDouble:
      if (logical.kind != Kind::kNone)
        illegalType(element, logical);
      leaf.type = DataType::doubleType();
      return;
    case PhysicalType::kInt32:
      switch (logical.kind) {
        case Kind::kNone:
          leaf.type = DataType::intType();
          return;
        case Kind::kInteger:
          if (logical.is_signed) {
            if (logical.bit_width == 8) {
              leaf.type = DataType::byteType();
              leaf.conversion = ValueConversion::kInt32ToInt8;
              return;
            }
            if (logical.bit_width == 16) {
              leaf.type = DataType::shortType();
              leaf.conversion = ValueConversion::kInt32ToInt16;
              return;
            }
            if (logical.bit_width == 32) {
              leaf.type = DataType::intType();
              return;
            }
          } else {
            if (logical.bit_width == 8) {
              leaf.type = DataType::shortType();
              leaf.conversion = ValueConversion::kUint8ToInt16;
              return;
            }
            if (logical.bit_width == 16) {
              leaf.type = DataType::intType();
              leaf.conversion = ValueConversion::kUint16ToInt32;
              return;
            }
            if (logical.bit_width == 32) {
              leaf.type = DataType::longType();
              leaf.conversion = ValueConversion::kUint32ToInt64;
              return;
            }
          }
          illegalType(element, logical);
        case Kind::kDate:
          leaf.type = DataType::date();
          return;
        case Kind::kDecimal:
          leaf.type = decimalType(element, logical, 9);
          leaf.conversion = ValueConversion::kInt32ToInt64;
          return;
        case Kind::kTimestamp:
          if (logical.unit == TimeUnit::kMillis)
            typeNotSupported(element, logical);
          illegalType(element, logical);
        case Kind::kTime:
          typeNotSupported(element, logical);
        default:
          illegalType(element, logical);
      }
    case PhysicalType::kInt64:
      switch (logical.kind) {
        case Kind::kNone:
          leaf.type = DataType::longType();
          return;
        case Kind::kInteger:
          if (logical.bit_width != 64)
            illegalType(element, logical);
          if (logical.is_signed) {
            leaf.type = DataType::longType();
          } else {
            leaf.type = DataType::decimal(20, 0);
            leaf.conversion = ValueConversion::kUint64ToInt128;
          }
          return;
        case Kind::kDecimal:
          leaf.type = decimalType(element, logical, 18);
          return;
        case Kind::kTimestamp:
          // Spark rejects NANOS (unless spark.sql.legacy.parquet.nanosAsLong); sluice reads
          // them as microseconds so that files from other engines stay readable.
          leaf.type = logical.is_adjusted_to_utc ? DataType::timestamp() : DataType::timestampNtz();
          if (logical.unit == TimeUnit::kMillis)
            leaf.conversion = ValueConversion::kMillisToMicros;
          if (logical.unit == TimeUnit::kNanos)
            leaf.conversion = ValueConversion::kNanosToMicros;
          return;
        case Kind::kTime:
          // TIME(MICROS) as Spark writes it; NANOS cut to microseconds.
          leaf.type = DataType::time();
          if (logical.unit == TimeUnit::kNanos)
            leaf.conversion = ValueConversion::kNanosToMicros;
          return;
        default:
          illegalType(element, logical);
      }
    case PhysicalType::kInt96:
      leaf.type = DataType::timestamp();
      leaf.conversion = ValueConversion::kInt96ToMicros;
      return;
    case PhysicalType::kByteArray:
      switch (logical.kind) {
        case Kind::kString:
        case Kind::kEnum:
        case Kind::kJson:
          leaf.type = DataType::string();
          return;
        case Kind::kNone:
        case Kind::kBson:
          leaf.type = DataType::binary();
          return;
        case Kind::kDecimal:
          leaf.type = decimalType(element, logical, -1);
          leaf.conversion = leaf.type.isWideDecimal() ? ValueConversion::kBytesToDecimal128
                                                      : ValueConversion::kBytesToDecimal64;
          return;
        case Kind::kGeometry:
        case Kind::kGeography: {
          // Spark 4.1's SRIDs, and spherical edges for GEOGRAPHY; the WKB is checked as a value
          // is shown or used, not as it is read.
          std::optional<int32_t> srid = crsSrid(logical.crs);
          bool geography = logical.kind == Kind::kGeography;
          if (!srid || (geography && (*srid != kGeographySrid || logical.edge_algorithm != 0)))
            typeNotSupported(element, logical);
          leaf.type = geography ? DataType::geography(*srid) : DataType::geometry(*srid);
          leaf.conversion = ValueConversion::kWkbToSpatial;
          return;
        }
        default:
          illegalType(element, logical);
      }
    case PhysicalType::kFixedLenByteArray:
      if (leaf.type_length < 0) {
        throwFormatError("column {} has the invalid fixed length {}", element.name,
                         leaf.type_length);
      }
      switch (logical.kind) {
        case Kind::kDecimal:
          leaf.type = decimalType(element, logical, maxPrecisionForBytes(leaf.type_length));
          leaf.conversion = leaf.type.isWideDecimal() ? ValueConversion::kBytesToDecimal128
                                                      : ValueConversion::kBytesToDecimal64;
          return;
        case Kind::kNone:
          leaf.type = DataType::binary();
          return;
        case Kind::kUuid:
          // Spark rejects UUID; sluice reads it as its canonical text, as DuckDB does.
          if (leaf.type_length != 16)
            illegalType(element, logical);
          leaf.type = DataType::string();
          leaf.conversion = ValueConversion::kUuidToString;
          return;
        case Kind::kFloat16:
          typeNotSupported(element, logical);
        default:
          if (element.converted_type == ConvertedType::kInterval) {
            typeNotSupported(element, logical);
          }
          illegalType(element, logical);
      }
  }
  throwFormatError("column {} has the unknown physical type {}", element.name,
                   static_cast<int32_t>(leaf.physical));
}

//! Spark's isElementType: the backward-compatibility rules for lists.
bool isElementType(const RawNode& repeated, const std::string& parent_name) {
  if (repeated.isLeaf())
    return true;
  if (repeated.children.size() > 1)
    return true;
  if (repeated.element->name == "array")
    return true;
  return repeated.element->name == parent_name + "_tuple";
}

class SchemaInterpreter {
 public:
  explicit SchemaInterpreter(ParquetSchema& schema) : schema_(schema) {}

  ColumnNode convert(const RawNode& raw, int16_t definition, int16_t repetition,
                     bool force_required) {
    const SchemaElement& element = *raw.element;
    if (!element.repetition) {
      throwFormatError("schema element {} has no repetition type", element.name);
    }
    Repetition kind = *element.repetition;
    if (kind != Repetition::kRequired && kind != Repetition::kOptional &&
        kind != Repetition::kRepeated) {
      throwError(ErrorClass::PARQUET_TYPE_NOT_SUPPORTED,
                 "Parquet repetition type {} of field {} is not supported.",
                 static_cast<int32_t>(kind), element.name);
    }
    path_.push_back(element.name);
    ColumnNode node;
    node.field_id = element.field_id;
    if (!force_required && kind == Repetition::kRepeated) {
      // A repeated field outside a LIST or MAP group: a required list of required elements.
      node.kind = ColumnNode::Kind::kList;
      node.name = element.name;
      node.nullable = false;
      node.definition_level = definition;
      node.repetition_level = repetition;
      node.first_leaf = static_cast<uint32_t>(schema_.leaves.size());
      setRepeated(node, definition + 1, repetition + 1);
      path_.pop_back();  // the element is this same schema element
      node.children.push_back(
          convert(raw, node.repeated_definition_level, node.repeated_repetition_level, true));
      path_.push_back(element.name);
      node.type = DataType::array(node.children[0].type, false);
    } else {
      node.name = element.name;
      node.nullable = !force_required && kind == Repetition::kOptional;
      node.definition_level = static_cast<int16_t>(definition + (node.nullable ? 1 : 0));
      node.repetition_level = repetition;
      node.first_leaf = static_cast<uint32_t>(schema_.leaves.size());
      if (raw.isLeaf()) {
        convertLeaf(element, node);
      } else {
        convertGroup(raw, node);
      }
    }
    node.leaf_count = static_cast<uint32_t>(schema_.leaves.size()) - node.first_leaf;
    path_.pop_back();
    return node;
  }

 private:
  void setRepeated(ColumnNode& node, int definition, int repetition) {
    if (definition > INT16_MAX / 2 || repetition > INT16_MAX / 2) {
      throwFormatError("schema nests too deeply");
    }
    node.repeated_definition_level = static_cast<int16_t>(definition);
    node.repeated_repetition_level = static_cast<int16_t>(repetition);
  }

  void convertLeaf(const SchemaElement& element, ColumnNode& node) {
    node.kind = ColumnNode::Kind::kPrimitive;
    LeafColumn leaf;
    leaf.path = path_;
    leaf.physical = *element.type;
    leaf.type_length = element.type_length.value_or(0);
    leaf.max_definition_level = node.definition_level;
    leaf.max_repetition_level = node.repetition_level;
    leaf.logical_type = effectiveLogicalType(element);
    classifyLeaf(element, leaf);
    node.type = leaf.type;
    schema_.leaves.push_back(std::move(leaf));
  }

  void convertGroup(const RawNode& raw, ColumnNode& node) {
    const SchemaElement& element = *raw.element;
    LogicalType logical = effectiveLogicalType(element);
    switch (logical.kind) {
      case LogicalType::Kind::kList: {
        if (raw.children.size() != 1 ||
            raw.children[0].element->repetition != Repetition::kRepeated) {
          throwError(ErrorClass::PARQUET_TYPE_ILLEGAL, "Invalid list type {}.", element.name);
        }
        const RawNode& repeated = raw.children[0];
        node.kind = ColumnNode::Kind::kList;
        setRepeated(node, node.definition_level + 1, node.repetition_level + 1);
        if (isElementType(repeated, element.name)) {
          node.children.push_back(convert(repeated, node.repeated_definition_level,
                                          node.repeated_repetition_level, true));
          node.type = DataType::array(node.children[0].type, false);
        } else {
          path_.push_back(repeated.element->name);
          node.children.push_back(convert(repeated.children[0], node.repeated_definition_level,
                                          node.repeated_repetition_level, false));
          path_.pop_back();
          node.type = DataType::array(node.children[0].type, node.children[0].nullable);
        }
        return;
      }
      case LogicalType::Kind::kMap: {
        if (raw.children.size() != 1 || raw.children[0].isLeaf() ||
            raw.children[0].element->repetition != Repetition::kRepeated ||
            raw.children[0].children.size() != 2) {
          throwError(ErrorClass::PARQUET_TYPE_ILLEGAL, "Invalid map type: {}.", element.name);
        }
        const RawNode& key_value = raw.children[0];
        node.kind = ColumnNode::Kind::kMap;
        setRepeated(node, node.definition_level + 1, node.repetition_level + 1);
        path_.push_back(key_value.element->name);
        for (const RawNode& child : key_value.children) {
          node.children.push_back(convert(child, node.repeated_definition_level,
                                          node.repeated_repetition_level, false));
        }
        path_.pop_back();
        node.type =
            DataType::map(node.children[0].type, node.children[1].type, node.children[1].nullable);
        return;
      }
      case LogicalType::Kind::kNone: {
        node.kind = ColumnNode::Kind::kStruct;
        std::vector<StructField> fields;
        for (const RawNode& child : raw.children) {
          node.children.push_back(
              convert(child, node.definition_level, node.repetition_level, false));
          const ColumnNode& field = node.children.back();
          fields.push_back(StructField{field.name, field.type, field.nullable, {}});
        }
        node.type = DataType::structOf(std::move(fields));
        return;
      }
      default:
        throwError(ErrorClass::PARQUET_TYPE_NOT_SUPPORTED, "Unrecognized Parquet type: {} ({}).",
                   element.name, describe(element, logical));
    }
  }

  ParquetSchema& schema_;
  std::vector<std::string> path_;
};

//! Appends the schema elements of one Spark field (Spark's SparkToParquetSchemaConverter in
//! standard mode, timestamps as TIMESTAMP_MICROS).
void addElements(const std::string& name, const DataType& type, Repetition repetition,
                 const FieldIdTree* ids, std::vector<SchemaElement>& elements) {
  SchemaElement element;
  element.name = name;
  element.repetition = repetition;
  if (ids)
    element.field_id = ids->id;
  //! The ids of nested field `index`, when given.
  auto child = [&](size_t index) -> const FieldIdTree* {
    return ids && index < ids->children.size() ? &ids->children[index] : nullptr;
  };
  auto primitive = [&](PhysicalType physical) { element.type = physical; };
  auto integer = [&](int8_t bits, ConvertedType converted) {
    element.type = PhysicalType::kInt32;
    element.converted_type = converted;
    element.logical_type.kind = LogicalType::Kind::kInteger;
    element.logical_type.bit_width = bits;
    element.logical_type.is_signed = true;
  };
  switch (type.id()) {
    case TypeId::kVoid:
      primitive(PhysicalType::kBoolean);
      element.logical_type.kind = LogicalType::Kind::kUnknown;
      break;
    case TypeId::kBoolean:
      primitive(PhysicalType::kBoolean);
      break;
    case TypeId::kByte:
      integer(8, ConvertedType::kInt8);
      break;
    case TypeId::kShort:
      integer(16, ConvertedType::kInt16);
      break;
    case TypeId::kInt:
    case TypeId::kYearMonthInterval:
      primitive(PhysicalType::kInt32);
      break;
    case TypeId::kLong:
    case TypeId::kDayTimeInterval:
      primitive(PhysicalType::kInt64);
      break;
    case TypeId::kCalendarInterval:
      throw Error(ErrorClass::UNSUPPORTED_DATATYPE,
                  "A Parquet file cannot store a column of type INTERVAL (make_interval); cast "
                  "it to STRING.");
    case TypeId::kGeometry:
    case TypeId::kGeography:
      // The WKB, in a column of one CRS: a value of GEOMETRY(ANY) would lose its SRID.
      if (type.srid() == DataType::kMixedSrid) {
        throwError(ErrorClass::UNSUPPORTED_DATATYPE,
                   "A Parquet column has one spatial reference system: column {} of type {} "
                   "cannot be stored; cast it to one SRID with st_setsrid.",
                   name, type.sql());
      }
      primitive(PhysicalType::kByteArray);
      element.logical_type.kind = type.id() == TypeId::kGeometry ? LogicalType::Kind::kGeometry
                                                                 : LogicalType::Kind::kGeography;
      if (type.srid() != kGeographySrid)
        element.logical_type.crs = std::string(sridCrs(type.srid()));
      break;
    case TypeId::kFloat:
      primitive(PhysicalType::kFloat);
      break;
    case TypeId::kDouble:
      primitive(PhysicalType::kDouble);
      break;
    case TypeId::kDecimal:
      if (type.precision() <= 9) {
        primitive(PhysicalType::kInt32);
      } else if (type.precision() <= 18) {
        primitive(PhysicalType::kInt64);
      } else {
        primitive(PhysicalType::kFixedLenByteArray);
        element.type_length = decimalBytesForPrecision(type.precision());
      }
      element.converted_type = ConvertedType::kDecimal;
      element.scale = type.scale();
      element.precision = type.precision();
      element.logical_type.kind = LogicalType::Kind::kDecimal;
      element.logical_type.scale = type.scale();
      element.logical_type.precision = type.precision();
      break;
    case TypeId::kString:
      primitive(PhysicalType::kByteArray);
      element.converted_type = ConvertedType::kUtf8;
      element.logical_type.kind = LogicalType::Kind::kString;
      break;
    case TypeId::kBinary:
      primitive(PhysicalType::kByteArray);
      break;
    case TypeId::kDate:
      primitive(PhysicalType::kInt32);
      element.converted_type = ConvertedType::kDate;
      element.logical_type.kind = LogicalType::Kind::kDate;
      break;
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz: {
      bool utc = type.id() == TypeId::kTimestamp;
      primitive(PhysicalType::kInt64);
      // Legacy readers take TIMESTAMP_MICROS as UTC-adjusted, so only UTC columns carry it.
      if (utc)
        element.converted_type = ConvertedType::kTimestampMicros;
      element.logical_type.kind = LogicalType::Kind::kTimestamp;
      element.logical_type.is_adjusted_to_utc = utc;
      element.logical_type.unit = TimeUnit::kMicros;
      break;
    }
    case TypeId::kTime:
      // As Spark writes TIME: INT64 microseconds of a local time of day.
      primitive(PhysicalType::kInt64);
      element.logical_type.kind = LogicalType::Kind::kTime;
      element.logical_type.is_adjusted_to_utc = false;
      element.logical_type.unit = TimeUnit::kMicros;
      break;
    case TypeId::kArray: {
      element.num_children = 1;
      element.converted_type = ConvertedType::kList;
      element.logical_type.kind = LogicalType::Kind::kList;
      elements.push_back(element);
      SchemaElement list;
      list.name = "list";
      list.repetition = Repetition::kRepeated;
      list.num_children = 1;
      elements.push_back(list);
      addElements("element", type.elementType(),
                  type.containsNull() ? Repetition::kOptional : Repetition::kRequired, child(0),
                  elements);
      return;
    }
    case TypeId::kMap: {
      element.num_children = 1;
      element.converted_type = ConvertedType::kMap;
      element.logical_type.kind = LogicalType::Kind::kMap;
      elements.push_back(element);
      SchemaElement key_value;
      key_value.name = "key_value";
      key_value.repetition = Repetition::kRepeated;
      key_value.num_children = 2;
      elements.push_back(key_value);
      addElements("key", type.keyType(), Repetition::kRequired, child(0), elements);
      addElements("value", type.valueType(),
                  type.containsNull() ? Repetition::kOptional : Repetition::kRequired, child(1),
                  elements);
      return;
    }
    case TypeId::kVariant:
      SLUICE_UNREACHABLE("the Parquet writer writes a VARIANT as its storage struct");
    case TypeId::kStruct: {
      if (type.fields().empty()) {
        throwError(ErrorClass::UNSUPPORTED_DATATYPE,
                   "Parquet cannot store the empty struct of column {}.", name);
      }
      element.num_children = static_cast<int32_t>(type.fields().size());
      elements.push_back(element);
      for (size_t index = 0; index < type.fields().size(); ++index) {
        const StructField& field = type.fields()[index];
        addElements(field.name, field.type,
                    field.nullable ? Repetition::kOptional : Repetition::kRequired, child(index),
                    elements);
      }
      return;
    }
  }
  elements.push_back(element);
}

//! Puts the writer's own types on nodes and leaves (intervals read back as INT / BIGINT).
void applyWriteTypes(ColumnNode& node, const DataType& type, ParquetSchema& schema) {
  node.type = type;
  switch (node.kind) {
    case ColumnNode::Kind::kPrimitive:
      schema.leaves[node.first_leaf].type = type;
      return;
    case ColumnNode::Kind::kList:
      applyWriteTypes(node.children[0], type.elementType(), schema);
      return;
    case ColumnNode::Kind::kMap:
      applyWriteTypes(node.children[0], type.keyType(), schema);
      applyWriteTypes(node.children[1], type.valueType(), schema);
      return;
    case ColumnNode::Kind::kStruct:
      for (size_t index = 0; index < node.children.size(); ++index) {
        applyWriteTypes(node.children[index], type.fields()[index].type, schema);
      }
      return;
  }
}

}  // namespace

int decimalBytesForPrecision(int precision) {
  unsigned __int128 power = 1;
  for (int digit = 0; digit < precision; ++digit)
    power *= 10;
  int bytes = 1;
  while ((static_cast<unsigned __int128>(1) << (8 * bytes - 1)) < power)
    ++bytes;
  return bytes;
}

std::vector<StructField> ParquetSchema::fields() const {
  std::vector<StructField> result;
  result.reserve(columns.size());
  for (const ColumnNode& column : columns) {
    result.push_back(StructField{column.name, column.type, column.nullable, {}});
  }
  return result;
}

ParquetSchema interpretSchema(const std::vector<SchemaElement>& elements) {
  if (elements.empty())
    throwFormatError("the schema is empty");
  size_t index = 0;
  RawNode root = parseTree(elements, index, 0);
  if (index != elements.size()) {
    throwFormatError("the schema has {} elements after its root group", elements.size() - index);
  }
  ParquetSchema schema;
  SchemaInterpreter interpreter(schema);
  for (const RawNode& child : root.children) {
    schema.columns.push_back(interpreter.convert(child, 0, 0, false));
  }
  return schema;
}

ParquetSchema buildWriteSchema(const std::vector<StructField>& fields,
                               std::vector<SchemaElement>& elements,
                               const std::vector<FieldIdTree>& field_ids) {
  SLUICE_CHECK(field_ids.empty() || field_ids.size() == fields.size());
  elements.clear();
  SchemaElement root;
  root.name = "spark_schema";
  root.num_children = static_cast<int32_t>(fields.size());
  elements.push_back(root);
  for (size_t index = 0; index < fields.size(); ++index) {
    const StructField& field = fields[index];
    addElements(field.name, field.type,
                field.nullable ? Repetition::kOptional : Repetition::kRequired,
                field_ids.empty() ? nullptr : &field_ids[index], elements);
  }
  ParquetSchema schema = interpretSchema(elements);
  SLUICE_CHECK_EQ(schema.columns.size(), fields.size());
  for (size_t index = 0; index < fields.size(); ++index) {
    applyWriteTypes(schema.columns[index], fields[index].type, schema);
  }
  return schema;
}

}  // namespace sluice::parquet
