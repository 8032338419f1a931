// src/storage/parquet/parquet_writer.cpp
//
// The Parquet file writer: schema, row groups, footer.
#include "storage/parquet/parquet_writer.hpp"

#include "common/check.hpp"
#include "common/error/error.hpp"
#include "common/variant/variant_storage.hpp"
#include "storage/file/local_file.hpp"
#include "storage/parquet/column_writer.hpp"
#include "storage/parquet/compression.hpp"
#include "storage/parquet/metadata.hpp"
#include "storage/parquet/record_shredder.hpp"

namespace sluice::parquet {

namespace {

//! Rows shredded at a time, so that pages can close between slices of a large batch.
constexpr idx_t kSliceRows = 4096;

}  // namespace

ParquetWriter::ParquetWriter(std::string path, std::vector<StructField> schema,
                             ParquetWriterOptions options)
    : path_(std::move(path)), schema_(std::move(schema)), options_(std::move(options)) {
  if (!canCompress(options_.codec)) {
    throwError(ErrorClass::NOT_SUPPORTED, "Parquet compression codec {} is not supported",
               codecName(options_.codec));
  }
  // A VARIANT column is written as its storage group (value, metadata), as Spark writes it.
  std::vector<StructField> stored = schema_;
  for (StructField& field : stored)
    field.type = variant::storageType(field.type);
  parquet_schema_ = buildWriteSchema(stored, metadata_.schema, options_.field_ids);
  ColumnWriterOptions column_options;
  column_options.codec = options_.codec;
  column_options.compression_level = options_.compression_level;
  column_options.page_size = options_.page_size;
  column_options.dictionary_size_limit = options_.dictionary_size_limit;
  column_options.enable_dictionary = options_.enable_dictionary;
  column_options.data_page_v2 = options_.data_page_v2;
  for (const LeafColumn& leaf : parquet_schema_.leaves) {
    column_writers_.push_back(std::make_unique<ColumnChunkWriter>(leaf, column_options));
  }
  shredded_.resize(parquet_schema_.leaves.size());
  metadata_.version = 1;
  metadata_.created_by = "sluice version 0.1.0";
  metadata_.key_value_metadata = options_.key_value_metadata;
  file_ = std::make_unique<LocalFileWriter>(path_, options_.write_buffer_size);
  file_->write(kParquetMagic, 4);
}

ParquetWriter::~ParquetWriter() = default;

void ParquetWriter::write(const Batch& batch) {
  SLUICE_CHECK(!closed_);
  SLUICE_CHECK_EQ(batch.columns.size(), schema_.size());
  for (size_t column = 0; column < schema_.size(); ++column) {
    if (!batch.columns[column].type().sameStructure(schema_[column].type)) {
      throwError(ErrorClass::INTERNAL_ERROR,
                 "column {} of a batch written to {} has type {}, the file's schema says {}",
                 schema_[column].name, path_, batch.columns[column].type().sql(),
                 schema_[column].type.sql());
    }
  }
  // VARIANT columns in their storage form (the shredded leaves point into these vectors).
  std::vector<Vector> stored(schema_.size());
  for (size_t column = 0; column < schema_.size(); ++column) {
    if (!parquet_schema_.columns[column].type.sameStructure(batch.columns[column].type()))
      stored[column] = variant::toStorage(batch.columns[column], batch.num_rows);
  }
  for (idx_t begin = 0; begin < batch.num_rows; begin += kSliceRows) {
    idx_t end = std::min<idx_t>(batch.num_rows, begin + kSliceRows);
    for (size_t column = 0; column < schema_.size(); ++column) {
      const ColumnNode& node = parquet_schema_.columns[column];
      const Vector& values =
          stored[column].type().isVoid() ? batch.columns[column] : stored[column];
      shredColumn(node, values, begin, end, shredded_);
      for (uint32_t leaf = node.first_leaf; leaf < node.first_leaf + node.leaf_count; ++leaf) {
        column_writers_[leaf]->write(shredded_[leaf].batch());
      }
    }
    rows_written_ += end - begin;
    row_group_rows_ += end - begin;
    buffered_bytes_ = 0;
    for (const auto& writer : column_writers_)
      buffered_bytes_ += writer->bufferedBytes();
    if (buffered_bytes_ >= options_.row_group_size || row_group_rows_ >= options_.row_group_rows) {
      flushRowGroup();
    }
  }
}

void ParquetWriter::flushRowGroup() {
  if (row_group_rows_ == 0)
    return;
  RowGroup row_group;
  row_group.num_rows = static_cast<int64_t>(row_group_rows_);
  row_group.file_offset = static_cast<int64_t>(file_->position());
  int64_t compressed = 0;
  for (const auto& writer : column_writers_) {
    ColumnChunk chunk = writer->finish(*file_);
    row_group.total_byte_size += chunk.meta_data->total_uncompressed_size;
    compressed += chunk.meta_data->total_compressed_size;
    row_group.columns.push_back(std::move(chunk));
  }
  row_group.total_compressed_size = compressed;
  if (metadata_.row_groups.size() < static_cast<size_t>(INT16_MAX)) {
    row_group.ordinal = static_cast<int16_t>(metadata_.row_groups.size());
  }
  metadata_.row_groups.push_back(std::move(row_group));
  row_group_rows_ = 0;
  buffered_bytes_ = 0;
}

const FileMetaData& ParquetWriter::close() {
  if (closed_)
    return metadata_;
  flushRowGroup();
  metadata_.num_rows = static_cast<int64_t>(rows_written_);
  metadata_.column_orders.assign(parquet_schema_.leaves.size(), ColumnOrder::kTypeDefined);
  std::vector<uint8_t> footer;
  encodeFileMetaData(metadata_, footer);
  file_->write(footer.data(), footer.size());
  uint32_t footer_length = static_cast<uint32_t>(footer.size());
  file_->write(&footer_length, 4);
  file_->write(kParquetMagic, 4);
  file_->close();
  closed_ = true;
  return metadata_;
}

}  // namespace sluice::parquet
