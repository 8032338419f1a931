// src/exec/window/window_sort_keys.cpp
#include "exec/window/window_sort_keys.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <type_traits>

#include "function/aggregate/aggregate_kernels.hpp"
#include "function/physical_type.hpp"

namespace sluice {

namespace {

using uint128 = unsigned __int128;

uint64_t orderedSigned(int64_t value) {
  return static_cast<uint64_t>(value) ^ (uint64_t{1} << 63);
}

//! Spark's order of doubles: -0.0 equals 0.0 and NaN is above everything.
uint64_t orderedDouble(double value) {
  if (value != value)
    return ~uint64_t{0};
  if (value == 0.0)
    value = 0.0;
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return (bits >> 63) != 0 ? ~bits : bits ^ (uint64_t{1} << 63);
}

//! A value as an unsigned number that sorts as the value does.
template <typename T>
uint128 ordered(const T& value) {
  if constexpr (std::is_same_v<T, uint8_t>) {
    return value;
  } else if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    return orderedDouble(static_cast<double>(value));
  } else if constexpr (std::is_same_v<T, int128_t>) {
    return static_cast<uint128>(value) ^ (uint128{1} << 127);
  } else {
    return orderedSigned(static_cast<int64_t>(value));
  }
}

uint32_t bitWidth(uint128 value) {
  auto high = static_cast<uint64_t>(value >> 64);
  if (high != 0)
    return 64 + static_cast<uint32_t>(std::bit_width(high));
  return static_cast<uint32_t>(std::bit_width(static_cast<uint64_t>(value)));
}

//! ORs the low `bits` bits (1..64) of `value` into the packed words at bit `offset`.
inline void put(uint64_t* words, uint32_t offset, uint32_t bits, uint64_t value) {
  uint32_t word = offset / 64;
  uint32_t room = 64 - offset % 64;
  if (bits <= room) {
    words[word] |= value << (room - bits);
  } else {
    uint32_t spill = bits - room;
    words[word] |= value >> spill;
    words[word + 1] |= value << (64 - spill);
  }
}

inline void putWide(uint64_t* words, uint32_t offset, uint32_t bits, uint128 value) {
  if (bits > 64) {
    put(words, offset, bits - 64, static_cast<uint64_t>(value >> 64));
    put(words, offset + bits - 64, 64, static_cast<uint64_t>(value));
  } else if (bits > 0) {
    put(words, offset, bits, static_cast<uint64_t>(value));
  }
}

//! Calls visitor.operator()<T>() with the physical type of a packable key type.
template <typename Visitor>
void visitPackable(TypeId type, bool wide_decimal, Visitor&& visitor) {
  switch (type) {
    case TypeId::kBoolean:
      return visitor.template operator()<uint8_t>();
    case TypeId::kByte:
      return visitor.template operator()<int8_t>();
    case TypeId::kShort:
      return visitor.template operator()<int16_t>();
    case TypeId::kInt:
    case TypeId::kDate:
    case TypeId::kYearMonthInterval:
      return visitor.template operator()<int32_t>();
    case TypeId::kFloat:
      return visitor.template operator()<float>();
    case TypeId::kDouble:
      return visitor.template operator()<double>();
    case TypeId::kDecimal:
      if (wide_decimal)
        return visitor.template operator()<int128_t>();
      return visitor.template operator()<int64_t>();
    default:  // BIGINT, timestamps, day-time intervals
      return visitor.template operator()<int64_t>();
  }
}

}  // namespace

void PackedKeyStats::merge(const PackedKeyStats& other) {
  has_null |= other.has_null;
  if (!other.has_value)
    return;
  if (!has_value) {
    min = other.min;
    max = other.max;
    has_value = true;
    return;
  }
  min = std::min(min, other.min);
  max = std::max(max, other.max);
}

bool PackedKeyLayout::supports(const std::vector<SortKey>& keys,
                               const std::vector<DataType>& types) {
  for (const SortKey& key : keys) {
    switch (types[key.column].id()) {
      case TypeId::kVoid:
      case TypeId::kBoolean:
      case TypeId::kByte:
      case TypeId::kShort:
      case TypeId::kInt:
      case TypeId::kLong:
      case TypeId::kFloat:
      case TypeId::kDouble:
      case TypeId::kDecimal:
      case TypeId::kDate:
      case TypeId::kTimestamp:
      case TypeId::kTimestampNtz:
      case TypeId::kYearMonthInterval:
      case TypeId::kDayTimeInterval:
      case TypeId::kTime:
        break;
      default:
        return false;
    }
  }
  return true;
}

