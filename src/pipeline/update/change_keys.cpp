// src/pipeline/update/change_keys.cpp
#include "pipeline/update/change_keys.hpp"

#include <algorithm>
#include <bit>

#include "exec/aggregate/group_keys.hpp"
#include "function/scalar/collection/collection_common.hpp"

namespace sluice {

namespace {

//! The hashes of rows [0, count) of the key `columns` (combined column by column).
void hashKeys(const std::vector<const Vector*>& columns, idx_t count, uint64_t* hashes) {
  for (size_t column = 0; column < columns.size(); ++column)
    hashKeyColumn(*columns[column], count, hashes, column > 0);
}

//! The filter bit of a hash (its high bits folded into the low ones the mask keeps).
uint64_t bucketOf(uint64_t hash, uint64_t mask) {
  return (hash >> 17 ^ hash) & mask;
}

}  // namespace

bool KeyLess::operator()(const std::vector<Value>& a, const std::vector<Value>& b) const {
  for (size_t index = 0; index < a.size() && index < b.size(); ++index) {
    int result = compareElements(a[index], b[index]);
    if (result != 0)
      return result < 0;
  }
  return a.size() < b.size();
}

bool ChangeKeySet::supports(const std::vector<DataType>& types) {
  return std::all_of(types.begin(), types.end(),
                     [](const DataType& type) { return !type.isNested() && !type.isVoid(); });
}

void ChangeKeySet::seal() {
  KeyLess less;
  std::sort(keys_.begin(), keys_.end(), less);
  keys_.erase(std::unique(keys_.begin(), keys_.end(),
                          [&](const std::vector<Value>& a, const std::vector<Value>& b) {
                            return !less(a, b) && !less(b, a);
                          }),
              keys_.end());
  // The keys as vectors, hashed as a scan hashes its rows.
  std::vector<Vector> columns;
  for (const DataType& type : types_)
    columns.emplace_back(type, std::max<idx_t>(keys_.size(), 1));
  for (size_t row = 0; row < keys_.size(); ++row) {
    for (size_t column = 0; column < types_.size(); ++column)
      columns[column].setValue(row, keys_[row][column]);
  }
  std::vector<const Vector*> pointers;
  for (const Vector& column : columns)
    pointers.push_back(&column);
  hashes_.assign(keys_.size(), 0);
  hashKeys(pointers, keys_.size(), hashes_.data());
  std::sort(hashes_.begin(), hashes_.end());
  // About 16 filter bits a key: one row in 16 or fewer passes the filter without being a key.
  uint64_t bits = std::bit_ceil<uint64_t>(std::max<uint64_t>(keys_.size() * 16, 1024));
  filter_.assign(bits / 64, 0);
  filter_mask_ = bits - 1;
  for (uint64_t hash : hashes_) {
    uint64_t bucket = bucketOf(hash, filter_mask_);
    filter_[bucket >> 6] |= uint64_t{1} << (bucket & 63);
  }
}

bool ChangeKeySet::contains(const std::vector<Value>& key) const {
  return std::binary_search(keys_.begin(), keys_.end(), key, KeyLess{});
}

std::optional<std::pair<Value, Value>> ChangeKeySet::firstColumnRange() const {
  if (keys_.empty())
    return std::nullopt;
  // Sorted by the first column first.
  return std::make_pair(keys_.front().front(), keys_.back().front());
}

void ChangeKeySet::findCandidates(const std::vector<const Vector*>& columns, idx_t count,
                                  std::vector<uint32_t>& candidates) const {
  if (keys_.empty() || count == 0)
    return;
  std::vector<uint64_t> hashes(count);
  hashKeys(columns, count, hashes.data());
  for (idx_t row = 0; row < count; ++row) {
    uint64_t bucket = bucketOf(hashes[row], filter_mask_);
    if (((filter_[bucket >> 6] >> (bucket & 63)) & 1) == 0)
      continue;
    if (!std::binary_search(hashes_.begin(), hashes_.end(), hashes[row]))
      continue;
    bool has_null = false;
    for (const Vector* column : columns)
      has_null = has_null || column->isNull(row);
    if (!has_null)
      candidates.push_back(static_cast<uint32_t>(row));
  }
}

}  // namespace sluice
