// src/storage/parquet/thrift/compact_writer.cpp
//
// The Thrift compact protocol writer.
#include "storage/parquet/thrift/compact_writer.hpp"

#include <cstring>

#include "common/check.hpp"

namespace sluice::parquet {

void CompactWriter::writeVarint(uint64_t value) {
  while (value >= 0x80) {
    out_.push_back(static_cast<uint8_t>(value | 0x80));
    value >>= 7;
  }
  out_.push_back(static_cast<uint8_t>(value));
}

void CompactWriter::beginStruct() {
  field_id_stack_.push_back(last_field_id_);
  last_field_id_ = 0;
}

void CompactWriter::endStruct() {
  SLUICE_CHECK(!field_id_stack_.empty());
  out_.push_back(0);
  last_field_id_ = field_id_stack_.back();
  field_id_stack_.pop_back();
}

void CompactWriter::writeFieldHeader(int16_t field_id, ThriftType type) {
  int32_t delta = int32_t{field_id} - last_field_id_;
  if (delta > 0 && delta <= 15) {
    out_.push_back(static_cast<uint8_t>((delta << 4) | static_cast<uint8_t>(type)));
  } else {
    out_.push_back(static_cast<uint8_t>(type));
    writeI16(field_id);
  }
  last_field_id_ = field_id;
}

void CompactWriter::boolField(int16_t field_id, bool value) {
  writeFieldHeader(field_id, value ? ThriftType::kBoolTrue : ThriftType::kBoolFalse);
}

void CompactWriter::byteField(int16_t field_id, int8_t value) {
  writeFieldHeader(field_id, ThriftType::kByte);
  writeByte(value);
}

void CompactWriter::i16Field(int16_t field_id, int16_t value) {
  writeFieldHeader(field_id, ThriftType::kI16);
  writeI16(value);
}

void CompactWriter::i32Field(int16_t field_id, int32_t value) {
  writeFieldHeader(field_id, ThriftType::kI32);
  writeI32(value);
}

void CompactWriter::i64Field(int16_t field_id, int64_t value) {
  writeFieldHeader(field_id, ThriftType::kI64);
  writeI64(value);
}

void CompactWriter::doubleField(int16_t field_id, double value) {
  writeFieldHeader(field_id, ThriftType::kDouble);
  writeDouble(value);
}

void CompactWriter::binaryField(int16_t field_id, std::string_view value) {
  writeFieldHeader(field_id, ThriftType::kBinary);
  writeBinary(value);
}

void CompactWriter::listField(int16_t field_id, ThriftType element_type, uint32_t size) {
  writeFieldHeader(field_id, ThriftType::kList);
  writeListHeader(element_type, size);
}

void CompactWriter::writeListHeader(ThriftType element_type, uint32_t size) {
  uint8_t type_code = static_cast<uint8_t>(element_type);
  if (size < 15) {
    out_.push_back(static_cast<uint8_t>((size << 4) | type_code));
  } else {
    out_.push_back(static_cast<uint8_t>(0xF0 | type_code));
    writeVarint(size);
  }
}

void CompactWriter::writeDouble(double value) {
  uint8_t bytes[8];
  std::memcpy(bytes, &value, 8);
  out_.insert(out_.end(), bytes, bytes + 8);
}

void CompactWriter::writeBinary(std::string_view value) {
  writeVarint(value.size());
  out_.insert(out_.end(), value.begin(), value.end());
}

}  // namespace sluice::parquet
