// src/storage/parquet/thrift/compact_writer.hpp
//
// A writer of the Thrift compact protocol: field headers with id deltas, zigzag varints,
// list headers, nested structs. Appends to a byte vector owned by the caller.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "storage/parquet/thrift/thrift_type.hpp"

namespace sluice::parquet {

class CompactWriter {
 public:
  explicit CompactWriter(std::vector<uint8_t>& out) : out_(out) {}

  void beginStruct();
  //! Writes the stop byte and returns to the enclosing struct's field ids.
  void endStruct();

  void writeFieldHeader(int16_t field_id, ThriftType type);

  void boolField(int16_t field_id, bool value);
  void byteField(int16_t field_id, int8_t value);
  void i16Field(int16_t field_id, int16_t value);
  void i32Field(int16_t field_id, int32_t value);
  void i64Field(int16_t field_id, int64_t value);
  void doubleField(int16_t field_id, double value);
  void binaryField(int16_t field_id, std::string_view value);
  //! Writes the header of a struct field; follow with beginStruct ... endStruct.
  void structField(int16_t field_id) { writeFieldHeader(field_id, ThriftType::kStruct); }
  void listField(int16_t field_id, ThriftType element_type, uint32_t size);

  void writeListHeader(ThriftType element_type, uint32_t size);
  void writeByte(int8_t value) { out_.push_back(static_cast<uint8_t>(value)); }
  void writeI16(int16_t value) { writeVarint(zigzag(value)); }
  void writeI32(int32_t value) { writeVarint(zigzag(value)); }
  void writeI64(int64_t value) { writeVarint(zigzag(value)); }
  void writeDouble(double value);
  void writeBinary(std::string_view value);
  //! A bool list element (1 for true, 0 for false).
  void writeListBool(bool value) { out_.push_back(value ? 1 : 0); }

 private:
  static uint64_t zigzag(int64_t value) {
    return (static_cast<uint64_t>(value) << 1) ^ static_cast<uint64_t>(value >> 63);
  }
  void writeVarint(uint64_t value);

  std::vector<uint8_t>& out_;
  int16_t last_field_id_ = 0;
  std::vector<int16_t> field_id_stack_;
};

}  // namespace sluice::parquet
