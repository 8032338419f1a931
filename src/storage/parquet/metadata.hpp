// src/storage/parquet/metadata.hpp
//
// The Parquet footer and page headers (parquet-format's parquet.thrift), as plain structs,
// with their Thrift compact encoding and decoding. Only the fields sluice uses are kept;
// decoding skips the others. Enums are stored as their wire integers, so values this code
// does not know survive decoding and are rejected where they are used.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sluice::parquet {

//! The four bytes a Parquet file starts and ends with.
constexpr char kParquetMagic[4] = {'P', 'A', 'R', '1'};

enum class PhysicalType : int32_t {
  kBoolean = 0,
  kInt32 = 1,
  kInt64 = 2,
  kInt96 = 3,
  kFloat = 4,
  kDouble = 5,
  kByteArray = 6,
  kFixedLenByteArray = 7,
};

enum class ConvertedType : int32_t {
  kUtf8 = 0,
  kMap = 1,
  kMapKeyValue = 2,
  kList = 3,
  kEnum = 4,
  kDecimal = 5,
  kDate = 6,
  kTimeMillis = 7,
  kTimeMicros = 8,
  kTimestampMillis = 9,
  kTimestampMicros = 10,
  kUint8 = 11,
  kUint16 = 12,
  kUint32 = 13,
  kUint64 = 14,
  kInt8 = 15,
  kInt16 = 16,
  kInt32 = 17,
  kInt64 = 18,
  kJson = 19,
  kBson = 20,
  kInterval = 21,
};

enum class Repetition : int32_t { kRequired = 0, kOptional = 1, kRepeated = 2 };

enum class Encoding : int32_t {
  kPlain = 0,
  kPlainDictionary = 2,
  kRle = 3,
  kBitPacked = 4,
  kDeltaBinaryPacked = 5,
  kDeltaLengthByteArray = 6,
  kDeltaByteArray = 7,
  kRleDictionary = 8,
  kByteStreamSplit = 9,
};

enum class CompressionCodec : int32_t {
  kUncompressed = 0,
  kSnappy = 1,
  kGzip = 2,
  kLzo = 3,
  kBrotli = 4,
  kLz4 = 5,
  kZstd = 6,
  kLz4Raw = 7,
};

enum class PageType : int32_t {
  kDataPage = 0,
  kIndexPage = 1,
  kDictionaryPage = 2,
  kDataPageV2 = 3,
};

enum class TimeUnit : uint8_t { kMillis, kMicros, kNanos };

//! The LogicalType union: which annotation, and the parameters of the ones that have some.
struct LogicalType {
  enum class Kind : uint8_t {
    kNone,  // no logicalType field
    kString,
    kMap,
    kList,
    kEnum,
    kDecimal,
    kDate,
    kTime,
    kTimestamp,
    kInteger,
    kUnknown,  // Parquet's name for the all-NULL type
    kJson,
    kBson,
    kUuid,
    kFloat16,
    kGeometry,   // WKB in BYTE_ARRAY, in the CRS `crs`
    kGeography,  // the same, with spherical edges (the only algorithm sluice reads)
    kOther,      // an annotation this code does not know (variant, ...)
  };

  Kind kind = Kind::kNone;
  int32_t scale = 0;                  // kDecimal
  int32_t precision = 0;              // kDecimal
  bool is_adjusted_to_utc = false;    // kTime, kTimestamp
  TimeUnit unit = TimeUnit::kMicros;  // kTime, kTimestamp
  int8_t bit_width = 0;               // kInteger
  bool is_signed = true;              // kInteger
  std::string crs;                    // kGeometry, kGeography: empty for the default OGC:CRS84
  int32_t edge_algorithm = 0;         // kGeography: 0 is SPHERICAL

  bool operator==(const LogicalType& other) const = default;
};

struct SchemaElement {
  std::optional<PhysicalType> type;  // leaves only
  std::optional<int32_t> type_length;
  std::optional<Repetition> repetition;  // absent on the root
  std::string name;
  std::optional<int32_t> num_children;  // groups only
  std::optional<ConvertedType> converted_type;
  std::optional<int32_t> scale;
  std::optional<int32_t> precision;
  std::optional<int32_t> field_id;
  LogicalType logical_type;

  bool operator==(const SchemaElement& other) const = default;
};

