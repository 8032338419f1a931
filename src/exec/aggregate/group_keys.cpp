// src/exec/aggregate/group_keys.cpp
#include "exec/aggregate/group_keys.hpp"

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

#include "function/aggregate/aggregate_kernels.hpp"
#include "function/physical_type.hpp"

namespace sluice {

namespace {

constexpr uint64_t kNullHash = 0x9ae16a3b2f90404fULL;

//! Murmur3's 64-bit finalizer: every input bit flips about half of the output bits, so both the
//! low bits (slot) and the high bits (partition, salt) of a hash are usable.
inline uint64_t mix64(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

inline uint64_t combineHashes(uint64_t seed, uint64_t value) {
  return mix64(seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2)));
}

inline uint64_t load64(const char* bytes) {
  uint64_t word;
  std::memcpy(&word, bytes, sizeof(word));
  return word;
}

//! hashBytes's state before the bytes of a string of `size` bytes, then after each of its
//! words (the last one zero-padded); its hash is mix64 of the final state.
inline uint64_t bytesHashSeed(uint32_t size) {
  return 0x27d4eb2f165667c5ULL ^ (uint64_t{size} * 0x9e3779b97f4a7c15ULL);
}

inline uint64_t bytesHashStep(uint64_t state, uint64_t word) {
  return (state ^ mix64(word)) * 0x9e3779b97f4a7c15ULL;
}

uint64_t hashBytes(const char* data, uint32_t size) {
  uint64_t hash = bytesHashSeed(size);
  uint32_t position = 0;
  for (; position + 8 <= size; position += 8)
    hash = bytesHashStep(hash, load64(data + position));
  if (position < size) {
    uint64_t tail = 0;
    std::memcpy(&tail, data + position, size - position);
    hash = bytesHashStep(hash, tail);
  }
  return mix64(hash);
}

//! -0.0 becomes 0.0 and every NaN the one quiet NaN; other values are unchanged.
template <typename T>
inline T normalizeKey(T value) {
  if constexpr (std::is_floating_point_v<T>) {
    if (value == T(0))
      return T(0);
    if (std::isnan(value))
      return std::numeric_limits<T>::quiet_NaN();
  }
  return value;
}

template <typename T>
inline uint64_t hashKey(const T& value) {
  if constexpr (std::is_same_v<T, StringView>) {
    if (value.isInline()) {
      // Inline bytes are zero-padded, so the 16 bytes of the view identify the string.
      const char* raw = reinterpret_cast<const char*>(&value);
      return mix64(load64(raw) ^ mix64(load64(raw + 8) + 0x165667b19e3779f9ULL));
    }
    return hashBytes(value.data(), value.size());
  } else if constexpr (std::is_same_v<T, int128_t>) {
    auto bits = static_cast<unsigned __int128>(value);
    return mix64(static_cast<uint64_t>(bits) ^ mix64(static_cast<uint64_t>(bits >> 64)));
  } else if constexpr (std::is_same_v<T, double>) {
    uint64_t bits;
    double normal = normalizeKey(value);
    std::memcpy(&bits, &normal, sizeof(bits));
    return mix64(bits);
  } else if constexpr (std::is_same_v<T, float>) {
    uint32_t bits;
    float normal = normalizeKey(value);
    std::memcpy(&bits, &normal, sizeof(bits));
    return mix64(bits);
  } else {
    return mix64(static_cast<uint64_t>(static_cast<int64_t>(value)));
  }
}

//! Equality of normalized keys: bitwise for floating point (so NaN equals NaN).
template <typename T>
inline bool equalKeys(const T& a, const T& b) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::memcmp(&a, &b, sizeof(T)) == 0;
  } else {
    return a == b;
  }
}

template <typename T>
inline T loadKey(const uint8_t* row, idx_t offset) {
  T value;
  std::memcpy(&value, row + offset, sizeof(T));
  return value;
}

//! The high bit of each byte of a word: set in a byte that is not ASCII.
constexpr uint64_t kHighBits = 0x8080808080808080ULL;

//! The eight bytes of `word` with ASCII capitals lowercased; every byte must be ASCII. Adding
//! 0x3f to a byte (below 0x80) sets its high bit from 'A' up, adding 0x25 from past 'Z' up.
inline uint64_t lowercaseAsciiWord(uint64_t word) {
  uint64_t from_a = word + 0x3f3f3f3f3f3f3f3fULL;
  uint64_t past_z = word + 0x2525252525252525ULL;
  return word | ((from_a & ~past_z & kHighBits) >> 2);
}

//! The bytes of an inline view (a string of at most 12 bytes, zero-padded) as two words:
//! bytes 0 to 7, then 8 to 11.
inline std::pair<uint64_t, uint64_t> inlineWords(const StringView& view) {
  const char* bytes = reinterpret_cast<const char*>(&view) + sizeof(uint32_t);
  uint32_t high;
  std::memcpy(&high, bytes + 8, sizeof(high));
  return {load64(bytes), high};
}