void PackedKeyLayout::collect(const std::vector<SortKey>& keys, const Batch& batch,
                              std::vector<PackedKeyStats>& stats) {
  idx_t count = batch.num_rows;
  for (size_t k = 0; k < keys.size(); ++k) {
    const Vector& vector = batch.columns[keys[k].column];
    PackedKeyStats& into = stats[k];
    if (vector.type().isVoid()) {
      into.has_null |= count > 0;
      continue;
    }
    visitPackable(vector.type().id(), vector.type().isWideDecimal(), [&]<typename T>() {
      VectorReader<T> values(vector);
      bool has_nulls = values.hasNulls();
      using Ordered = std::conditional_t<std::is_same_v<T, int128_t>, uint128, uint64_t>;
      PackedKeyStats local;
      Ordered low = ~Ordered{0};
      Ordered high = 0;
      idx_t valid = count;
      for (idx_t row = 0; row < count; ++row) {
        if (has_nulls && !values.isValid(row)) {
          --valid;
          continue;
        }
        auto value = static_cast<Ordered>(ordered(values[row]));
        low = std::min(low, value);
        high = std::max(high, value);
      }
      local.has_null = valid < count;
      local.has_value = valid > 0;
      local.min = low;
      local.max = high;
      into.merge(local);
    });
  }
}

PackedKeyLayout::PackedKeyLayout(const std::vector<SortKey>& keys,
                                 const std::vector<DataType>& types,
                                 const std::vector<PackedKeyStats>& stats, size_t partition_keys) {
  uint32_t offset = 0;
  for (size_t k = 0; k < keys.size(); ++k) {
    Field field;
    field.column = keys[k].column;
    field.type = types[field.column].id();
    field.descending = !keys[k].ascending;
    field.nulls_first = keys[k].nulls_first;
    field.null_bit = stats[k].has_null;
    if (stats[k].has_value) {
      field.min = stats[k].min;
      field.max = stats[k].max;
      field.value_bits = bitWidth(field.max - field.min);
    }
    field.wide = types[field.column].isWideDecimal();
    field.offset = offset;
    offset += (field.null_bit ? 1 : 0) + field.value_bits;
    fields_.push_back(field);
    if (k + 1 == partition_keys)
      partition_bits_ = offset;
  }
  total_bits_ = offset;
}

void PackedKeyLayout::encode(const Batch& batch, const uint32_t* positions, uint64_t* base,
                             size_t stride) const {
  idx_t count = batch.num_rows;
  for (size_t k = 0; k < fields_.size(); ++k) {
    const Field& field = fields_[k];
    const Vector& vector = batch.columns[field.column];
    // The NULL bit is set for NULLs under NULLS LAST and for values under NULLS FIRST.
    uint64_t null_mark = field.nulls_first ? 0 : 1;
    uint64_t value_mark = field.nulls_first ? 1 : 0;
    uint32_t value_offset = field.offset + (field.null_bit ? 1 : 0);
    if (field.type == TypeId::kVoid) {
      if (field.null_bit && null_mark != 0) {
        for (idx_t row = 0; row < count; ++row)
          put(base + positions[row] * stride, field.offset, 1, 1);
      }
      continue;
    }
    bool mark_values = field.null_bit && value_mark != 0;
    visitPackable(field.type, field.wide, [&]<typename T>() {
      VectorReader<T> values(vector);
      bool has_nulls = values.hasNulls();
      // Values narrower than 128 bits use 64-bit arithmetic.
      using Ordered = std::conditional_t<std::is_same_v<T, int128_t>, uint128, uint64_t>;
      auto min = static_cast<Ordered>(field.min);
      auto max = static_cast<Ordered>(field.max);
      for (idx_t row = 0; row < count; ++row) {
        uint64_t* words = base + positions[row] * stride;
        if (has_nulls && !values.isValid(row)) {
          if (null_mark != 0)
            put(words, field.offset, 1, 1);
          continue;
        }
        if (mark_values)
          put(words, field.offset, 1, 1);
        if (field.value_bits == 0)
          continue;
        auto value = static_cast<Ordered>(ordered(values[row]));
        Ordered relative = field.descending ? max - value : value - min;
        if constexpr (std::is_same_v<T, int128_t>) {
          putWide(words, value_offset, field.value_bits, relative);
        } else {
          put(words, value_offset, field.value_bits, relative);
        }
      }
    });
  }
}

}  // namespace sluice
