// src/storage/parquet/column_reader.hpp
//
// Reads one column chunk: walks its pages (dictionary, data v1, data v2), decompresses
// them, and hands out definition / repetition levels and values on demand, converted to the
// in-memory representation of the leaf's Spark type. Every length and offset taken from
// the file is checked; corrupt data ends in FAILED_READ_FILE.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <variant>
#include <vector>

#include "common/vector/vector.hpp"
#include "storage/parquet/encoding/byte_stream_split.hpp"
#include "storage/parquet/encoding/delta_binary_packed.hpp"
#include "storage/parquet/encoding/delta_byte_array.hpp"
#include "storage/parquet/encoding/delta_length_byte_array.hpp"
#include "storage/parquet/encoding/plain.hpp"
#include "storage/parquet/encoding/rle_bit_packed.hpp"
#include "storage/parquet/metadata.hpp"
#include "storage/parquet/schema.hpp"

namespace sluice::parquet {

class ColumnChunkReader {
 public:
  //! The largest page (compressed or not) accepted.
  static constexpr int32_t kMaxPageSize = 1 << 30;

  //! `chunk` holds the chunk's bytes, from its first page on; `num_values` is how many values
  //! (levels) the chunk's metadata says it holds: pages announcing more are corrupt, which
  //! keeps a tiny page from claiming billions of levels.
  ColumnChunkReader(const LeafColumn& leaf, CompressionCodec codec, std::vector<uint8_t> chunk,
                    int64_t num_values);
  //! Hands the chunk's and pages' buffers back to the thread's pool.
  ~ColumnChunkReader();
  ColumnChunkReader(const ColumnChunkReader&) = delete;
  ColumnChunkReader& operator=(const ColumnChunkReader&) = delete;

  const LeafColumn& leaf() const { return leaf_; }
  //! The bytes of the chunk's, pages' and dictionary's buffers.
  size_t bufferBytes() const {
    return chunk_.capacity() + page_buffer_.capacity() + dictionary_buffer_.capacity() +
           dictionary_values_.capacity();
  }

  //! Levels left in the current data page, loading the next page when it is used up; 0 at
  //! the end of the chunk.
  size_t available();
  //! Flat columns, before the first read: passes over the data pages that hold only rows among
  //! the next `rows`, without decompressing them, and returns how many rows they held (the
  //! rest of `rows` starts in the page now loaded).
  size_t skipPages(size_t rows);
  //! Reads `count` <= available() levels; a pointer may be null when its max level is 0.
  void readLevels(size_t count, uint16_t* definition, uint16_t* repetition);
  //! For a column without repetition: skips the next `count` <= available() levels if they
  //! are all the maximum definition level (no NULLs) and one RLE run says so, which is how
  //! writers store columns without NULLs; false (and nothing read) otherwise.
  bool skipDefinedLevels(size_t count);
  //! Decodes the next `count` values of a fixed-width Spark type into `out` (the type's
  //! width per value). The values belong to levels already read.
  void readValues(size_t count, uint8_t* out);
  //! Decodes the next `count` STRING / BINARY values; the views stay valid until the next
  //! call or page.
  void readByteValues(size_t count, std::string_view* out);
  //! Decodes the next `count` STRING / BINARY values into `out` as views that live as long
  //! as `owner`: dictionary values are shared with it, others are copied into its heap.
  void readStrings(size_t count, StringView* out, Vector& owner);

 private:
  //! Definition or repetition levels: RLE / bit-packed hybrid (streamed) or the deprecated
  //! BIT_PACKED encoding (unpacked up front).
  struct LevelDecoder {
    RleBitPackedDecoder rle;
    std::vector<uint16_t> unpacked;
    size_t position = 0;
    bool bit_packed = false;

    void decode(uint16_t* out, size_t count, const char* what);
  };

