// src/storage/parquet/encoding/dictionary_builder.cpp
//
// The dictionary hash table.
#include "storage/parquet/encoding/dictionary_builder.hpp"

#include <cstring>
#include <functional>

#include "common/check.hpp"

namespace sluice::parquet {

namespace {

//! A full avalanche (MurmurHash3's finalizer): the table indexes by the low bits, and the
//! low bits of doubles such as k / 7.0 repeat, so every input bit must reach them.
uint64_t hashBits(uint64_t bits) {
  bits ^= bits >> 33;
  bits *= 0xFF51AFD7ED558CCDULL;
  bits ^= bits >> 33;
  bits *= 0xC4CEB9FE1A85EC53ULL;
  return bits ^ (bits >> 33);
}

constexpr size_t kInitialSlots = 1024;

}  // namespace

DictionaryBuilder::DictionaryBuilder(PhysicalType physical, int32_t type_length)
    : physical_(physical) {
  switch (physical) {
    case PhysicalType::kInt32:
    case PhysicalType::kFloat:
      width_ = 4;
      break;
    case PhysicalType::kInt64:
    case PhysicalType::kDouble:
      width_ = 8;
      break;
    case PhysicalType::kFixedLenByteArray:
      width_ = static_cast<size_t>(type_length);
      break;
    default:
      width_ = 0;
      break;
  }
  slots_.assign(kInitialSlots, 0);
  mask_ = kInitialSlots - 1;
}

void DictionaryBuilder::clear() {
  slots_.assign(kInitialSlots, 0);
  mask_ = kInitialSlots - 1;
  hashes_.clear();
  fixed_.clear();
  byte_offsets_.clear();
  byte_lengths_.clear();
  plain_.clear();
}

void DictionaryBuilder::grow() {
  std::vector<uint32_t> slots(slots_.size() * 2, 0);
  uint64_t mask = slots.size() - 1;
  for (uint32_t index = 0; index < hashes_.size(); ++index) {
    uint64_t slot = hashes_[index] & mask;
    while (slots[slot] != 0)
      slot = (slot + 1) & mask;
    slots[slot] = index + 1;
  }
  slots_ = std::move(slots);
  mask_ = mask;
}

std::string_view DictionaryBuilder::bytesAt(uint32_t index) const {
  return std::string_view(reinterpret_cast<const char*>(plain_.data()) + byte_offsets_[index],
                          byte_lengths_[index]);
}

uint32_t DictionaryBuilder::insertFixed(uint64_t bits, bool& inserted) {
  uint64_t hash = hashBits(bits);
  uint64_t slot = hash & mask_;
  while (slots_[slot] != 0) {
    uint32_t index = slots_[slot] - 1;
    if (fixed_[index] == bits) {
      inserted = false;
      return index;
    }
    slot = (slot + 1) & mask_;
  }
  uint32_t index = static_cast<uint32_t>(hashes_.size());
  slots_[slot] = index + 1;
  hashes_.push_back(hash);
  fixed_.push_back(bits);
  const auto* bytes = reinterpret_cast<const uint8_t*>(&bits);
  plain_.insert(plain_.end(), bytes, bytes + width_);
  inserted = true;
  if (hashes_.size() * 2 > slots_.size())
    grow();
  return index;
}

uint32_t DictionaryBuilder::insertBytes(std::string_view value, bool& inserted) {
  uint64_t hash = std::hash<std::string_view>{}(value);
  uint64_t slot = hash & mask_;
  while (slots_[slot] != 0) {
    uint32_t index = slots_[slot] - 1;
    if (hashes_[index] == hash && bytesAt(index) == value) {
      inserted = false;
      return index;
    }
    slot = (slot + 1) & mask_;
  }
  uint32_t index = static_cast<uint32_t>(hashes_.size());
  slots_[slot] = index + 1;
  hashes_.push_back(hash);
  if (physical_ == PhysicalType::kByteArray) {
    uint32_t length = static_cast<uint32_t>(value.size());
    const auto* length_bytes = reinterpret_cast<const uint8_t*>(&length);
    plain_.insert(plain_.end(), length_bytes, length_bytes + 4);
  }
  byte_offsets_.push_back(static_cast<uint32_t>(plain_.size()));
  byte_lengths_.push_back(static_cast<uint32_t>(value.size()));
  plain_.insert(plain_.end(), value.begin(), value.end());
  inserted = true;
  if (hashes_.size() * 2 > slots_.size())
    grow();
  return index;
}

}  // namespace sluice::parquet
