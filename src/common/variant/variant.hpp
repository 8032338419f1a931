// src/common/variant/variant.hpp
//
// Reading VARIANT values in Spark's binary encoding (common/variant/README.md of the Spark
// repository, also the Parquet variant encoding): a metadata part (a dictionary of the object
// keys) and a value part (a header byte, then the data of a primitive, a short string, an object
// or an array). A VARIANT row of a vector is one StringView holding the metadata immediately
// followed by the value: the metadata's header gives its own length, so the two need no
// separator. Every read is bounds-checked: damaged bytes raise MALFORMED_VARIANT, never a crash.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/types/data_type.hpp"

namespace sluice::variant {

//! Spark refuses to build or read a metadata or value part larger than 16 MiB.
inline constexpr size_t kSizeLimit = 16u * 1024 * 1024;

//! The logical kinds of Spark's Variant.getType: every integer width is kLong, every decimal
//! width kDecimal, a short string kString.
enum class Type {
  kNull,
  kBoolean,
  kLong,
  kDouble,
  kDecimal,
  kString,
  kDate,
  kTimestamp,
  kTimestampNtz,
  kFloat,
  kBinary,
  kUuid,
  kObject,
  kArray,
};

//! The primitive type ids of the encoding (basic type 0).
enum PrimitiveId : uint8_t {
  kPrimitiveNull = 0,
  kPrimitiveTrue = 1,
  kPrimitiveFalse = 2,
  kPrimitiveInt8 = 3,
  kPrimitiveInt16 = 4,
  kPrimitiveInt32 = 5,
  kPrimitiveInt64 = 6,
  kPrimitiveDouble = 7,
  kPrimitiveDecimal4 = 8,
  kPrimitiveDecimal8 = 9,
  kPrimitiveDecimal16 = 10,
  kPrimitiveDate = 11,
  kPrimitiveTimestamp = 12,
  kPrimitiveTimestampNtz = 13,
  kPrimitiveFloat = 14,
  kPrimitiveBinary = 15,
  kPrimitiveString = 16,
  kPrimitiveUuid = 20,
};

//! The basic types: the low two bits of a value's header byte.
enum BasicType : uint8_t {
  kBasicPrimitive = 0,
  kBasicShortString = 1,
  kBasicObject = 2,
  kBasicArray = 3
};

inline constexpr uint8_t kMetadataVersion = 1;
//! The deepest nesting of objects and arrays: Jackson's limit, which bounds what parse_json
//! builds; a value nested deeper is taken as damaged (walking it could exhaust the stack).
inline constexpr int kMaxNestingDepth = 1000;
inline constexpr size_t kMaxShortStringLength = 63;

struct DecimalValue {
  int128_t unscaled = 0;
  int scale = 0;
};

[[noreturn]] void throwMalformed();

struct ObjectField;

//! One value inside an encoded variant, with the metadata it reads its keys from. Cheap to
//! copy: two views into bytes the caller keeps alive.
class VariantRef {
 public:
  //! Splits a vector's VARIANT row (metadata then value) and checks both headers.
  static VariantRef fromEncoded(std::string_view encoded);
  //! A value and its metadata stored apart (Parquet's two columns).
  static VariantRef fromParts(std::string_view metadata, std::string_view value);

  Type type() const;
  bool isNull() const { return type() == Type::kNull; }

  bool getBoolean() const;
  //! kLong, kDate (days), kTimestamp and kTimestampNtz (microseconds).
  int64_t getLong() const;
  double getDouble() const;
  float getFloat() const;
  //! The unscaled value and scale as stored (trailing zeros kept).
  DecimalValue getDecimal() const;
  //! kString and kBinary bytes.
  std::string_view getString() const;
  //! The 16 bytes of a kUuid, most significant first.
  std::string_view getUuid() const;

  //! kObject: the number of fields, the i-th in key order, the field named `key`.
  uint32_t objectSize() const;
  ObjectField fieldAt(uint32_t index) const;
  std::optional<VariantRef> field(std::string_view key) const;

  //! kArray: the number of elements and the i-th.
  uint32_t arraySize() const;
  VariantRef elementAt(uint32_t index) const;

  //! The bytes of this value alone (header and data), and the whole metadata part.
  std::string_view valueBytes() const;
  std::string_view metadata() const { return metadata_; }
  //! The dictionary's key `id`.
  std::string_view key(uint32_t id) const;

 private:
  VariantRef(std::string_view metadata, std::string_view value)
      : metadata_(metadata), value_(value) {}

  uint8_t header() const { return static_cast<uint8_t>(value_[0]); }
  uint8_t basicType() const { return header() & 0x3; }
  uint8_t typeInfo() const { return header() >> 2; }
  //! Size fields of an object or array: element count, id width, offset width, and where the
  //! ids, the offsets and the data start.
  struct Container {
    uint32_t size;
    uint32_t id_size;
    uint32_t offset_size;
    size_t id_start;
    size_t offset_start;
    size_t data_start;
  };
  Container container() const;
  VariantRef child(const Container& layout, uint32_t index) const;

  std::string_view metadata_;
  std::string_view value_;  // this value to the end of the enclosing value part
};

struct ObjectField {
  std::string_view key;
  VariantRef value;
};

//! The number of bytes of the metadata at the start of `encoded` (its header says).
size_t metadataSize(std::string_view encoded);

//! Reads a little-endian unsigned integer of `size` (1 to 4) bytes at `position`.
uint32_t readUnsigned(std::string_view bytes, size_t position, uint32_t size);

}  // namespace sluice::variant
