// src/storage/parquet/parquet_writer.hpp
//
// Writes Batches to a Parquet file that Spark, Databricks, DuckDB and Polars read: Spark's
// schema conventions (3-level LIST and MAP, TIMESTAMP micros, DECIMAL by precision), data
// pages v1, dictionary encoding while it pays off, zstd by default, statistics per column
// chunk. Memory stays bounded: a row group is written out once its buffered pages reach
// row_group_size bytes (or row_group_rows rows).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "common/vector/vector.hpp"
#include "storage/parquet/metadata.hpp"
#include "storage/parquet/schema.hpp"

namespace sluice {
class LocalFileWriter;
}

namespace sluice::parquet {

class ColumnChunkWriter;
struct ShreddedLeaf;

struct ParquetWriterOptions {
  CompressionCodec codec = CompressionCodec::kZstd;
  //! ZSTD / GZIP level; 0 is the library default. ZSTD 1 trades a little size for speed.
  int compression_level = 1;
  uint64_t row_group_size = 128ull << 20;
  uint64_t row_group_rows = 1ull << 20;
  size_t page_size = 1 << 20;
  size_t dictionary_size_limit = 1 << 20;
  bool enable_dictionary = true;
  //! Data pages v2 instead of v1 (v1 is what Spark writes and every reader knows).
  bool data_page_v2 = false;
  //! Bytes buffered between writes to the file (many writers open at once want few).
  size_t write_buffer_size = size_t{1} << 20;
  //! Extra footer key/value pairs.
  std::vector<KeyValue> key_value_metadata;
  //! Field ids of the schema's fields (one per field), or empty for none.
  std::vector<FieldIdTree> field_ids;
};

class ParquetWriter {
 public:
  //! Creates `path`; `schema` gives the columns' names, types and nullability.
  ParquetWriter(std::string path, std::vector<StructField> schema,
                ParquetWriterOptions options = {});
  ~ParquetWriter();
  ParquetWriter(const ParquetWriter&) = delete;
  ParquetWriter& operator=(const ParquetWriter&) = delete;

  //! Appends the rows of `batch`, whose columns follow the schema.
  void write(const Batch& batch);
  //! Writes the last row group and the footer, closes the file, and returns the footer.
  const FileMetaData& close();

  const std::vector<StructField>& schema() const { return schema_; }
  const ParquetSchema& parquetSchema() const { return parquet_schema_; }
  uint64_t rowsWritten() const { return rows_written_; }
  //! The bytes of the row group being built, held in memory until it is written.
  uint64_t bufferedBytes() const { return buffered_bytes_; }

 private:
  void flushRowGroup();

  std::string path_;
  std::vector<StructField> schema_;
  ParquetWriterOptions options_;
  ParquetSchema parquet_schema_;
  std::unique_ptr<LocalFileWriter> file_;
  std::vector<std::unique_ptr<ColumnChunkWriter>> column_writers_;
  std::vector<ShreddedLeaf> shredded_;
  FileMetaData metadata_;
  uint64_t rows_written_ = 0;
  uint64_t row_group_rows_ = 0;
  uint64_t buffered_bytes_ = 0;  // of the row group being built
  bool closed_ = false;
};

}  // namespace sluice::parquet
