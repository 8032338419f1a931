// src/storage/parquet/column_writer.hpp
//
// Writes one leaf column of one row group (a column chunk): levels and values arrive in
// batches, are cut into data pages (v1: RLE levels, then RLE_DICTIONARY indices or PLAIN
// values), compressed, and buffered until the row group is finished. The dictionary is used
// while it pays off and abandoned for PLAIN once it grows past its limit. Min, max and
// null count are gathered for the chunk's statistics.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/vector/vector.hpp"
#include "storage/file/local_file.hpp"
#include "storage/parquet/encoding/dictionary_builder.hpp"
#include "storage/parquet/metadata.hpp"
#include "storage/parquet/schema.hpp"

namespace sluice::parquet {

struct ColumnWriterOptions {
  CompressionCodec codec = CompressionCodec::kZstd;
  int compression_level = 1;
  //! A data page is closed once its encoded size reaches this many bytes...
  size_t page_size = 1 << 20;
  //! ... or it holds this many levels.
  size_t page_entries = 20000;
  //! The dictionary is abandoned (PLAIN from the next page on) past this many bytes.
  size_t dictionary_size_limit = 1 << 20;
  bool enable_dictionary = true;
  //! Write DATA_PAGE_V2 pages (levels uncompressed, only values compressed) instead of v1.
  bool data_page_v2 = false;
  //! Longer min / max values are left out of the statistics.
  size_t max_statistics_size = 4096;
};

//! The levels and values of one leaf for a run of whole rows.
struct LeafBatch {
  const uint16_t* definition_levels = nullptr;  // null when the leaf's max level is 0
  const uint16_t* repetition_levels = nullptr;  // null when the leaf's max level is 0
  size_t num_entries = 0;
  const Vector* values = nullptr;
  //! The rows of `values` holding the non-null entries, in order; null: entry i is row
  //! first_row + i.
  const uint32_t* positions = nullptr;
  size_t first_row = 0;
};

class ColumnChunkWriter {
 public:
  ColumnChunkWriter(const LeafColumn& leaf, const ColumnWriterOptions& options);

  void write(const LeafBatch& batch);
  //! Bytes held for the chunk so far (compressed pages plus the open page's estimate).
  size_t bufferedBytes() const;
  //! Writes the dictionary page and the data pages to `file` and returns the chunk's
  //! metadata; the writer is then empty, ready for the next row group.
  ColumnChunk finish(LocalFileWriter& file);

 private:
  enum class Source : uint8_t {
    kVoid,
    kBoolean,
    kInt8,   // TINYINT -> INT32
    kInt16,  // SMALLINT -> INT32
    kInt32,
    kInt64ToInt32,  // DECIMAL(p <= 9)
    kInt64,
    kFloat,
    kDouble,
    kInt128,  // DECIMAL(p > 18) -> FIXED_LEN_BYTE_ARRAY
    kBytes,
    kSpatial,  // GEOMETRY / GEOGRAPHY -> the WKB after the value's SRID; no min / max (no order)
  };

  template <typename Get>
  void writeFixedValues(const LeafBatch& batch, Get&& get);
  template <typename Get>
  void writeByteValues(const LeafBatch& batch, Get&& get);
  void writeBooleans(const LeafBatch& batch);
  void appendLevels(const LeafBatch& batch);
  void updateFixedStatistics(uint64_t bits);
  void updateByteStatistics(std::string_view bytes);
  void flushPage();
  void appendPage(PageType type, const std::vector<uint8_t>& page, int32_t num_values,
                  Encoding encoding, std::vector<uint8_t>& out);
  void appendPageV2(const DataPageHeaderV2& page, const std::vector<uint8_t>& values);
  Statistics buildStatistics() const;
  void reset();

  const LeafColumn& leaf_;
  ColumnWriterOptions options_;
  Source source_;

  // The open page.
  std::vector<uint16_t> definition_levels_;
  std::vector<uint16_t> repetition_levels_;
  std::vector<uint32_t> indices_;  // dictionary mode
  std::vector<uint8_t> plain_;     // PLAIN mode
  std::vector<uint8_t> booleans_;
  size_t page_entries_ = 0;
  size_t page_values_ = 0;
  bool page_uses_dictionary_ = false;

  // The chunk.
  DictionaryBuilder dictionary_;
  bool dictionary_active_ = false;
  bool dictionary_used_ = false;
  bool plain_used_ = false;
  bool first_page_ = true;
  size_t plain_estimate_ = 0;  // bytes the open page's values would take PLAIN-encoded
  std::vector<uint8_t> pages_;
  std::vector<uint8_t> page_buffer_;
  std::vector<uint8_t> values_buffer_;
  std::vector<uint8_t> compressed_;
  int64_t num_values_ = 0;
  int64_t total_uncompressed_ = 0;
  int64_t null_count_ = 0;

  // Statistics: integers and decimals as int64 / int128, floats as double, bytes as bytes.
  bool has_min_max_ = false;
  int64_t min_int_ = 0, max_int_ = 0;
  int128_t min_wide_ = 0, max_wide_ = 0;
  double min_float_ = 0, max_float_ = 0;
  std::string min_bytes_, max_bytes_;
};

}  // namespace sluice::parquet