//! hashBytes of the UTF8_LCASE key of `value` when it is ASCII (its key is then its bytes
//! lowercased, as long), computed a word at a time without copying them; false for other
//! text. An inline view's zero-padded words are hashBytes's words and tail.
bool hashLowercaseAscii(const StringView& value, uint64_t& hash) {
  auto size = static_cast<uint32_t>(value.size());
  uint64_t state = bytesHashSeed(size);
  auto absorb = [&state](uint64_t word) { state = bytesHashStep(state, lowercaseAsciiWord(word)); };
  if (value.isInline()) {
    auto [low, high] = inlineWords(value);
    if (((low | high) & kHighBits) != 0)
      return false;
    if (size > 0)
      absorb(low);
    if (size > 8)
      absorb(high);
    hash = mix64(state);
    return true;
  }
  std::string_view text = value.view();
  uint32_t position = 0;
  for (; position + 8 <= size; position += 8) {
    uint64_t word = load64(text.data() + position);
    if ((word & kHighBits) != 0)
      return false;
    absorb(word);
  }
  if (position < size) {
    uint64_t tail = 0;
    std::memcpy(&tail, text.data() + position, size - position);
    if ((tail & kHighBits) != 0)
      return false;
    absorb(tail);
  }
  hash = mix64(state);
  return true;
}

//! UTF8_LCASE equality of `a` and `b`: a word at a time while both are ASCII and as long (a
//! prefix of whole ASCII characters whose lowercase forms differ decides), the collation's
//! comparison otherwise.
bool equalLowercase(const StringView& a, const StringView& b, const Collation& collation) {
  if (a.size() == b.size() && a.isInline()) {
    auto [a_low, a_high] = inlineWords(a);
    auto [b_low, b_high] = inlineWords(b);
    if (((a_low | a_high | b_low | b_high) & kHighBits) == 0) {
      return lowercaseAsciiWord(a_low) == lowercaseAsciiWord(b_low) &&
             lowercaseAsciiWord(a_high) == lowercaseAsciiWord(b_high);
    }
  } else if (a.size() == b.size()) {
    std::string_view x = a.view();
    std::string_view y = b.view();
    size_t position = 0;
    for (; position + 8 <= x.size(); position += 8) {
      uint64_t left = load64(x.data() + position);
      uint64_t right = load64(y.data() + position);
      if (((left | right) & kHighBits) != 0)
        return collation.equals(x, y);
      if (lowercaseAsciiWord(left) != lowercaseAsciiWord(right))
        return false;
    }
    // The last bytes, as the last eight of both (a string past the inline length has them).
    uint64_t left = load64(x.data() + x.size() - 8);
    uint64_t right = load64(y.data() + y.size() - 8);
    if (((left | right) & kHighBits) == 0)
      return lowercaseAsciiWord(left) == lowercaseAsciiWord(right);
  }
  return collation.equals(a.view(), b.view());
}

//! Hashes strings of a collation other than UTF8_BINARY by their collation key, so that the
//! values it holds equal hash alike. ASCII text under UTF8_LCASE is hashed as it is lowercased.
void hashCollatedKeyColumn(const Vector& key, idx_t count, uint64_t* hashes, bool combine) {
  const Collation& collation = Collation::byId(key.type().collation());
  bool lowercase = collation.lowercase();
  bool rtrim = collation.rtrim();  // UTF8_LCASE_RTRIM: its keys drop trailing spaces first
  VectorReader<StringView> values(key);
  std::string scratch;
  for (idx_t row = 0; row < count; ++row) {
    uint64_t hash = kNullHash;
    if (values.isValid(row)) {
      const StringView& value = values[row];
      if (!lowercase || rtrim || !hashLowercaseAscii(value, hash)) {
        std::string_view bytes = collation.key(value.view(), scratch);
        hash = hashBytes(bytes.data(), static_cast<uint32_t>(bytes.size()));
      }
    }
    hashes[row] = combine ? combineHashes(hashes[row], hash) : hash;
  }
}

//! Calls visit.operator()<T>(equal) with the physical type T of keys of `type` and their
//! equality: equalKeys, or the collation's for a STRING of another collation than
//! UTF8_BINARY. The choice is made once per call, outside the loops over rows.
template <typename Visit>
void visitKeyEquality(const DataType& type, const Visit& visit) {
  if (type.isCollatedString()) {
    const Collation* collation = &Collation::byId(type.collation());
    if (collation->lowercase() && !collation->rtrim()) {
      visit.template operator()<StringView>([collation](const StringView& a, const StringView& b) {
        return equalLowercase(a, b, *collation);
      });
      return;
    }
    visit.template operator()<StringView>([collation](const StringView& a, const StringView& b) {
      return collation->equals(a.view(), b.view());
    });
    return;
  }
  visitScalarType(type, [&]<typename T>() {
    visit.template operator()<T>([](const T& a, const T& b) { return equalKeys(a, b); });
  });
}

}  // namespace

