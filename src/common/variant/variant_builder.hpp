// src/common/variant/variant_builder.hpp
//
// Building VARIANT values in Spark's binary encoding, as Spark's VariantBuilder does: integers
// in the narrowest width that holds them, decimals in the narrowest of 4, 8 and 16 bytes,
// strings under 64 bytes as short strings, object keys in one dictionary in first-seen order,
// each object's fields sorted by key with duplicate keys refused, and offsets and ids in the
// fewest bytes that hold them.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "common/types/data_type.hpp"
#include "common/variant/variant.hpp"

namespace sluice::variant {

class VariantBuilder {
 public:
  void appendNull();
  void appendBoolean(bool value);
  //! As INT8, INT16, INT32 or INT64, the narrowest that holds `value`.
  void appendLong(int64_t value);
  void appendDouble(double value);
  void appendFloat(float value);
  //! `unscaled` times 10^-scale; DECIMAL4 / 8 / 16 by the precision and scale, as Spark.
  void appendDecimal(int128_t unscaled, int scale);
  void appendString(std::string_view text);
  void appendBinary(std::string_view bytes);
  void appendDate(int32_t days);
  void appendTimestamp(int64_t micros);
  void appendTimestampNtz(int64_t micros);
  //! Copies `value` (of another variant), its keys moved into this builder's dictionary.
  void appendVariant(const VariantRef& value);

  //! Objects and arrays are written as their elements, then closed: remember `position()`
  //! before the first element, note each field's key id and offset (relative to that start),
  //! then call finishObject / finishArray, which insert the header in front.
  size_t position() const { return value_.size(); }
  uint32_t addKey(std::string_view key);
  struct FieldEntry {
    std::string_view key;  // valid while the dictionary is (the builder owns the text)
    uint32_t id;
    size_t offset;
  };
  //! Sorts the fields by key; raises VARIANT_DUPLICATE_KEY for a key given twice.
  void finishObject(size_t start, std::vector<FieldEntry>& fields);
  void finishArray(size_t start, const std::vector<size_t>& offsets);

  //! The encoded variant, metadata then value (a vector's VARIANT row); raises
  //! VARIANT_SIZE_LIMIT naming `function` when either part passes 16 MiB.
  std::string finish(std::string_view function) const;
  //! As finish(), into `out` (replacing what it held), so that a caller encoding many values
  //! reuses one buffer.
  void finishInto(std::string& out, std::string_view function) const;
  //! Empties the builder for the next value, keeping its memory.
  void clear();

 private:
  void appendVariantAt(const VariantRef& value, int depth);
  void appendPrimitiveHeader(PrimitiveId id) { value_.push_back(static_cast<char>(id << 2)); }
  void appendLittleEndian(uint64_t value, size_t size);

  std::string value_;
  std::string header_;  // an object's or array's header, built before it is inserted
  // Few keys are looked up by a scan; past kScannedKeys, through key_ids_.
  static constexpr size_t kScannedKeys = 32;
  std::deque<std::string> keys_;  // in id order; a deque, so key_ids_'s views stay valid
  std::unordered_map<std::string_view, uint32_t> key_ids_;
};

//! The number of bytes (1 to 4) an unsigned offset or id up to `max` needs.
uint32_t integerSize(size_t max);

}  // namespace sluice::variant
