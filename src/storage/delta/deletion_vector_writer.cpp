// src/storage/delta/deletion_vector_writer.cpp
#include "storage/delta/deletion_vector_writer.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/check.hpp"
#include "common/error/error.hpp"
#include "common/hash/crc32.hpp"
#include "storage/delta/deletion_vector.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/file_stats.hpp"
#include "storage/file/local_file.hpp"

namespace sluice::delta {

namespace {

constexpr uint8_t kDeletionVectorFileVersion = 1;

void putBigEndian32(std::string& out, uint32_t value) {
  for (int shift = 24; shift >= 0; shift -= 8)
    out.push_back(static_cast<char>(value >> shift));
}

//! A UUID's 16 bytes from its 8-4-4-4-12 text.
std::vector<uint8_t> uuidBytes(const std::string& text) {
  std::vector<uint8_t> bytes;
  std::string hex;
  for (char c : text) {
    if (c != '-')
      hex += c;
  }
  SLUICE_CHECK(hex.size() == 32);
  for (size_t index = 0; index < hex.size(); index += 2)
    bytes.push_back(static_cast<uint8_t>(std::stoul(hex.substr(index, 2), nullptr, 16)));
  return bytes;
}

//! `stats` with tightBounds false: min / max may cover rows a deletion vector removed.
std::optional<std::string> looseStats(const std::optional<std::string>& stats) {
  if (!stats)
    return stats;
  Json parsed = Json::parse(*stats, nullptr, /*allow_exceptions=*/false);
  if (!parsed.is_object())
    return stats;
  parsed["tightBounds"] = false;
  return dumpJson(parsed);
}

}  // namespace

void RowDeletions::add(const std::string& add_path, const std::vector<uint64_t>& positions) {
  if (positions.empty())
    return;
  std::lock_guard lock(mutex_);
  std::vector<uint64_t>& rows = rows_[add_path];
  rows.insert(rows.end(), positions.begin(), positions.end());
}

bool RowDeletions::empty() const {
  std::lock_guard lock(mutex_);
  return rows_.empty();
}

std::map<std::string, std::vector<uint64_t>> RowDeletions::take() {
  std::lock_guard lock(mutex_);
  std::map<std::string, std::vector<uint64_t>> rows = std::move(rows_);
  rows_.clear();
  for (auto& [path, positions] : rows) {
    std::sort(positions.begin(), positions.end());
    positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
  }
  return rows;
}

DeletionVectorChanges writeDeletionVectors(const std::string& table_path, const Snapshot& snapshot,
                                           std::map<std::string, std::vector<uint64_t>> deletions,
                                           int64_t now) {
  DeletionVectorChanges changes;
  std::string uuid = randomUuid();
  std::string file_name = fmt::format("deletion_vector_{}.bin", uuid);
  std::string encoded_uuid = encodeZ85(uuidBytes(uuid));
  std::string contents(1, static_cast<char>(kDeletionVectorFileVersion));
  for (auto& [add_path, positions] : deletions) {
    auto live = snapshot.files.find(decodeUriPath(add_path));
    SLUICE_CHECK(live != snapshot.files.end());
    const AddFile& old_add = live->second;
    std::vector<uint64_t> deleted;
    if (old_add.deletion_vector) {
      deleted = loadDeletionVector(
          parseDeletionVectorDescriptor(*old_add.deletion_vector, old_add.path), table_path);
    }
    size_t before = deleted.size();
    std::vector<uint64_t> merged;
    std::set_union(deleted.begin(), deleted.end(), positions.begin(), positions.end(),
                   std::back_inserter(merged));
    changes.num_deleted_rows += static_cast<int64_t>(merged.size() - before);
    if (merged.size() == before)
      continue;  // every row was deleted already
    changes.actions.emplace_back(removeOf(old_add, now, /*data_change=*/true));
    if (old_add.deletion_vector)
      ++changes.num_vectors_removed;

    std::optional<int64_t> records =
        old_add.stats ? parseFileStats(*old_add.stats, {}).num_records : std::nullopt;
    if (records && static_cast<int64_t>(merged.size()) >= *records) {
      ++changes.num_removed_files;
      changes.num_removed_bytes += old_add.size;
      continue;
    }
    std::vector<uint8_t> bitmap = encodeRoaringBitmapArray(merged);
    std::string_view bitmap_bytes(reinterpret_cast<const char*>(bitmap.data()), bitmap.size());
    Json descriptor = Json::object();
    descriptor["storageType"] = "u";
    descriptor["pathOrInlineDv"] = encoded_uuid;
    descriptor["offset"] = static_cast<int64_t>(contents.size());
    descriptor["sizeInBytes"] = static_cast<int64_t>(bitmap.size());
    descriptor["cardinality"] = static_cast<int64_t>(merged.size());
    putBigEndian32(contents, static_cast<uint32_t>(bitmap.size()));
    contents.append(bitmap_bytes);
    putBigEndian32(contents, hash::crc32(bitmap_bytes));

    AddFile add = old_add;
    add.data_change = true;
    add.modification_time = now;
    add.deletion_vector = std::move(descriptor);
    add.stats = looseStats(old_add.stats);
    changes.actions.emplace_back(std::move(add));
    ++changes.num_vectors_added;
    if (old_add.deletion_vector)
      ++changes.num_vectors_updated;
  }
  if (changes.num_vectors_added > 0) {
    LocalFileWriter file(resolveDataPath(table_path, file_name));
    file.write(contents.data(), contents.size());
    file.close(/*sync=*/true);
  }
  return changes;
}

}  // namespace sluice::delta
