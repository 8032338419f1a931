// src/storage/delta/deletion_vector.hpp
//
// Deletion vectors as the Delta protocol stores them ("Deletion Vector Format"): a descriptor in
// the add action names the rows of a data file that are deleted, as a RoaringBitmapArray of
// row positions kept inline (Z85 text) or in a deletion vector file (a version byte, then at
// the descriptor's offset the bitmap's size, its bytes and their CRC-32, both big-endian).
// Damaged input raises an error, never reads outside the bytes given. The encoders write the
// same formats (deletion_vector_writer.hpp writes the files).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/delta/actions.hpp"

namespace sluice::delta {

//! An add action's deletionVector.
struct DeletionVectorDescriptor {
  char storage_type = 'i';        // 'u': a file by UUID, 'p': a file by path, 'i': inline
  std::string path_or_inline;     // the UUID (with a folder prefix), the path, or Z85 data
  std::optional<int32_t> offset;  // where the bitmap starts in its file
  int32_t size_in_bytes = 0;      // the serialized bitmap's size
  int64_t cardinality = 0;        // how many rows it deletes
};

//! The descriptor in `json`; DELTA_DELETION_VECTOR_SIZE_MISMATCH when a field is missing or
//! malformed. `data_file` names the file it belongs to, for messages.
DeletionVectorDescriptor parseDeletionVectorDescriptor(const Json& json,
                                                       const std::string& data_file);

//! Z85 text (Delta's Base85Codec) as bytes; its length must be a multiple of 5.
std::vector<uint8_t> decodeZ85(std::string_view text);

//! `bytes` (a multiple of 4 long) as Z85 text.
std::string encodeZ85(const std::vector<uint8_t>& bytes);

//! The row positions, ascending, of a serialized RoaringBitmapArray (its magic number, then
//! the portable format: the count of 32-bit bitmaps, each with its high 32 bits). More than
//! `max_positions` rows is an error, so damaged input cannot exhaust memory.
std::vector<uint64_t> decodeRoaringBitmapArray(const uint8_t* data, size_t size,
                                               uint64_t max_positions);

//! `positions` (ascending, distinct) as a serialized RoaringBitmapArray in the portable
//! format, each 2^16-row container an array or a bitmap, whichever is smaller.
std::vector<uint8_t> encodeRoaringBitmapArray(const std::vector<uint64_t>& positions);

//! The file of a 'u' or 'p' deletion vector of the table at `table_path`.
std::string deletionVectorFilePath(const DeletionVectorDescriptor& descriptor,
                                   const std::string& table_path);

//! The row positions, ascending, that `descriptor` deletes, read from its inline data or its
//! file with the checksum checked (DELTA_DELETION_VECTOR_CHECKSUM_MISMATCH).
std::vector<uint64_t> loadDeletionVector(const DeletionVectorDescriptor& descriptor,
                                         const std::string& table_path);

//! The rows of `file` that are not deleted, from its statistics' numRecords less its deletion
//! vector's cardinality; nullopt without statistics.
std::optional<int64_t> liveRecordCount(const AddFile& file);

//! Whether two deletion vector descriptors name the same deletion vector (Delta's dvId: the
//! storage type, path or data, and offset); both absent counts as the same.
bool sameDeletionVector(const std::optional<Json>& a, const std::optional<Json>& b);

}  // namespace sluice::delta