  enum class ValueEncoding : uint8_t {
    kPlain,
    kDictionary,
    kRleBoolean,
    kDeltaBinaryPacked,
    kDeltaLengthByteArray,
    kDeltaByteArray,
    kByteStreamSplit,
  };

  bool loadNextDataPage();
  //! Whether a data page of `page_values` values fits in what skipPages still passes over
  //! (it then takes them).
  bool skipsWholePage(int32_t page_values);
  //! Counts a data page's values against the chunk's; a page claiming more is corrupt.
  void claimPageValues(int32_t page_values);
  void loadDictionaryPage(const PageHeader& header, const uint8_t* data);
  //! Sets up the v1 levels at the start of `data`; returns the bytes they take.
  size_t setUpLevelsV1(const uint8_t* data, size_t size, size_t num_values,
                       Encoding repetition_encoding, Encoding definition_encoding);
  size_t setUpLevel(LevelDecoder& decoder, int16_t max_level, const uint8_t* data, size_t size,
                    size_t num_values, Encoding encoding, const char* what);
  void setUpValues(Encoding encoding, const uint8_t* data, size_t size);
  void decompressInto(const uint8_t* data, size_t size, size_t uncompressed_size,
                      std::vector<uint8_t>& out);
  //! Physical values of the page (fixed-width physical types).
  void decodePhysical(size_t count, uint8_t* out);
  //! Physical byte-array values of the page.
  void decodePhysicalBytes(size_t count, std::string_view* out);
  void decodeIndices(size_t count);
  //! Decimals stored as byte arrays into int64 / int128.
  void convertBytesToDecimal(const std::string_view* views, size_t count, uint8_t* out) const;
  //! UUIDs to text in `text`; the views are redirected there.
  void convertUuids(std::string_view* views, size_t count, std::vector<char>& text) const;
  //! GEOMETRY / GEOGRAPHY: the column's SRID in front of each WKB (common/types/geospatial.hpp).
  void prefixSrids(std::string_view* views, size_t count, std::vector<char>& text) const;
  //! The conversion of BYTE_ARRAY values that keep a byte form: UUID text, spatial values.
  void convertByteValues(std::string_view* views, size_t count, std::vector<char>& text) const;

  const LeafColumn& leaf_;
  CompressionCodec codec_;
  std::vector<uint8_t> chunk_;
  size_t position_ = 0;
  size_t target_width_ = 0;

  // Dictionary, already converted to the target representation.
  bool has_dictionary_ = false;
  size_t dictionary_size_ = 0;
  std::vector<uint8_t> dictionary_buffer_;
  std::vector<uint8_t> dictionary_values_;          // fixed-width targets
  std::vector<std::string_view> dictionary_views_;  // STRING / BINARY targets
  std::vector<char> dictionary_text_;               // UUID text, spatial values
  // STRING / BINARY targets as StringViews; the vector's heap owns the long strings, and
  // output vectors share it, so they outlive this reader.
  Vector dictionary_strings_;
  bool dictionary_has_long_strings_ = false;

  // The current data page.
  std::vector<uint8_t> page_buffer_;
  size_t page_remaining_ = 0;
  int64_t chunk_values_left_ = 0;  // values the metadata announces beyond the pages loaded
  size_t skip_budget_ = 0;         // skipPages: rows whole pages may still be passed over for
  LevelDecoder repetition_levels_;
  LevelDecoder definition_levels_;
  ValueEncoding value_encoding_ = ValueEncoding::kPlain;
  PlainDecoder plain_;
  RleBitPackedDecoder index_decoder_;
  DeltaBinaryPackedDecoder delta_;
  DeltaLengthByteArrayDecoder delta_length_;
  DeltaByteArrayDecoder delta_bytes_;
  ByteStreamSplitDecoder byte_stream_split_;

  // Scratch.
  std::vector<uint32_t> indices_;
  std::vector<uint8_t> physical_;
  std::vector<std::string_view> views_;
  std::vector<char> text_;
};

}  // namespace sluice::parquet
