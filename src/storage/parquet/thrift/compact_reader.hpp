// src/storage/parquet/thrift/compact_reader.hpp
//
// A reader of the Thrift compact protocol over an untrusted byte range. Every read is bounds
// checked, nesting is limited, and lengths and list sizes are checked against the bytes that
// remain, so malformed input ends in a FAILED_READ_FILE error naming the problem, never in a
// crash or a huge allocation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "storage/parquet/thrift/thrift_type.hpp"

namespace sluice::parquet {

class CompactReader {
 public:
  //! The deepest nesting of structs and lists accepted.
  static constexpr int kMaxDepth = 64;

  CompactReader(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  //! Bytes consumed so far.
  size_t position() const { return position_; }
  size_t remaining() const { return size_ - position_; }

  //! Enters a struct: field ids restart from 0.
  void beginStruct();
  //! Reads the next field header; false at the struct's stop byte.
  bool readFieldHeader(int16_t& field_id, ThriftType& type);
  //! Leaves a struct whose stop byte was read.
  void endStruct();

  //! The value of a bool field, carried in its header's type.
  bool boolField(ThriftType type) const;
  int8_t readByte();
  int16_t readI16();
  int32_t readI32();
  int64_t readI64();
  double readDouble();
  //! A binary or string value; the view points into the input.
  std::string_view readBinary();
  std::string readString() { return std::string(readBinary()); }

  //! Reads a list (or set) header; the size is checked against the remaining bytes.
  uint32_t readListHeader(ThriftType& element_type);
  //! A bool element of a list.
  bool readListBool();
  //! Leaves a list entered with readListHeader (for the nesting limit).
  void endList() { --depth_; }

  //! Skips one value of `type` (a field's value or a list element), however nested.
  void skip(ThriftType type);

  //! Throws unless `type` is `expected` (the field `field_id` of `struct_name`).
  static void expectType(ThriftType type, ThriftType expected, const char* struct_name,
                         int16_t field_id);

 private:
  uint8_t readRawByte();
  uint64_t readVarint(int max_bytes);
  void enter();

  const uint8_t* data_;
  size_t size_;
  size_t position_ = 0;
  int depth_ = 0;
  int16_t last_field_id_ = 0;
  std::vector<int16_t> field_id_stack_;
};

}  // namespace sluice::parquet
