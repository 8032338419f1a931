// src/storage/delta/data_file_writer.cpp
//
// One data file of a Delta table.

#include "storage/delta/data_file_writer.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/partition_values.hpp"

namespace sluice::delta {

std::string dataFileSuffix(parquet::CompressionCodec codec) {
  switch (codec) {
    case parquet::CompressionCodec::kSnappy:
      return ".snappy.parquet";
    case parquet::CompressionCodec::kGzip:
      return ".gz.parquet";
    case parquet::CompressionCodec::kLz4:
      return ".lz4.parquet";
    case parquet::CompressionCodec::kZstd:
      return ".zstd.parquet";
    case parquet::CompressionCodec::kLz4Raw:
      return ".lz4raw.parquet";
    default:
      return ".parquet";
  }
}

DataFileWriter::DataFileWriter(const std::string& table_path, PartitionValues partition_values,
                               std::vector<StructField> data_fields, const DataFileOptions& options,
                               int file_index, DataFileKind kind)
    : partition_values_(std::move(partition_values)),
      data_fields_(std::move(data_fields)),
      options_(options) {
  bool change_data = kind == DataFileKind::kChangeData;
  std::string directory = partitionDirectory(partition_values_);
  if (change_data)
    directory = std::string(kChangeDataFolder) + "/" + directory;
  std::string name = fmt::format("{}-{:05}-{}.c000{}", change_data ? "cdc" : "part", file_index,
                                 randomUuid(), dataFileSuffix(options_.parquet.codec));
  relative_path_ = directory + name;
  file_path_ = table_path + "/" + relative_path_;
  std::error_code error;
  std::filesystem::create_directories(table_path + "/" + directory, error);
  if (error) {
    throwError(ErrorClass::IO_ERROR, "Cannot create {}/{}: {}", table_path, directory,
               error.message());
  }
  writer_ = std::make_unique<parquet::ParquetWriter>(file_path_, data_fields_, options_.parquet);
  for (const StructField& field : data_fields_) {
    if (field.type.id() == TypeId::kArray || field.type.id() == TypeId::kMap ||
        field.type.isVariant()) {
      list_null_counts_[field.name] = 0;
    }
  }
}

DataFileWriter::~DataFileWriter() = default;

void DataFileWriter::write(const Batch& batch) {
  if (batch.num_rows == 0)
    return;
  // Nested fields named as the table names them are stored under the data fields' names
  // (column mapping's physical names).
  bool renamed = false;
  for (size_t column = 0; column < data_fields_.size(); ++column) {
    const DataType& type = batch.columns[column].type();
    renamed |= type.isNested() && !(type == data_fields_[column].type);
  }
  if (renamed) {
    Batch stored = batch;
    for (size_t column = 0; column < data_fields_.size(); ++column) {
      if (stored.columns[column].type().isNested())
        stored.columns[column].relabel(data_fields_[column].type);
    }
    writer_->write(stored);
  } else {
    writer_->write(batch);
  }
  for (size_t column = 0; column < data_fields_.size(); ++column) {
    auto it = list_null_counts_.find(data_fields_[column].name);
    if (it == list_null_counts_.end())
      continue;
    const Vector& vector = batch.columns[column];
    if (!vector.mayHaveNulls())
      continue;
    for (idx_t row = 0; row < batch.num_rows; ++row)
      it->second += vector.isNull(row);
  }
}

AddFile DataFileWriter::finish(bool data_change) {
  const parquet::FileMetaData& footer = writer_->close();
  struct stat info;
  if (::stat(file_path_.c_str(), &info) != 0) {
    throwError(ErrorClass::IO_ERROR, "Cannot stat {}: {}", file_path_, std::strerror(errno));
  }
  AddFile add;
  add.path = encodeUriPath(relative_path_);
  add.partition_values = partition_values_;
  add.size = info.st_size;
  add.modification_time =
      static_cast<int64_t>(info.st_mtim.tv_sec) * 1000 + info.st_mtim.tv_nsec / 1'000'000;
  add.data_change = data_change;
  add.stats = buildFileStats(footer, writer_->parquetSchema(), options_.stats, list_null_counts_);
  add.clustering_provider = options_.clustering_provider;
  return add;
}

}  // namespace sluice::delta
