// src/common/variant/variant.cpp
#include "common/variant/variant.hpp"

#include <cstring>

#include "common/error/error.hpp"

namespace sluice::variant {

void throwMalformed() {
  throw Error(ErrorClass::MALFORMED_VARIANT,
              "Variant binary is malformed. Please check the data source is valid.");
}

namespace {

void require(bool condition) {
  if (!condition)
    throwMalformed();
}

//! A little-endian signed integer of `size` bytes (1, 2, 4, 8 or 16) at `position`.
int128_t readSigned(std::string_view bytes, size_t position, size_t size) {
  require(position + size <= bytes.size());
  uint8_t buffer[16];
  std::memcpy(buffer, bytes.data() + position, size);
  // Sign-extend from the top byte read.
  std::memset(buffer + size, (buffer[size - 1] & 0x80) ? 0xFF : 0x00, 16 - size);
  int128_t value = 0;
  for (int i = 15; i >= 0; --i)
    value = (value << 8) | buffer[i];
  return value;
}

}  // namespace

uint32_t readUnsigned(std::string_view bytes, size_t position, uint32_t size) {
  require(size >= 1 && size <= 4 && position + size <= bytes.size());
  uint32_t value = 0;
  for (uint32_t i = 0; i < size; ++i)
    value |= static_cast<uint32_t>(static_cast<uint8_t>(bytes[position + i])) << (8 * i);
  return value;
}

size_t metadataSize(std::string_view encoded) {
  require(!encoded.empty());
  auto header = static_cast<uint8_t>(encoded[0]);
  require((header & 0x0F) == kMetadataVersion);
  uint32_t offset_size = ((header >> 6) & 0x3) + 1;
  uint32_t dictionary_size = readUnsigned(encoded, 1, offset_size);
  size_t offsets_start = 1 + offset_size;
  size_t strings_start = offsets_start + (static_cast<size_t>(dictionary_size) + 1) * offset_size;
  require(strings_start <= encoded.size());
  uint32_t strings_size =
      readUnsigned(encoded, offsets_start + dictionary_size * offset_size, offset_size);
  size_t size = strings_start + strings_size;
  require(size <= encoded.size());
  return size;
}

VariantRef VariantRef::fromEncoded(std::string_view encoded) {
  size_t metadata_size = metadataSize(encoded);
  return fromParts(encoded.substr(0, metadata_size), encoded.substr(metadata_size));
}

VariantRef VariantRef::fromParts(std::string_view metadata, std::string_view value) {
  if (metadata.size() > kSizeLimit || value.size() > kSizeLimit) {
    throw Error(ErrorClass::VARIANT_CONSTRUCTOR_SIZE_LIMIT,
                "Cannot construct a Variant larger than 16 MiB. The maximum allowed size of a "
                "Variant value is 16 MiB.");
  }
  require(metadataSize(metadata) == metadata.size());
  require(!value.empty());
  return VariantRef(metadata, value);
}

Type VariantRef::type() const {
  switch (basicType()) {
    case kBasicShortString:
      return Type::kString;
    case kBasicObject:
      return Type::kObject;
    case kBasicArray:
      return Type::kArray;
    default:
      break;
  }
  switch (typeInfo()) {
    case kPrimitiveNull:
      return Type::kNull;
    case kPrimitiveTrue:
    case kPrimitiveFalse:
      return Type::kBoolean;
    case kPrimitiveInt8:
    case kPrimitiveInt16:
    case kPrimitiveInt32:
    case kPrimitiveInt64:
      return Type::kLong;
    case kPrimitiveDouble:
      return Type::kDouble;
    case kPrimitiveDecimal4:
    case kPrimitiveDecimal8:
    case kPrimitiveDecimal16:
      return Type::kDecimal;
    case kPrimitiveDate:
      return Type::kDate;
    case kPrimitiveTimestamp:
      return Type::kTimestamp;
    case kPrimitiveTimestampNtz:
      return Type::kTimestampNtz;
    case kPrimitiveFloat:
      return Type::kFloat;
    case kPrimitiveBinary:
      return Type::kBinary;
    case kPrimitiveString:
      return Type::kString;
    case kPrimitiveUuid:
      return Type::kUuid;
    default:
      throw Error(ErrorClass::UNKNOWN_PRIMITIVE_TYPE_IN_VARIANT,
                  fmt::format("Unknown primitive type with id {} was found in a variant value.",
                              typeInfo()));
  }
}

bool VariantRef::getBoolean() const {
  require(basicType() == kBasicPrimitive &&
          (typeInfo() == kPrimitiveTrue || typeInfo() == kPrimitiveFalse));
  return typeInfo() == kPrimitiveTrue;
}

int64_t VariantRef::getLong() const {
  require(basicType() == kBasicPrimitive);
  switch (typeInfo()) {
    case kPrimitiveInt8:
      return static_cast<int64_t>(readSigned(value_, 1, 1));
    case kPrimitiveInt16:
      return static_cast<int64_t>(readSigned(value_, 1, 2));
    case kPrimitiveInt32:
    case kPrimitiveDate:
      return static_cast<int64_t>(readSigned(value_, 1, 4));
    case kPrimitiveInt64:
    case kPrimitiveTimestamp:
    case kPrimitiveTimestampNtz:
      return static_cast<int64_t>(readSigned(value_, 1, 8));
    default:
      throwMalformed();
  }
}

double VariantRef::getDouble() const {
  require(basicType() == kBasicPrimitive && typeInfo() == kPrimitiveDouble && value_.size() >= 9);
  double value;
  std::memcpy(&value, value_.data() + 1, sizeof value);
  return value;
}

float VariantRef::getFloat() const {
  require(basicType() == kBasicPrimitive && typeInfo() == kPrimitiveFloat && value_.size() >= 5);
  float value;
  std::memcpy(&value, value_.data() + 1, sizeof value);
  return value;
}

DecimalValue VariantRef::getDecimal() const {
  require(basicType() == kBasicPrimitive && value_.size() >= 2);
  size_t width = 0;
  switch (typeInfo()) {
    case kPrimitiveDecimal4:
      width = 4;
      break;
    case kPrimitiveDecimal8:
      width = 8;
      break;
    case kPrimitiveDecimal16:
      width = 16;
      break;
    default:
      throwMalformed();
  }
  DecimalValue decimal;
  decimal.scale = static_cast<uint8_t>(value_[1]);
  require(decimal.scale <= DataType::kMaxDecimalPrecision);
  decimal.unscaled = readSigned(value_, 2, width);
  return decimal;
}

std::string_view VariantRef::getString() const {
  if (basicType() == kBasicShortString) {
    size_t length = typeInfo();
    require(1 + length <= value_.size());
    return value_.substr(1, length);
  }
  require(basicType() == kBasicPrimitive &&
          (typeInfo() == kPrimitiveString || typeInfo() == kPrimitiveBinary));
  uint32_t length = readUnsigned(value_, 1, 4);
  require(5 + static_cast<size_t>(length) <= value_.size());
  return value_.substr(5, length);
}

std::string_view VariantRef::getUuid() const {
  require(basicType() == kBasicPrimitive && typeInfo() == kPrimitiveUuid && value_.size() >= 17);
  return value_.substr(1, 16);
}

VariantRef::Container VariantRef::container() const {
  uint8_t info = typeInfo();
  Container layout{};
  bool large;
  if (basicType() == kBasicObject) {
    layout.offset_size = (info & 0x3) + 1;
    layout.id_size = ((info >> 2) & 0x3) + 1;
    large = (info >> 4) & 0x1;
  } else {
    require(basicType() == kBasicArray);
    layout.offset_size = (info & 0x3) + 1;
    layout.id_size = 0;
    large = (info >> 2) & 0x1;
  }
  uint32_t count_size = large ? 4 : 1;
  layout.size = readUnsigned(value_, 1, count_size);
  layout.id_start = 1 + count_size;
  layout.offset_start = layout.id_start + static_cast<size_t>(layout.size) * layout.id_size;
  layout.data_start =
      layout.offset_start + (static_cast<size_t>(layout.size) + 1) * layout.offset_size;
  require(layout.data_start <= value_.size());
  return layout;
}

VariantRef VariantRef::child(const Container& layout, uint32_t index) const {
  require(index < layout.size);
  uint32_t offset =
      readUnsigned(value_, layout.offset_start + index * layout.offset_size, layout.offset_size);
  size_t start = layout.data_start + offset;
  require(start < value_.size());
  return VariantRef(metadata_, value_.substr(start));
}

uint32_t VariantRef::objectSize() const {
  require(basicType() == kBasicObject);
  return container().size;
}

std::string_view VariantRef::key(uint32_t id) const {
  auto header = static_cast<uint8_t>(metadata_[0]);
  uint32_t offset_size = ((header >> 6) & 0x3) + 1;
  uint32_t dictionary_size = readUnsigned(metadata_, 1, offset_size);
  require(id < dictionary_size);
  size_t offsets_start = 1 + offset_size;
  size_t strings_start = offsets_start + (static_cast<size_t>(dictionary_size) + 1) * offset_size;
  uint32_t begin = readUnsigned(metadata_, offsets_start + id * offset_size, offset_size);
  uint32_t end = readUnsigned(metadata_, offsets_start + (id + 1) * offset_size, offset_size);
  require(begin <= end && strings_start + end <= metadata_.size());
  return metadata_.substr(strings_start + begin, end - begin);
}

ObjectField VariantRef::fieldAt(uint32_t index) const {
  require(basicType() == kBasicObject);
  Container layout = container();
  require(index < layout.size);
  uint32_t id = readUnsigned(value_, layout.id_start + index * layout.id_size, layout.id_size);
  return {key(id), child(layout, index)};
}

std::optional<VariantRef> VariantRef::field(std::string_view name) const {
  require(basicType() == kBasicObject);
  Container layout = container();
  // Fields are sorted by key: binary search, as the encoding allows.
  uint32_t low = 0;
  uint32_t high = layout.size;
  while (low < high) {
    uint32_t middle = low + (high - low) / 2;
    uint32_t id = readUnsigned(value_, layout.id_start + middle * layout.id_size, layout.id_size);
    int order = key(id).compare(name);
    if (order == 0)
      return child(layout, middle);
    if (order < 0)
      low = middle + 1;
    else
      high = middle;
  }
  return std::nullopt;
}

uint32_t VariantRef::arraySize() const {
  require(basicType() == kBasicArray);
  return container().size;
}

VariantRef VariantRef::elementAt(uint32_t index) const {
  require(basicType() == kBasicArray);
  return child(container(), index);
}

std::string_view VariantRef::valueBytes() const {
  size_t size = 0;
  switch (basicType()) {
    case kBasicShortString:
      size = 1 + typeInfo();
      break;
    case kBasicObject:
    case kBasicArray: {
      Container layout = container();
      size = layout.data_start +
             readUnsigned(value_, layout.offset_start + layout.size * layout.offset_size,
                          layout.offset_size);
      break;
    }
    default:
      switch (typeInfo()) {
        case kPrimitiveNull:
        case kPrimitiveTrue:
        case kPrimitiveFalse:
          size = 1;
          break;
        case kPrimitiveInt8:
          size = 2;
          break;
        case kPrimitiveInt16:
          size = 3;
          break;
        case kPrimitiveInt32:
        case kPrimitiveDate:
        case kPrimitiveFloat:
          size = 5;
          break;
        case kPrimitiveInt64:
        case kPrimitiveDouble:
        case kPrimitiveTimestamp:
        case kPrimitiveTimestampNtz:
          size = 9;
          break;
        case kPrimitiveDecimal4:
          size = 6;
          break;
        case kPrimitiveDecimal8:
          size = 10;
          break;
        case kPrimitiveDecimal16:
          size = 18;
          break;
        case kPrimitiveBinary:
        case kPrimitiveString:
          size = 5 + static_cast<size_t>(readUnsigned(value_, 1, 4));
          break;
        case kPrimitiveUuid:
          size = 17;
          break;
        default:
          type();  // raises UNKNOWN_PRIMITIVE_TYPE_IN_VARIANT
      }
  }
  require(size <= value_.size());
  return value_.substr(0, size);
}

}  // namespace sluice::variant
