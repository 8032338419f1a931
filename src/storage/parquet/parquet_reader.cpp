// src/storage/parquet/parquet_reader.cpp
//
// The Parquet file reader: footer validation, schema, projection, row-group selection and
// batch production.
#include "storage/parquet/parquet_reader.hpp"

#include <algorithm>
#include <cstring>

#include "common/check.hpp"
#include "common/error/error.hpp"
#include "storage/file/local_file.hpp"
#include "storage/parquet/buffer_pool.hpp"
#include "storage/parquet/column_reader.hpp"
#include "storage/parquet/compression.hpp"
#include "storage/parquet/format_error.hpp"
#include "storage/parquet/metadata.hpp"
#include "storage/parquet/record_assembler.hpp"

namespace sluice::parquet {

namespace {

constexpr char kEncryptedMagic[4] = {'P', 'A', 'R', 'E'};
constexpr const char* kFooterSubClass = "CANNOT_READ_FILE_FOOTER";
constexpr const char* kDataSubClass = "NO_HINT";

//! Where a column chunk's pages start: its dictionary page if it has one.
int64_t chunkStart(const ColumnMetaData& column) {
  if (column.dictionary_page_offset && *column.dictionary_page_offset > 0 &&
      *column.dictionary_page_offset < column.data_page_offset) {
    return *column.dictionary_page_offset;
  }
  return column.data_page_offset;
}

}  // namespace

ParquetReader::ParquetReader(std::string path, ParquetReaderOptions options)
    : path_(std::move(path)), options_(options) {
  if (options_.batch_size == 0)
    options_.batch_size = kVectorSize;
  file_ = std::make_unique<LocalFileReader>(path_);
  try {
    readFooter();
    schema_ = interpretSchema(metadata_.schema);
    fields_ = schema_.fields();
    validateRowGroups();
  } catch (const Error& error) {
    rethrow(error, kFooterSubClass);
  }
  for (idx_t column = 0; column < schema_.columns.size(); ++column)
    columns_.push_back(column);
  int64_t first_row = 0;
  for (idx_t group = 0; group < metadata_.row_groups.size(); ++group) {
    row_groups_.push_back(group);
    group_first_row_.push_back(first_row);
    first_row += metadata_.row_groups[group].num_rows;
  }
}

ParquetReader::~ParquetReader() {
  // The assemblers point at the chunk readers.
  assemblers_.clear();
  chunk_readers_.clear();
  recountBufferBytes();
}

void ParquetReader::recountBufferBytes() {
  size_t bytes = 0;
  for (const std::unique_ptr<ColumnChunkReader>& reader : chunk_readers_)
    bytes += reader->bufferBytes();
  if (bytes == counted_buffer_bytes_)
    return;
  countReaderBufferBytes(static_cast<int64_t>(bytes) - static_cast<int64_t>(counted_buffer_bytes_));
  counted_buffer_bytes_ = bytes;
}

void ParquetReader::rethrow(const Error& error, const char* sub_class) const {
  if (error.errorClass() == ErrorClass::FAILED_READ_FILE && error.subClass().empty()) {
    throw Error(ErrorClass::FAILED_READ_FILE, sub_class,
                fmt::format("Encountered error while reading file {}. {}", path_, error.message()));
  }
  if (error.errorClass() == ErrorClass::INTERNAL_ERROR ||
      error.errorClass() == ErrorClass::FAILED_READ_FILE ||
      error.errorClass() == ErrorClass::IO_ERROR) {
    throw error;
  }
  throw Error(error.errorClass(), error.subClass(),
              fmt::format("{} (file {})", error.message(), path_));
}

void ParquetReader::readFooter() {
  uint64_t size = file_->size();
  if (size < 12) {
    throwFormatError("The file is {} bytes long, too short for a Parquet file (at least 12).",
                     size);
  }
  char head[4];
  char tail[8];
  file_->readAt(0, 4, head);
  file_->readAt(size - 8, 8, tail);
  if (std::memcmp(tail + 4, kEncryptedMagic, 4) == 0) {
    throwError(ErrorClass::NOT_SUPPORTED, "Encrypted Parquet files are not supported");
  }
  if (std::memcmp(head, kParquetMagic, 4) != 0 || std::memcmp(tail + 4, kParquetMagic, 4) != 0) {
    throwFormatError(
        "It is not a Parquet file: it does not start and end with the magic "
        "bytes PAR1.");
  }
  uint32_t footer_length;
  std::memcpy(&footer_length, tail, 4);
  if (footer_length > size - 12) {
    throwFormatError("The footer length {} points past the start of the file ({} bytes long).",
                     footer_length, size);
  }
  data_end_ = size - 8 - footer_length;
  std::vector<uint8_t> footer(footer_length);
  file_->readAt(data_end_, footer_length, footer.data());
  metadata_ = decodeFileMetaData(footer.data(), footer.size());
  if (metadata_.encrypted) {
    throwError(ErrorClass::NOT_SUPPORTED, "Encrypted Parquet files are not supported");
  }
  if (metadata_.num_rows < 0)
    throwFormatError("The footer gives {} rows.", metadata_.num_rows);
}

void ParquetReader::validateRowGroups() {
  for (size_t group = 0; group < metadata_.row_groups.size(); ++group) {
    const RowGroup& row_group = metadata_.row_groups[group];
    if (row_group.num_rows < 0) {
      throwFormatError("Row group {} has {} rows.", group, row_group.num_rows);
    }
    if (row_group.columns.size() != schema_.leaves.size()) {
      throwFormatError("Row group {} has {} column chunks, the schema has {} leaf columns.", group,
                       row_group.columns.size(), schema_.leaves.size());
    }
    for (size_t leaf = 0; leaf < row_group.columns.size(); ++leaf) {
      const ColumnChunk& chunk = row_group.columns[leaf];
      if (chunk.encrypted) {
        throwError(ErrorClass::NOT_SUPPORTED, "Encrypted Parquet columns are not supported");
      }
      if (chunk.file_path) {
        throwError(ErrorClass::NOT_SUPPORTED,
                   "Parquet column chunks stored in other files ({}) are not supported",
                   *chunk.file_path);
      }
      if (!chunk.meta_data) {
        throwFormatError("Column chunk {} of row group {} has no metadata.", leaf, group);
      }
      const ColumnMetaData& column = *chunk.meta_data;
      if (column.type != schema_.leaves[leaf].physical) {
        throwFormatError(
            "Column chunk {} of row group {} has physical type {}, the schema says {}.", leaf,
            group, static_cast<int32_t>(column.type),
            static_cast<int32_t>(schema_.leaves[leaf].physical));
      }
      int64_t start = chunkStart(column);
      if (start < 4 || column.total_compressed_size < 0 ||
          static_cast<uint64_t>(start) > data_end_ ||
          static_cast<uint64_t>(column.total_compressed_size) > data_end_ - start) {
        // The sizes are the file's claims: print them as read, never their (overflowing) sum.
        throwFormatError(
            "Column chunk {} of row group {} claims {} bytes from byte {}, outside the data "
            "(bytes 4 to {}).",
            leaf, group, column.total_compressed_size, start, data_end_);
      }
    }
  }
}

ColumnStatistics ParquetReader::statistics(idx_t row_group, idx_t leaf) const {
  SLUICE_CHECK_LT(row_group, metadata_.row_groups.size());
  SLUICE_CHECK_LT(leaf, schema_.leaves.size());
  const ColumnMetaData& column = *metadata_.row_groups[row_group].columns[leaf].meta_data;
  if (!column.statistics)
    return {};
  bool type_defined = leaf < metadata_.column_orders.size() &&
                      metadata_.column_orders[leaf] == ColumnOrder::kTypeDefined;
  return decodeColumnStatistics(schema_.leaves[leaf], *column.statistics, type_defined);
}

void ParquetReader::selectColumns(std::vector<idx_t> columns) {
  for (idx_t column : columns)
    SLUICE_CHECK_LT(column, schema_.columns.size());
  columns_ = std::move(columns);
}

void ParquetReader::selectRowGroups(std::vector<idx_t> row_groups) {
  for (idx_t group : row_groups)
    SLUICE_CHECK_LT(group, metadata_.row_groups.size());
  row_groups_ = std::move(row_groups);
  next_row_group_ = 0;
  row_group_open_ = false;
}

bool ParquetReader::canSelectRowRange() const {
  for (idx_t column : columns_) {
    const ColumnNode& node = schema_.columns[column];
    if (node.kind != ColumnNode::Kind::kPrimitive ||
        schema_.leaves[node.first_leaf].max_repetition_level != 0) {
      return false;
    }
  }
  return true;
}

void ParquetReader::selectRowRange(int64_t first_row, int64_t end_row) {
  SLUICE_CHECK(canSelectRowRange());
  range_first_ = first_row;
  range_end_ = end_row;
  next_row_group_ = 0;
  row_group_open_ = false;
}

void ParquetReader::openRowGroup(idx_t row_group) {
  const RowGroup& group = metadata_.row_groups[row_group];
  chunk_readers_.clear();
  assemblers_.clear();
  for (idx_t column : columns_) {
    const ColumnNode& node = schema_.columns[column];
    std::vector<ColumnChunkReader*> readers;
    for (uint32_t leaf = node.first_leaf; leaf < node.first_leaf + node.leaf_count; ++leaf) {
      const ColumnMetaData& metadata = *group.columns[leaf].meta_data;
      int64_t start = chunkStart(metadata);
      std::vector<uint8_t> bytes = takeBuffer(static_cast<size_t>(metadata.total_compressed_size));
      file_->readAt(static_cast<uint64_t>(start), bytes.size(), bytes.data());
      chunk_readers_.push_back(std::make_unique<ColumnChunkReader>(
          schema_.leaves[leaf], metadata.codec, std::move(bytes), metadata.num_values));
      readers.push_back(chunk_readers_.back().get());
    }
    assemblers_.push_back(std::make_unique<ColumnAssembler>(node, std::move(readers)));
  }
  row_group_remaining_ = group.num_rows;
  row_group_open_ = true;
}

bool ParquetReader::next(Batch& batch) {
  try {
    while (!row_group_open_ || row_group_remaining_ == 0) {
      if (next_row_group_ >= row_groups_.size())
        return false;
      idx_t group = row_groups_[next_row_group_++];
      // The part of the selected row range in this group; groups outside it are not read.
      int64_t group_first = group_first_row_[group];
      int64_t group_rows = metadata_.row_groups[group].num_rows;
      int64_t skip = std::clamp<int64_t>(range_first_ - group_first, 0, group_rows);
      int64_t end = std::clamp<int64_t>(range_end_ - group_first, 0, group_rows);
      if (end <= skip)
        continue;
      openRowGroup(group);
      if (skip > 0) {
        for (auto& assembler : assemblers_)
          assembler->skipRows(static_cast<idx_t>(skip));
      }
      row_group_remaining_ = end - skip;
      next_file_row_ = group_first + skip;
    }
    idx_t rows = std::min<idx_t>(options_.batch_size, static_cast<idx_t>(row_group_remaining_));
    batch.columns.clear();
    batch.columns.reserve(columns_.size());
    for (size_t index = 0; index < columns_.size(); ++index) {
      const ColumnNode& node = schema_.columns[columns_[index]];
      batch.columns.emplace_back(node.type, rows);
      assemblers_[index]->read(rows, batch.columns.back());
    }
    batch.num_rows = rows;
    row_group_remaining_ -= static_cast<int64_t>(rows);
    recountBufferBytes();
    last_batch_first_row_ = next_file_row_;
    next_file_row_ += static_cast<int64_t>(rows);
    return true;
  } catch (const Error& error) {
    row_group_open_ = false;
    row_group_remaining_ = 0;
    next_row_group_ = row_groups_.size();
    rethrow(error, kDataSubClass);
  }
}

void selectFilePart(ParquetReader& reader, size_t part, size_t parts) {
  if (parts <= 1)
    return;
  if (!reader.canSelectRowRange()) {
    if (part > 0)
      reader.selectRowGroups({});
    return;
  }
  int64_t rows = reader.numRows();
  auto used = static_cast<size_t>(
      std::clamp<int64_t>(rows / kMinRowsPerFilePart, 1, static_cast<int64_t>(parts)));
  if (part >= used) {
    reader.selectRowGroups({});
    return;
  }
  auto boundary = [&](size_t index) {
    return static_cast<int64_t>(static_cast<unsigned __int128>(rows) * index / used);
  };
  reader.selectRowRange(boundary(part), boundary(part + 1));
}

}  // namespace sluice::parquet
