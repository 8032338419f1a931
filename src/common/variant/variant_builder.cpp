// src/common/variant/variant_builder.cpp
#include "common/variant/variant_builder.hpp"

#include <algorithm>
#include <cstring>

#include "common/error/error.hpp"
#include "common/types/decimal.hpp"

namespace sluice::variant {

namespace {

void putLittleEndian(std::string& out, uint64_t value, size_t width) {
  for (size_t i = 0; i < width; ++i)
    out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}

constexpr int kMaxDecimal4Precision = 9;
constexpr int kMaxDecimal8Precision = 18;

}  // namespace

uint32_t integerSize(size_t max) {
  if (max <= 0xFF)
    return 1;
  if (max <= 0xFFFF)
    return 2;
  if (max <= 0xFFFFFF)
    return 3;
  return 4;
}

void VariantBuilder::appendLittleEndian(uint64_t value, size_t size) {
  putLittleEndian(value_, value, size);
}

void VariantBuilder::appendNull() {
  appendPrimitiveHeader(kPrimitiveNull);
}

void VariantBuilder::appendBoolean(bool value) {
  appendPrimitiveHeader(value ? kPrimitiveTrue : kPrimitiveFalse);
}

void VariantBuilder::appendLong(int64_t value) {
  if (value == static_cast<int8_t>(value)) {
    appendPrimitiveHeader(kPrimitiveInt8);
    appendLittleEndian(static_cast<uint64_t>(value), 1);
  } else if (value == static_cast<int16_t>(value)) {
    appendPrimitiveHeader(kPrimitiveInt16);
    appendLittleEndian(static_cast<uint64_t>(value), 2);
  } else if (value == static_cast<int32_t>(value)) {
    appendPrimitiveHeader(kPrimitiveInt32);
    appendLittleEndian(static_cast<uint64_t>(value), 4);
  } else {
    appendPrimitiveHeader(kPrimitiveInt64);
    appendLittleEndian(static_cast<uint64_t>(value), 8);
  }
}

void VariantBuilder::appendDouble(double value) {
  appendPrimitiveHeader(kPrimitiveDouble);
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  appendLittleEndian(bits, 8);
}

void VariantBuilder::appendFloat(float value) {
  appendPrimitiveHeader(kPrimitiveFloat);
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  appendLittleEndian(bits, 4);
}

void VariantBuilder::appendDecimal(int128_t unscaled, int scale) {
  int precision = decimal::digitCount(unscaled);
  size_t width;
  if (scale <= kMaxDecimal4Precision && precision <= kMaxDecimal4Precision) {
    appendPrimitiveHeader(kPrimitiveDecimal4);
    width = 4;
  } else if (scale <= kMaxDecimal8Precision && precision <= kMaxDecimal8Precision) {
    appendPrimitiveHeader(kPrimitiveDecimal8);
    width = 8;
  } else {
    appendPrimitiveHeader(kPrimitiveDecimal16);
    width = 16;
  }
  value_.push_back(static_cast<char>(scale));
  auto bits = static_cast<unsigned __int128>(unscaled);
  for (size_t i = 0; i < width; ++i)
    value_.push_back(static_cast<char>(static_cast<uint8_t>(bits >> (8 * i))));
}

void VariantBuilder::appendString(std::string_view text) {
  if (text.size() <= kMaxShortStringLength) {
    value_.push_back(static_cast<char>((text.size() << 2) | kBasicShortString));
  } else {
    appendPrimitiveHeader(kPrimitiveString);
    appendLittleEndian(text.size(), 4);
  }
  value_.append(text);
}

void VariantBuilder::appendBinary(std::string_view bytes) {
  appendPrimitiveHeader(kPrimitiveBinary);
  appendLittleEndian(bytes.size(), 4);
  value_.append(bytes);
}

void VariantBuilder::appendDate(int32_t days) {
  appendPrimitiveHeader(kPrimitiveDate);
  appendLittleEndian(static_cast<uint32_t>(days), 4);
}

void VariantBuilder::appendTimestamp(int64_t micros) {
  appendPrimitiveHeader(kPrimitiveTimestamp);
  appendLittleEndian(static_cast<uint64_t>(micros), 8);
}

void VariantBuilder::appendTimestampNtz(int64_t micros) {
  appendPrimitiveHeader(kPrimitiveTimestampNtz);
  appendLittleEndian(static_cast<uint64_t>(micros), 8);
}

void VariantBuilder::appendVariant(const VariantRef& value) {
  appendVariantAt(value, 0);
}

void VariantBuilder::appendVariantAt(const VariantRef& value, int depth) {
  if (depth > kMaxNestingDepth)
    throwMalformed();
  switch (value.type()) {
    case Type::kObject: {
      size_t start = position();
      uint32_t size = value.objectSize();
      std::vector<FieldEntry> fields;
      fields.reserve(size);
      for (uint32_t i = 0; i < size; ++i) {
        ObjectField field = value.fieldAt(i);
        uint32_t id = addKey(field.key);
        fields.push_back({field.key, id, position() - start});
        appendVariantAt(field.value, depth + 1);
      }
      finishObject(start, fields);
      return;
    }
    case Type::kArray: {
      size_t start = position();
      uint32_t size = value.arraySize();
      std::vector<size_t> offsets;
      offsets.reserve(size);
      for (uint32_t i = 0; i < size; ++i) {
        offsets.push_back(position() - start);
        appendVariantAt(value.elementAt(i), depth + 1);
      }
      finishArray(start, offsets);
      return;
    }
    default:
      value_.append(value.valueBytes());
  }
}

uint32_t VariantBuilder::addKey(std::string_view key) {
  if (keys_.size() <= kScannedKeys) {
    for (size_t id = 0; id < keys_.size(); ++id) {
      if (keys_[id] == key)
        return static_cast<uint32_t>(id);
    }
  } else {
    auto found = key_ids_.find(key);
    if (found != key_ids_.end())
      return found->second;
  }
  auto id = static_cast<uint32_t>(keys_.size());
  keys_.emplace_back(key);
  if (keys_.size() == kScannedKeys + 1) {
    for (size_t index = 0; index < keys_.size(); ++index)
      key_ids_.emplace(keys_[index], static_cast<uint32_t>(index));
  } else if (keys_.size() > kScannedKeys + 1) {
    key_ids_.emplace(keys_.back(), id);
  }
  return id;
}

void VariantBuilder::clear() {
  value_.clear();
  keys_.clear();
  key_ids_.clear();
}

void VariantBuilder::finishObject(size_t start, std::vector<FieldEntry>& fields) {
  // Keys must be unique (checked below), so an unstable sort orders them the same; for the
  // small objects of most documents it sorts in place without allocating.
  std::sort(fields.begin(), fields.end(),
            [](const FieldEntry& a, const FieldEntry& b) { return a.key < b.key; });
  uint32_t max_id = 0;
  for (size_t i = 0; i < fields.size(); ++i) {
    max_id = std::max(max_id, fields[i].id);
    if (i > 0 && fields[i].key == fields[i - 1].key) {
      throw Error(ErrorClass::VARIANT_DUPLICATE_KEY,
                  fmt::format("Failed to build variant because of a duplicate object key `{}`.",
                              fields[i].key));
    }
  }
  size_t size = fields.size();
  size_t data_size = value_.size() - start;
  bool large = size > 0xFF;
  uint32_t count_size = large ? 4 : 1;
  uint32_t id_size = integerSize(max_id);
  uint32_t offset_size = integerSize(data_size);
  std::string& header = header_;
  header.clear();
  header.push_back(static_cast<char>(
      (((large ? 1 : 0) << 4 | (id_size - 1) << 2 | (offset_size - 1)) << 2) | kBasicObject));
  putLittleEndian(header, size, count_size);
  for (const FieldEntry& field : fields)
    putLittleEndian(header, field.id, id_size);
  for (const FieldEntry& field : fields)
    putLittleEndian(header, field.offset, offset_size);
  putLittleEndian(header, data_size, offset_size);
  value_.insert(start, header);
}

void VariantBuilder::finishArray(size_t start, const std::vector<size_t>& offsets) {
  size_t size = offsets.size();
  size_t data_size = value_.size() - start;
  bool large = size > 0xFF;
  uint32_t count_size = large ? 4 : 1;
  uint32_t offset_size = integerSize(data_size);
  std::string& header = header_;
  header.clear();
  header.push_back(
      static_cast<char>((((large ? 1 : 0) << 2 | (offset_size - 1)) << 2) | kBasicArray));
  putLittleEndian(header, size, count_size);
  for (size_t offset : offsets)
    putLittleEndian(header, offset, offset_size);
  putLittleEndian(header, data_size, offset_size);
  value_.insert(start, header);
}

std::string VariantBuilder::finish(std::string_view function) const {
  std::string out;
  finishInto(out, function);
  return out;
}

void VariantBuilder::finishInto(std::string& out, std::string_view function) const {
  size_t strings_size = 0;
  for (const std::string& key : keys_)
    strings_size += key.size();
  uint32_t offset_size = integerSize(std::max(strings_size, keys_.size()));
  size_t metadata_size = 1 + offset_size + (keys_.size() + 1) * offset_size + strings_size;
  if (metadata_size > kSizeLimit || value_.size() > kSizeLimit) {
    throw Error(ErrorClass::VARIANT_SIZE_LIMIT,
                fmt::format("Cannot build variant bigger than 16.0 MiB in `{}`. Please avoid "
                            "large input strings to this expression (for example, add function "
                            "calls(s) to check the expression size and convert it to NULL first "
                            "if it is too big).",
                            function));
  }
  out.clear();
  out.reserve(metadata_size + value_.size());
  out.push_back(static_cast<char>(kMetadataVersion | ((offset_size - 1) << 6)));
  putLittleEndian(out, keys_.size(), offset_size);
  size_t offset = 0;
  putLittleEndian(out, 0, offset_size);
  for (const std::string& key : keys_) {
    offset += key.size();
    putLittleEndian(out, offset, offset_size);
  }
  for (const std::string& key : keys_)
    out.append(key);
  out.append(value_);
}

}  // namespace sluice::variant
