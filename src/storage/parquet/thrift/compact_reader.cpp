// src/storage/parquet/thrift/compact_reader.cpp
//
// The bounds-checked Thrift compact protocol reader.
#include "storage/parquet/thrift/compact_reader.hpp"

#include <cstring>

#include "common/check.hpp"
#include "storage/parquet/format_error.hpp"

namespace sluice::parquet {

namespace {

int64_t zigzagDecode(uint64_t value) {
  return static_cast<int64_t>((value >> 1) ^ (~(value & 1) + 1));
}

bool isKnownType(uint8_t code) {
  return code <= static_cast<uint8_t>(ThriftType::kUuid);
}

}  // namespace

uint8_t CompactReader::readRawByte() {
  if (position_ >= size_)
    throwFormatError("truncated Thrift data at byte {}", position_);
  return data_[position_++];
}

uint64_t CompactReader::readVarint(int max_bytes) {
  uint64_t result = 0;
  for (int index = 0; index < max_bytes; ++index) {
    uint8_t byte = readRawByte();
    result |= static_cast<uint64_t>(byte & 0x7F) << (7 * index);
    if ((byte & 0x80) == 0)
      return result;
  }
  throwFormatError("Thrift varint longer than {} bytes at byte {}", max_bytes, position_);
}

void CompactReader::enter() {
  if (++depth_ > kMaxDepth) {
    throwFormatError("Thrift data nested deeper than {} levels", kMaxDepth);
  }
}

void CompactReader::beginStruct() {
  enter();
  field_id_stack_.push_back(last_field_id_);
  last_field_id_ = 0;
}

void CompactReader::endStruct() {
  SLUICE_CHECK(!field_id_stack_.empty());
  last_field_id_ = field_id_stack_.back();
  field_id_stack_.pop_back();
  --depth_;
}

bool CompactReader::readFieldHeader(int16_t& field_id, ThriftType& type) {
  uint8_t byte = readRawByte();
  if (byte == 0)
    return false;
  uint8_t type_code = byte & 0x0F;
  if (!isKnownType(type_code) || type_code == 0) {
    throwFormatError("unknown Thrift field type {} at byte {}", type_code, position_ - 1);
  }
  type = static_cast<ThriftType>(type_code);
  uint8_t delta = byte >> 4;
  if (delta != 0) {
    int32_t id = int32_t{last_field_id_} + delta;
    if (id > INT16_MAX)
      throwFormatError("Thrift field id overflows at byte {}", position_ - 1);
    field_id = static_cast<int16_t>(id);
  } else {
    int64_t id = zigzagDecode(readVarint(3));
    if (id < INT16_MIN || id > INT16_MAX) {
      throwFormatError("Thrift field id {} out of range at byte {}", id, position_);
    }
    field_id = static_cast<int16_t>(id);
  }
  last_field_id_ = field_id;
  return true;
}

bool CompactReader::boolField(ThriftType type) const {
  return type == ThriftType::kBoolTrue;
}

int8_t CompactReader::readByte() {
  return static_cast<int8_t>(readRawByte());
}

int16_t CompactReader::readI16() {
  int64_t value = zigzagDecode(readVarint(3));
  if (value < INT16_MIN || value > INT16_MAX)
    throwFormatError("Thrift i16 {} out of range", value);
  return static_cast<int16_t>(value);
}

int32_t CompactReader::readI32() {
  int64_t value = zigzagDecode(readVarint(5));
  if (value < INT32_MIN || value > INT32_MAX)
    throwFormatError("Thrift i32 {} out of range", value);
  return static_cast<int32_t>(value);
}

int64_t CompactReader::readI64() {
  return zigzagDecode(readVarint(10));
}

double CompactReader::readDouble() {
  if (remaining() < 8)
    throwFormatError("truncated Thrift double at byte {}", position_);
  double value;
  std::memcpy(&value, data_ + position_, 8);
  position_ += 8;
  return value;
}

std::string_view CompactReader::readBinary() {
  uint64_t length = readVarint(5);
  if (length > remaining()) {
    throwFormatError("Thrift binary of {} bytes at byte {} runs past the end ({} bytes left)",
                     length, position_, remaining());
  }
  std::string_view view(reinterpret_cast<const char*>(data_ + position_), length);
  position_ += length;
  return view;
}

uint32_t CompactReader::readListHeader(ThriftType& element_type) {
  uint8_t byte = readRawByte();
  uint8_t type_code = byte & 0x0F;
  // Some writers mark bool elements with 1 (the field code for true) instead of 2.
  if (type_code == static_cast<uint8_t>(ThriftType::kBoolTrue)) {
    type_code = static_cast<uint8_t>(ThriftType::kBoolFalse);
  }
  if (!isKnownType(type_code) || type_code == 0) {
    throwFormatError("unknown Thrift list element type {} at byte {}", type_code, position_ - 1);
  }
  element_type = static_cast<ThriftType>(type_code);
  uint64_t size = byte >> 4;
  if (size == 15)
    size = readVarint(5);
  // Every element takes at least one byte, so a larger size cannot be honest.
  if (size > remaining()) {
    throwFormatError("Thrift list of {} elements at byte {} exceeds the {} bytes left", size,
                     position_, remaining());
  }
  enter();
  return static_cast<uint32_t>(size);
}

bool CompactReader::readListBool() {
  return readRawByte() == 1;
}

void CompactReader::skip(ThriftType type) {
  switch (type) {
    case ThriftType::kBoolTrue:
    case ThriftType::kBoolFalse:
      // Field bools carry no bytes, but list elements do; callers skipping list elements pass
      // kByte for bools (see the list case).
      return;
    case ThriftType::kByte:
      readRawByte();
      return;
    case ThriftType::kI16:
    case ThriftType::kI32:
    case ThriftType::kI64:
      readVarint(10);
      return;
    case ThriftType::kDouble:
      readDouble();
      return;
    case ThriftType::kBinary:
      readBinary();
      return;
    case ThriftType::kUuid:
      if (remaining() < 16)
        throwFormatError("truncated Thrift uuid at byte {}", position_);
      position_ += 16;
      return;
    case ThriftType::kList:
    case ThriftType::kSet: {
      ThriftType element_type;
      uint32_t size = readListHeader(element_type);
      ThriftType skip_type =
          element_type == ThriftType::kBoolFalse ? ThriftType::kByte : element_type;
      for (uint32_t index = 0; index < size; ++index)
        skip(skip_type);
      endList();
      return;
    }
    case ThriftType::kMap: {
      uint64_t size = readVarint(5);
      if (size == 0)
        return;
      uint8_t types = readRawByte();
      uint8_t key_code = types >> 4;
      uint8_t value_code = types & 0x0F;
      if (!isKnownType(key_code) || key_code == 0 || !isKnownType(value_code) || value_code == 0) {
        throwFormatError("unknown Thrift map element types {:#x} at byte {}", types, position_ - 1);
      }
      if (size > remaining()) {
        throwFormatError("Thrift map of {} entries exceeds the {} bytes left", size, remaining());
      }
      auto as_element = [](uint8_t code) {
        return code == 1 || code == 2 ? ThriftType::kByte : static_cast<ThriftType>(code);
      };
      enter();
      for (uint64_t index = 0; index < size; ++index) {
        skip(as_element(key_code));
        skip(as_element(value_code));
      }
      --depth_;
      return;
    }
    case ThriftType::kStruct: {
      beginStruct();
      int16_t field_id;
      ThriftType field_type;
      while (readFieldHeader(field_id, field_type))
        skip(field_type);
      endStruct();
      return;
    }
    case ThriftType::kStop:
      break;
  }
  throwFormatError("cannot skip Thrift value of type {}", thriftTypeName(type));
}

void CompactReader::expectType(ThriftType type, ThriftType expected, const char* struct_name,
                               int16_t field_id) {
  bool both_bool = (type == ThriftType::kBoolTrue || type == ThriftType::kBoolFalse) &&
                   (expected == ThriftType::kBoolTrue || expected == ThriftType::kBoolFalse);
  if (type != expected && !both_bool) {
    throwFormatError("field {} of {} has Thrift type {}, expected {}", field_id, struct_name,
                     thriftTypeName(type), thriftTypeName(expected));
  }
}

}  // namespace sluice::parquet
