// src/storage/delta/deletion_vector.cpp
#include "storage/delta/deletion_vector.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "common/check.hpp"
#include "common/error/error.hpp"
#include "common/hash/crc32.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/file_stats.hpp"
#include "storage/file/local_file.hpp"

namespace sluice::delta {

namespace {

constexpr uint32_t kPortableMagic = 1681511377;
constexpr uint32_t kCookieWithoutRuns = 12346;
constexpr uint32_t kCookieWithRuns = 12347;
constexpr uint32_t kArrayContainerMax = 4096;
constexpr uint32_t kNoOffsetThreshold = 4;
constexpr const char* kZ85Alphabet =
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#";

[[noreturn]] void damaged(const std::string& what) {
  throw Error(ErrorClass::DELTA_DELETION_VECTOR_SIZE_MISMATCH,
              fmt::format("The deletion vector is damaged: {}.", what));
}

//! Reads little-endian integers from a byte range, refusing to pass its end.
class ByteCursor {
 public:
  ByteCursor(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  template <typename T>
  T read() {
    need(sizeof(T));
    T value = 0;
    for (size_t index = 0; index < sizeof(T); ++index)
      value |= static_cast<T>(static_cast<T>(data_[position_ + index]) << (8 * index));
    position_ += sizeof(T);
    return value;
  }
  void skip(size_t bytes) {
    need(bytes);
    position_ += bytes;
  }
  size_t remaining() const { return size_ - position_; }

 private:
  void need(size_t bytes) const {
    if (bytes > size_ - position_)
      damaged("its bitmap ends early");
  }

  const uint8_t* data_;
  size_t size_;
  size_t position_ = 0;
};

uint32_t bigEndian32(const uint8_t* bytes) {
  return (uint32_t{bytes[0]} << 24) | (uint32_t{bytes[1]} << 16) | (uint32_t{bytes[2]} << 8) |
         uint32_t{bytes[3]};
}

//! Appends the positions of one 32-bit portable roaring bitmap, `high` their top 32 bits.
void decodeRoaring32(ByteCursor& cursor, uint64_t high, uint64_t max_positions,
                     std::vector<uint64_t>& positions) {
  auto check_count = [&](uint64_t more) {
    if (positions.size() + more > max_positions)
      damaged(fmt::format("it holds more than the {} rows it may", max_positions));
  };
  uint32_t cookie = cursor.read<uint32_t>();
  uint32_t containers = 0;
  bool has_runs = (cookie & 0xFFFF) == kCookieWithRuns;
  std::vector<uint8_t> run_flags;
  if (has_runs) {
    containers = (cookie >> 16) + 1;
    run_flags.resize((containers + 7) / 8);
    for (uint8_t& flags : run_flags)
      flags = cursor.read<uint8_t>();
  } else if (cookie == kCookieWithoutRuns) {
    containers = cursor.read<uint32_t>();
  } else {
    damaged(fmt::format("a bitmap starts with the unknown cookie {}", cookie));
  }
  if (containers > 65536)
    damaged(fmt::format("a bitmap claims {} containers", containers));
  std::vector<uint16_t> keys(containers);
  std::vector<uint32_t> cardinalities(containers);
  for (uint32_t index = 0; index < containers; ++index) {
    keys[index] = cursor.read<uint16_t>();
    cardinalities[index] = uint32_t{cursor.read<uint16_t>()} + 1;
  }
  if (!has_runs || containers >= kNoOffsetThreshold)
    cursor.skip(size_t{4} * containers);  // offsets: the containers follow in order anyway
  for (uint32_t index = 0; index < containers; ++index) {
    uint64_t base = (high << 32) | (uint64_t{keys[index]} << 16);
    bool is_run = has_runs && ((run_flags[index / 8] >> (index % 8)) & 1) != 0;
    if (is_run) {
      uint16_t runs = cursor.read<uint16_t>();
      for (uint16_t run = 0; run < runs; ++run) {
        uint32_t start = cursor.read<uint16_t>();
        uint32_t length = cursor.read<uint16_t>();
        if (start + length > 0xFFFF)
          damaged("a run passes the end of its container");
        check_count(uint64_t{length} + 1);
        for (uint32_t value = start; value <= start + length; ++value)
          positions.push_back(base | value);
      }
    } else if (cardinalities[index] <= kArrayContainerMax) {
      check_count(cardinalities[index]);
      for (uint32_t value = 0; value < cardinalities[index]; ++value)
        positions.push_back(base | cursor.read<uint16_t>());
    } else {
      for (uint32_t word = 0; word < 1024; ++word) {
        uint64_t bits = cursor.read<uint64_t>();
        while (bits != 0) {
          int bit = __builtin_ctzll(bits);
          positions.push_back(base | (uint64_t{word} * 64 + static_cast<uint64_t>(bit)));
          bits &= bits - 1;
        }
      }
      check_count(0);
    }
  }
}

//! The UUID of a 'u' descriptor (the last 20 characters, Z85) as 8-4-4-4-12 hex digits.
std::string uuidText(std::string_view encoded) {
  std::vector<uint8_t> bytes = decodeZ85(encoded);
  std::string hex;
  for (size_t index = 0; index < bytes.size(); ++index) {
    if (index == 4 || index == 6 || index == 8 || index == 10)
      hex += '-';
    hex += fmt::format("{:02x}", bytes[index]);
  }
  return hex;
}

}  // namespace

DeletionVectorDescriptor parseDeletionVectorDescriptor(const Json& json,
                                                       const std::string& data_file) {
  auto invalid = [&](const char* field) {
    throw Error(ErrorClass::DELTA_DELETION_VECTOR_SIZE_MISMATCH,
                fmt::format("The deletion vector of {} has no valid {}.", data_file, field));
  };
  if (!json.is_object())
    invalid("descriptor");
  DeletionVectorDescriptor descriptor;
  auto storage = json.find("storageType");
  if (storage == json.end() || !storage->is_string() || storage->get<std::string>().size() != 1)
    invalid("storageType");
  descriptor.storage_type = storage->get<std::string>()[0];
  if (descriptor.storage_type != 'u' && descriptor.storage_type != 'p' &&
      descriptor.storage_type != 'i') {
    invalid("storageType");
  }
  auto path = json.find("pathOrInlineDv");
  if (path == json.end() || !path->is_string())
    invalid("pathOrInlineDv");
  descriptor.path_or_inline = path->get<std::string>();
  auto offset = json.find("offset");
  if (offset != json.end() && !offset->is_null()) {
    if (!offset->is_number_integer() || offset->get<int64_t>() < 0 ||
        offset->get<int64_t>() > INT32_MAX) {
      invalid("offset");
    }
    descriptor.offset = offset->get<int32_t>();
  }
  auto size = json.find("sizeInBytes");
  if (size == json.end() || !size->is_number_integer() || size->get<int64_t>() < 0 ||
      size->get<int64_t>() > INT32_MAX) {
    invalid("sizeInBytes");
  }
  descriptor.size_in_bytes = size->get<int32_t>();
  auto cardinality = json.find("cardinality");
  if (cardinality == json.end() || !cardinality->is_number_integer() ||
      cardinality->get<int64_t>() < 0) {
    invalid("cardinality");
  }
  descriptor.cardinality = cardinality->get<int64_t>();
  return descriptor;
}

std::vector<uint8_t> decodeZ85(std::string_view text) {
  static const std::array<int, 256> kDigits = [] {
    std::array<int, 256> digits{};
    digits.fill(-1);
    for (int index = 0; kZ85Alphabet[index] != '\0'; ++index)
      digits[static_cast<uint8_t>(kZ85Alphabet[index])] = index;
    return digits;
  }();
  if (text.size() % 5 != 0)
    damaged(fmt::format("its Z85 text has {} characters, not a multiple of 5", text.size()));
  std::vector<uint8_t> bytes;
  bytes.reserve(text.size() / 5 * 4);
  for (size_t start = 0; start < text.size(); start += 5) {
    uint64_t value = 0;
    for (size_t index = start; index < start + 5; ++index) {
      int digit = kDigits[static_cast<uint8_t>(text[index])];
      if (digit < 0)
        damaged(fmt::format("its Z85 text holds the character '{}'", text[index]));
      value = value * 85 + static_cast<uint64_t>(digit);
    }
    if (value > UINT32_MAX)
      damaged("its Z85 text holds a group above 2^32");
    for (int shift = 24; shift >= 0; shift -= 8)
      bytes.push_back(static_cast<uint8_t>(value >> shift));
  }
  return bytes;
}

std::string encodeZ85(const std::vector<uint8_t>& bytes) {
  SLUICE_CHECK(bytes.size() % 4 == 0);
  std::string text;
  text.reserve(bytes.size() / 4 * 5);
  for (size_t start = 0; start < bytes.size(); start += 4) {
    uint32_t value = 0;
    for (size_t index = start; index < start + 4; ++index)
      value = (value << 8) | bytes[index];
    char group[5];
    for (int index = 4; index >= 0; --index) {
      group[index] = kZ85Alphabet[value % 85];
      value /= 85;
    }
    text.append(group, 5);
  }
  return text;
}

namespace {

//! The runs of `positions[first, last)` whose values agree above bit `shift`, as index ranges.
std::vector<std::pair<size_t, size_t>> runsAbove(const std::vector<uint64_t>& positions,
                                                 size_t first, size_t last, int shift) {
  std::vector<std::pair<size_t, size_t>> runs;
  for (size_t start = first; start < last;) {
    size_t end = start;
    while (end < last && (positions[end] >> shift) == (positions[start] >> shift))
      ++end;
    runs.emplace_back(start, end);
    start = end;
  }
  return runs;
}

}  // namespace

std::vector<uint8_t> encodeRoaringBitmapArray(const std::vector<uint64_t>& positions) {
  std::vector<uint8_t> out;
  auto put = [&out](uint64_t value, size_t bytes) {
    for (size_t index = 0; index < bytes; ++index)
      out.push_back(static_cast<uint8_t>(value >> (8 * index)));
  };
  put(kPortableMagic, 4);
  // The 32-bit bitmaps: runs of positions sharing their high 32 bits.
  std::vector<std::pair<size_t, size_t>> bitmaps = runsAbove(positions, 0, positions.size(), 32);
  put(bitmaps.size(), 8);
  for (auto [start, end] : bitmaps) {
    put(positions[start] >> 32, 4);
    // Containers: runs of positions sharing bits 16..31 (their high bits are the bitmap's).
    std::vector<std::pair<size_t, size_t>> containers = runsAbove(positions, start, end, 16);
    put(kCookieWithoutRuns, 4);
    put(containers.size(), 4);
    for (auto [first, last] : containers) {
      put((positions[first] >> 16) & 0xFFFF, 2);
      put(last - first - 1, 2);
    }
    // Offsets of the containers, from the start of this 32-bit bitmap.
    size_t offset = 4 + 4 + containers.size() * 8;
    for (auto [first, last] : containers) {
      put(offset, 4);
      offset += last - first <= kArrayContainerMax ? (last - first) * 2 : 8192;
    }
    for (auto [first, last] : containers) {
      if (last - first <= kArrayContainerMax) {
        for (size_t index = first; index < last; ++index)
          put(positions[index] & 0xFFFF, 2);
        continue;
      }
      std::array<uint64_t, 1024> words{};
      for (size_t index = first; index < last; ++index) {
        uint32_t low = positions[index] & 0xFFFF;
        words[low / 64] |= uint64_t{1} << (low % 64);
      }
      for (uint64_t word : words)
        put(word, 8);
    }
  }
  return out;
}

std::vector<uint64_t> decodeRoaringBitmapArray(const uint8_t* data, size_t size,
                                               uint64_t max_positions) {
  ByteCursor cursor(data, size);
  uint32_t magic = cursor.read<uint32_t>();
  if (magic != kPortableMagic)
    damaged(fmt::format("its bitmap starts with the unknown magic number {}", magic));
  uint64_t bitmaps = cursor.read<uint64_t>();
  // Each bitmap takes at least 8 bytes (its key and cookie).
  if (bitmaps > cursor.remaining() / 8)
    damaged(fmt::format("it claims {} bitmaps in {} bytes", bitmaps, size));
  std::vector<uint64_t> positions;
  int64_t previous_key = -1;
  for (uint64_t index = 0; index < bitmaps; ++index) {
    uint32_t key = cursor.read<uint32_t>();
    if (static_cast<int64_t>(key) <= previous_key)
      damaged("its bitmaps are not in ascending order");
    previous_key = key;
    decodeRoaring32(cursor, key, max_positions, positions);
  }
  if (!std::is_sorted(positions.begin(), positions.end()) ||
      std::adjacent_find(positions.begin(), positions.end()) != positions.end()) {
    damaged("its row positions are not ascending");
  }
  return positions;
}

std::string deletionVectorFilePath(const DeletionVectorDescriptor& descriptor,
                                   const std::string& table_path) {
  if (descriptor.storage_type == 'p')
    return resolveDataPath(table_path, descriptor.path_or_inline);
  const std::string& text = descriptor.path_or_inline;
  if (text.size() < 20)
    damaged(fmt::format("its UUID '{}' is too short", text));
  std::string prefix = text.substr(0, text.size() - 20);
  std::string name = fmt::format("deletion_vector_{}.bin",
                                 uuidText(std::string_view(text).substr(text.size() - 20)));
  return resolveDataPath(table_path, prefix.empty() ? name : prefix + "/" + name);
}

std::vector<uint64_t> loadDeletionVector(const DeletionVectorDescriptor& descriptor,
                                         const std::string& table_path) {
  std::vector<uint64_t> positions;
  if (descriptor.storage_type == 'i') {
    std::vector<uint8_t> bytes = decodeZ85(descriptor.path_or_inline);
    if (bytes.size() < static_cast<size_t>(descriptor.size_in_bytes))
      damaged("its inline data is shorter than its size");
    positions =
        decodeRoaringBitmapArray(bytes.data(), static_cast<size_t>(descriptor.size_in_bytes),
                                 static_cast<uint64_t>(descriptor.cardinality));
  } else {
    LocalFileReader file(deletionVectorFilePath(descriptor, table_path));
    uint64_t offset = static_cast<uint64_t>(descriptor.offset.value_or(1));
    auto size = static_cast<uint64_t>(descriptor.size_in_bytes);
    if (offset + 8 + size > file.size()) {
      throw Error(ErrorClass::DELTA_DELETION_VECTOR_SIZE_MISMATCH,
                  fmt::format("The deletion vector file {} is shorter than its descriptor says.",
                              file.path()));
    }
    std::vector<uint8_t> bytes(size + 8);
    file.readAt(offset, bytes.size(), bytes.data());
    if (bigEndian32(bytes.data()) != size) {
      throw Error(ErrorClass::DELTA_DELETION_VECTOR_SIZE_MISMATCH,
                  fmt::format("The deletion vector in {} at offset {} has size {}, its "
                              "descriptor {}.",
                              file.path(), offset, bigEndian32(bytes.data()), size));
    }
    std::string_view data(reinterpret_cast<const char*>(bytes.data() + 4), size);
    if (hash::crc32(data) != bigEndian32(bytes.data() + 4 + size)) {
      throw Error(ErrorClass::DELTA_DELETION_VECTOR_CHECKSUM_MISMATCH,
                  "Could not verify deletion vector integrity, CRC checksum verification "
                  "failed.");
    }
    positions = decodeRoaringBitmapArray(bytes.data() + 4, size,
                                         static_cast<uint64_t>(descriptor.cardinality));
  }
  if (static_cast<int64_t>(positions.size()) != descriptor.cardinality) {
    damaged(fmt::format("it holds {} rows, its descriptor says {}", positions.size(),
                        descriptor.cardinality));
  }
  return positions;
}

std::optional<int64_t> liveRecordCount(const AddFile& file) {
  if (!file.stats)
    return std::nullopt;
  std::optional<int64_t> records = parseFileStats(*file.stats, {}).num_records;
  if (!records || !file.deletion_vector)
    return records;
  return *records - parseDeletionVectorDescriptor(*file.deletion_vector, file.path).cardinality;
}

bool sameDeletionVector(const std::optional<Json>& a, const std::optional<Json>& b) {
  if (!a || !b)
    return !a && !b;
  auto field = [](const Json& json, const char* name) {
    auto found = json.is_object() ? json.find(name) : json.end();
    return found == json.end() ? Json() : *found;
  };
  for (const char* name : {"storageType", "pathOrInlineDv", "offset"}) {
    if (field(*a, name) != field(*b, name))
      return false;
  }
  return true;
}

}  // namespace sluice::delta
