// src/storage/delta/data_file_writer.hpp
//
// Writes one Parquet data file of a Delta table and describes it as an add action: the path
// relative to the table (URI-encoded, inside its Hive-style partition folder), the partition
// values, the size, and the statistics taken from the file's footer. A change data file
// (PROTOCOL.md, "Change Data Files") is written the same way under `_change_data/`.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/vector/vector.hpp"
#include "storage/delta/actions.hpp"
#include "storage/delta/file_stats.hpp"
#include "storage/parquet/parquet_writer.hpp"

namespace sluice::delta {

struct DataFileOptions {
  parquet::ParquetWriterOptions parquet;
  StatsOptions stats;
  //! Set on every add (e.g. "liquid" for files OPTIMIZE clustered).
  std::optional<std::string> clustering_provider;
};

//! A file of the table's rows ("part-..."), or of the rows a commit changed ("cdc-...",
//! under _change_data/), whose last column is `_change_type`.
enum class DataFileKind : uint8_t { kData, kChangeData };

//! The folder of change data files, at the table's root.
inline constexpr const char* kChangeDataFolder = "_change_data";
//! The column of a change data file that says what a row is: insert, delete,
//! update_preimage or update_postimage.
inline constexpr const char* kChangeTypeColumn = "_change_type";

class DataFileWriter {
 public:
  //! Creates the file in the partition folder of `partition_values` under `table_path`
  //! (under `table_path`/_change_data for a change data file).
  DataFileWriter(const std::string& table_path, PartitionValues partition_values,
                 std::vector<StructField> data_fields, const DataFileOptions& options,
                 int file_index, DataFileKind kind = DataFileKind::kData);
  ~DataFileWriter();
  DataFileWriter(const DataFileWriter&) = delete;
  DataFileWriter& operator=(const DataFileWriter&) = delete;

  //! Appends rows whose columns are the data fields (nested fields may be named otherwise, as
  //! the table's schema names them when the data fields hold physical names).
  void write(const Batch& batch);
  uint64_t rowsWritten() const { return writer_->rowsWritten(); }
  //! The bytes of the row group being built.
  uint64_t bufferedBytes() const { return writer_->bufferedBytes(); }
  //! Closes the file and returns its add action (dataChange as given).
  AddFile finish(bool data_change);
  //! The file system path of the file being written.
  const std::string& filePath() const { return file_path_; }

 private:
  std::string relative_path_;
  std::string file_path_;
  PartitionValues partition_values_;
  std::vector<StructField> data_fields_;
  DataFileOptions options_;
  std::unique_ptr<parquet::ParquetWriter> writer_;
  //! NULL counts of top-level ARRAY / MAP columns, which the footer cannot give.
  std::map<std::string, int64_t> list_null_counts_;
};

//! The file extension Spark gives a codec: "zstd" -> ".zstd.parquet", none -> ".parquet".
std::string dataFileSuffix(parquet::CompressionCodec codec);

}  // namespace sluice::delta