//! Min and max are PLAIN-encoded values (byte arrays without the length prefix).
struct Statistics {
  std::optional<std::string> max;  // deprecated: signed order
  std::optional<std::string> min;  // deprecated: signed order
  std::optional<int64_t> null_count;
  std::optional<int64_t> distinct_count;
  std::optional<std::string> max_value;
  std::optional<std::string> min_value;

  bool operator==(const Statistics& other) const = default;
};

struct KeyValue {
  std::string key;
  std::optional<std::string> value;

  bool operator==(const KeyValue& other) const = default;
};

struct ColumnMetaData {
  PhysicalType type = PhysicalType::kBoolean;
  std::vector<Encoding> encodings;
  std::vector<std::string> path_in_schema;
  CompressionCodec codec = CompressionCodec::kUncompressed;
  int64_t num_values = 0;
  int64_t total_uncompressed_size = 0;
  int64_t total_compressed_size = 0;
  int64_t data_page_offset = 0;
  std::optional<int64_t> index_page_offset;
  std::optional<int64_t> dictionary_page_offset;
  std::optional<Statistics> statistics;

  bool operator==(const ColumnMetaData& other) const = default;
};

struct ColumnChunk {
  std::optional<std::string> file_path;
  int64_t file_offset = 0;
  std::optional<ColumnMetaData> meta_data;
  bool encrypted = false;  // crypto_metadata or encrypted_column_metadata present

  bool operator==(const ColumnChunk& other) const = default;
};

struct RowGroup {
  std::vector<ColumnChunk> columns;
  int64_t total_byte_size = 0;
  int64_t num_rows = 0;
  std::optional<int64_t> file_offset;
  std::optional<int64_t> total_compressed_size;
  std::optional<int16_t> ordinal;

  bool operator==(const RowGroup& other) const = default;
};

//! The ColumnOrder union: TYPE_ORDER, or another order whose statistics sluice ignores.
enum class ColumnOrder : uint8_t { kTypeDefined, kOther };

struct FileMetaData {
  int32_t version = 1;
  std::vector<SchemaElement> schema;
  int64_t num_rows = 0;
  std::vector<RowGroup> row_groups;
  std::vector<KeyValue> key_value_metadata;
  std::optional<std::string> created_by;
  std::vector<ColumnOrder> column_orders;
  bool encrypted = false;  // encryption_algorithm present (plaintext footer, encrypted columns)

  bool operator==(const FileMetaData& other) const = default;
};

struct DataPageHeader {
  int32_t num_values = 0;
  Encoding encoding = Encoding::kPlain;
  Encoding definition_level_encoding = Encoding::kRle;
  Encoding repetition_level_encoding = Encoding::kRle;
  std::optional<Statistics> statistics;

  bool operator==(const DataPageHeader& other) const = default;
};

struct DictionaryPageHeader {
  int32_t num_values = 0;
  Encoding encoding = Encoding::kPlain;
  std::optional<bool> is_sorted;

  bool operator==(const DictionaryPageHeader& other) const = default;
};

struct DataPageHeaderV2 {
  int32_t num_values = 0;
  int32_t num_nulls = 0;
  int32_t num_rows = 0;
  Encoding encoding = Encoding::kPlain;
  int32_t definition_levels_byte_length = 0;
  int32_t repetition_levels_byte_length = 0;
  bool is_compressed = true;
  std::optional<Statistics> statistics;

  bool operator==(const DataPageHeaderV2& other) const = default;
};

struct PageHeader {
  PageType type = PageType::kDataPage;
  int32_t uncompressed_page_size = 0;
  int32_t compressed_page_size = 0;
  std::optional<int32_t> crc;
  std::optional<DataPageHeader> data_page_header;
  std::optional<DictionaryPageHeader> dictionary_page_header;
  std::optional<DataPageHeaderV2> data_page_header_v2;

  bool operator==(const PageHeader& other) const = default;
};

//! Decodes a footer. Throws FAILED_READ_FILE for malformed bytes or missing required fields.
FileMetaData decodeFileMetaData(const uint8_t* data, size_t size);
//! Appends the compact encoding of `metadata` to `out`.
void encodeFileMetaData(const FileMetaData& metadata, std::vector<uint8_t>& out);

//! Decodes the page header at `data`; `header_size` receives the bytes it took.
PageHeader decodePageHeader(const uint8_t* data, size_t size, size_t& header_size);
void encodePageHeader(const PageHeader& header, std::vector<uint8_t>& out);

}  // namespace sluice::parquet
