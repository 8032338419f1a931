// src/function/scalar/variant/variant_schema.cpp
#include "function/scalar/variant/variant_schema.hpp"

#include <algorithm>
#include <cstring>

#include "common/check.hpp"
#include "common/types/decimal.hpp"
#include "common/types/json_type_widening.hpp"
#include "common/variant/variant_json.hpp"

namespace sluice {

namespace {

DataType schemaAt(const variant::VariantRef& value, int depth) {
  if (depth > variant::kMaxNestingDepth)
    variant::throwMalformed();
  switch (value.type()) {
    case variant::Type::kObject: {
      std::vector<StructField> fields;
      uint32_t size = value.objectSize();
      for (uint32_t i = 0; i < size; ++i) {
        variant::ObjectField field = value.fieldAt(i);
        fields.push_back(
            StructField{std::string(field.key), schemaOfVariant(field.value), true, {}});
      }
      return DataType::structOf(std::move(fields));
    }
    case variant::Type::kArray: {
      DataType element = DataType::voidType();
      uint32_t size = value.arraySize();
      for (uint32_t i = 0; i < size; ++i)
        element = mergeVariantSchemas(element, schemaAt(value.elementAt(i), depth + 1));
      return DataType::array(element);
    }
    case variant::Type::kNull:
      return DataType::voidType();
    case variant::Type::kBoolean:
      return DataType::boolean();
    case variant::Type::kLong:
      return DataType::longType();
    case variant::Type::kString:
    case variant::Type::kUuid:
      return DataType::string();
    case variant::Type::kDouble:
      return DataType::doubleType();
    case variant::Type::kDecimal: {
      variant::DecimalValue decimal = variant::stripTrailingZeros(value.getDecimal());
      int precision = std::max(decimal::digitCount(decimal.unscaled), decimal.scale);
      return DataType::decimal(precision, decimal.scale);
    }
    case variant::Type::kDate:
      return DataType::date();
    case variant::Type::kTimestamp:
      return DataType::timestamp();
    case variant::Type::kTimestampNtz:
      return DataType::timestampNtz();
    case variant::Type::kFloat:
      return DataType::floatType();
    case variant::Type::kBinary:
      return DataType::binary();
  }
  return DataType::variant();
}

}  // namespace

DataType schemaOfVariant(const variant::VariantRef& value) {
  return schemaAt(value, 0);
}

DataType mergeVariantSchemas(const DataType& a, const DataType& b) {
  return json::compatibleJsonType(a, b, DataType::variant());
}

std::string printVariantSchema(const DataType& type) {
  switch (type.id()) {
    case TypeId::kStruct: {
      std::string out = "OBJECT<";
      for (size_t i = 0; i < type.fields().size(); ++i) {
        const StructField& field = type.fields()[i];
        if (i > 0)
          out += ", ";
        out += sqlFieldName(field.name) + ": " + printVariantSchema(field.type);
      }
      return out + ">";
    }
    case TypeId::kArray:
      return "ARRAY<" + printVariantSchema(type.elementType()) + ">";
    default:
      return type.sql();
  }
}

namespace {

void appendU32(std::string& out, uint32_t value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

class SchemaDecoder {
 public:
  explicit SchemaDecoder(std::string_view bytes) : bytes_(bytes) {}

  DataType read() {
    auto id = static_cast<TypeId>(byte());
    switch (id) {
      case TypeId::kDecimal: {
        int precision = byte();
        int scale = byte();
        return DataType::decimal(precision, scale);
      }
      case TypeId::kArray:
        return DataType::array(read());
      case TypeId::kStruct: {
        uint32_t count = u32();
        std::vector<StructField> fields;
        fields.reserve(count);
        for (uint32_t i = 0; i < count; ++i) {
          uint32_t length = u32();
          SLUICE_CHECK(position_ + length <= bytes_.size());
          std::string name(bytes_.substr(position_, length));
          position_ += length;
          fields.push_back(StructField{std::move(name), read(), true, {}});
        }
        return DataType::structOf(std::move(fields));
      }
      default:
        return DataType(id);
    }
  }

 private:
  uint8_t byte() {
    SLUICE_CHECK(position_ < bytes_.size());
    return static_cast<uint8_t>(bytes_[position_++]);
  }
  uint32_t u32() {
    SLUICE_CHECK(position_ + sizeof(uint32_t) <= bytes_.size());
    uint32_t value;
    std::memcpy(&value, bytes_.data() + position_, sizeof value);
    position_ += sizeof value;
    return value;
  }

  std::string_view bytes_;
  size_t position_ = 0;
};

}  // namespace

std::string encodeVariantSchema(const DataType& type) {
  std::string out;
  out.push_back(static_cast<char>(type.id()));
  switch (type.id()) {
    case TypeId::kDecimal:
      out.push_back(static_cast<char>(type.precision()));
      out.push_back(static_cast<char>(type.scale()));
      break;
    case TypeId::kArray:
      out += encodeVariantSchema(type.elementType());
      break;
    case TypeId::kStruct:
      appendU32(out, static_cast<uint32_t>(type.fields().size()));
      for (const StructField& field : type.fields()) {
        appendU32(out, static_cast<uint32_t>(field.name.size()));
        out += field.name;
        out += encodeVariantSchema(field.type);
      }
      break;
    default:
      SLUICE_CHECK(!type.isNested());
      break;
  }
  return out;
}

DataType decodeVariantSchema(std::string_view bytes) {
  return SchemaDecoder(bytes).read();
}

}  // namespace sluice