void hashKeyColumn(const Vector& key, idx_t count, uint64_t* hashes, bool combine) {
  if (key.type().isVoid()) {
    for (idx_t row = 0; row < count; ++row)
      hashes[row] = combine ? combineHashes(hashes[row], kNullHash) : kNullHash;
    return;
  }
  if (key.type().isCollatedString())
    return hashCollatedKeyColumn(key, count, hashes, combine);
  visitScalarType(key.type(), [&]<typename T>() {
    VectorReader<T> values(key);
    bool has_nulls = values.hasNulls();
    for (idx_t row = 0; row < count; ++row) {
      uint64_t hash = (!has_nulls || values.isValid(row)) ? hashKey(values[row]) : kNullHash;
      hashes[row] = combine ? combineHashes(hashes[row], hash) : hash;
    }
  });
}

void scatterKeyColumn(const Vector& key, const uint32_t* sel, idx_t count, uint8_t* const* rows,
                      const GroupRowLayout& layout, idx_t column, StringHeap& heap) {
  idx_t validity = layout.validity_offset + column;
  if (key.type().isVoid()) {
    for (idx_t i = 0; i < count; ++i)
      rows[sel[i]][validity] = 0;
    return;
  }
  idx_t offset = layout.key_offsets[column];
  visitScalarType(key.type(), [&]<typename T>() {
    VectorReader<T> values(key);
    for (idx_t i = 0; i < count; ++i) {
      uint32_t row = sel[i];
      uint8_t* target = rows[row];
      if (!values.isValid(row)) {
        target[validity] = 0;
        continue;
      }
      target[validity] = 1;
      T value;
      if constexpr (std::is_same_v<T, StringView>) {
        value = keepString(values[row], heap);
      } else {
        value = normalizeKey(values[row]);
      }
      std::memcpy(target + offset, &value, sizeof(T));
    }
  });
}

idx_t matchKeyColumn(const Vector& key, uint32_t* sel, idx_t count, uint8_t* const* rows,
                     const GroupRowLayout& layout, idx_t column, uint32_t* mismatches,
                     idx_t& mismatch_count) {
  idx_t validity = layout.validity_offset + column;
  if (key.type().isVoid())
    return count;  // NULL equals NULL
  idx_t offset = layout.key_offsets[column];
  idx_t kept = 0;
  visitKeyEquality(key.type(), [&]<typename T>(const auto& equalKey) {
    VectorReader<T> values(key);
    for (idx_t i = 0; i < count; ++i) {
      uint32_t row = sel[i];
      const uint8_t* candidate = rows[row];
      bool valid = values.isValid(row);
      bool equal = valid == (candidate[validity] != 0) &&
                   (!valid || equalKey(normalizeKey(values[row]), loadKey<T>(candidate, offset)));
      if (equal) {
        sel[kept++] = row;
      } else {
        mismatches[mismatch_count++] = row;
      }
    }
  });
  return kept;
}

idx_t matchRowKeyColumn(uint8_t* const* probes, const GroupRowLayout& probe_layout, uint32_t* sel,
                        idx_t count, uint8_t* const* rows, const GroupRowLayout& layout,
                        idx_t column, uint32_t* mismatches, idx_t& mismatch_count) {
  const DataType& type = layout.key_types[column];
  if (type.isVoid())
    return count;
  idx_t probe_validity = probe_layout.validity_offset + column;
  idx_t validity = layout.validity_offset + column;
  idx_t probe_offset = probe_layout.key_offsets[column];
  idx_t offset = layout.key_offsets[column];
  idx_t kept = 0;
  visitKeyEquality(type, [&]<typename T>(const auto& equalKey) {
    for (idx_t i = 0; i < count; ++i) {
      uint32_t index = sel[i];
      const uint8_t* probe = probes[index];
      const uint8_t* candidate = rows[index];
      bool valid = probe[probe_validity] != 0;
      bool equal =
          valid == (candidate[validity] != 0) &&
          (!valid || equalKey(loadKey<T>(probe, probe_offset), loadKey<T>(candidate, offset)));
      if (equal) {
        sel[kept++] = index;
      } else {
        mismatches[mismatch_count++] = index;
      }
    }
  });
  return kept;
}

void gatherKeyColumn(uint8_t* const* rows, idx_t count, const GroupRowLayout& layout, idx_t column,
                     Vector& result, idx_t first_row) {
  const DataType& type = layout.key_types[column];
  idx_t validity = layout.validity_offset + column;
  if (type.isVoid()) {
    for (idx_t i = 0; i < count; ++i)
      result.setNull(first_row + i);
    return;
  }
  idx_t offset = layout.key_offsets[column];
  visitScalarType(type, [&]<typename T>() {
    for (idx_t i = 0; i < count; ++i) {
      const uint8_t* row = rows[i];
      if (row[validity] == 0) {
        result.setNull(first_row + i);
        continue;
      }
      writeResult(result, first_row + i, loadKey<T>(row, offset));
    }
  });
}

}  // namespace sluice
