// src/storage/parquet/encoding/dictionary_builder.hpp
//
// Builds the dictionary of a column chunk while values stream in: an open-addressing hash
// table from value to index, and the dictionary page's PLAIN bytes. Fixed-width values
// (INT32, INT64, FLOAT, DOUBLE) are keyed by their bits; byte arrays by their bytes, which
// live only in the PLAIN page buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "storage/parquet/metadata.hpp"

namespace sluice::parquet {

class DictionaryBuilder {
 public:
  DictionaryBuilder(PhysicalType physical, int32_t type_length);

  //! The index of a fixed-width value (its bits, zero-extended); `inserted` tells if new.
  uint32_t insertFixed(uint64_t bits, bool& inserted);
  //! The index of a BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY value.
  uint32_t insertBytes(std::string_view bytes, bool& inserted);

  size_t size() const { return hashes_.size(); }
  //! The dictionary page: every entry PLAIN-encoded, in index order.
  const std::vector<uint8_t>& plainBytes() const { return plain_; }
  void clear();

 private:
  void grow();
  std::string_view bytesAt(uint32_t index) const;

  PhysicalType physical_;
  size_t width_;                 // fixed-width values: bytes per value
  std::vector<uint32_t> slots_;  // 0 = empty, otherwise index + 1
  uint64_t mask_ = 0;
  std::vector<uint64_t> hashes_;
  std::vector<uint64_t> fixed_;
  std::vector<uint32_t> byte_offsets_;  // byte arrays: where each value's bytes start in plain_
  std::vector<uint32_t> byte_lengths_;
  std::vector<uint8_t> plain_;
};

}  // namespace sluice::parquet
