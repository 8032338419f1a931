// src/exec/aggregate/dense_key_cache.cpp
#include "exec/aggregate/dense_key_cache.hpp"

#include <cstdint>
#include <cstring>

namespace sluice {

namespace {

//! Calls body.template operator()<T>() with the integer type that stores keys of `type`.
template <typename Body>
void visitIntegerKey(const DataType& type, Body&& body) {
  switch (type.physicalSize()) {
    case 1:
      body.template operator()<int8_t>();
      return;
    case 2:
      body.template operator()<int16_t>();
      return;
    case 4:
      body.template operator()<int32_t>();
      return;
    default:
      body.template operator()<int64_t>();
      return;
  }
}

}  // namespace

bool DenseKeyCache::appliesTo(const DataType& type) {
  return type.id() == TypeId::kBoolean || type.isIntegral() || type.isDatetime() || type.isTime() ||
         type.isInterval() || (type.isDecimal() && !type.isWideDecimal());
}

void DenseKeyCache::setBase(int64_t value) {
  // Rounded down, so that keys counted from 0 or 1 share the first range.
  int64_t slots = static_cast<int64_t>(kSlots);
  base_ = value - (value % slots + slots) % slots;
  has_base_ = true;
}

idx_t DenseKeyCache::lookup(const Vector& key, const RowSet& rows, uint8_t** groups,
                            uint32_t* misses) {
  if (!slots_)
    slots_ = std::make_unique<uint8_t*[]>(kSlots);
  idx_t missed = 0;
  visitIntegerKey(key.type(), [&]<typename T>() {
    const T* values = key.data<T>();
    bool has_nulls = key.mayHaveNulls();
    if (!has_base_) {
      forEachRow(rows, [&](idx_t row) {
        if (!has_base_ && !key.isNull(row))
          setBase(values[row]);
      });
    }
    // Unsigned: keys below the base wrap around to offsets past the slots.
    uint64_t base = static_cast<uint64_t>(base_);
    uint8_t* const* slots = slots_.get();
    auto find = [&](idx_t row) {
      uint64_t offset = static_cast<uint64_t>(static_cast<int64_t>(values[row])) - base;
      uint8_t* group = offset < kSlots ? slots[offset] : nullptr;
      if (group != nullptr && (!has_nulls || !key.isNull(row)))
        groups[row] = group;
      else
        misses[missed++] = static_cast<uint32_t>(row);
    };
    forEachRow(rows, find);
  });
  rows_seen_ += rows.count;
  hits_ += rows.count - missed;
  if (!judged_ && rows_seen_ >= kTrialRows)
    judge();
  return missed;
}

void DenseKeyCache::record(const Vector& key, const uint32_t* rows, idx_t count,
                           uint8_t* const* groups) {
  if (!enabled_ || !has_base_)
    return;
  visitIntegerKey(key.type(), [&]<typename T>() {
    const T* values = key.data<T>();
    uint64_t base = static_cast<uint64_t>(base_);
    for (idx_t i = 0; i < count; ++i) {
      uint32_t row = rows[i];
      uint64_t offset = static_cast<uint64_t>(static_cast<int64_t>(values[row])) - base;
      if (offset < kSlots && !key.isNull(row))
        slots_[offset] = groups[row];
    }
  });
}

void DenseKeyCache::judge() {
  judged_ = true;
  if (hits_ * 2 >= rows_seen_)
    return;
  enabled_ = false;
  slots_.reset();
}

void DenseKeyCache::clear() {
  if (slots_)
    std::memset(slots_.get(), 0, kSlots * sizeof(uint8_t*));
}

}  // namespace sluice
