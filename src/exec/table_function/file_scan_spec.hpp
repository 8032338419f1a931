// src/exec/table_function/file_scan_spec.hpp
//
// What a read_files call reads, decided when it is bound: the files (listed), their format,
// the reader options and the schema, inferred or given.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/csv/csv_options.hpp"
#include "common/types/data_type.hpp"
#include "storage/format/input_files.hpp"
#include "storage/json/json_options.hpp"

namespace sluice {

enum class FileFormat : uint8_t { kJson, kCsv, kParquet, kText };

//! "json", "csv", "parquet", "text".
std::string_view fileFormatName(FileFormat format);

//! The hidden `_metadata` column of file scans: file_path, file_name, file_size,
//! file_block_start, file_block_length, file_modification_time (Spark's names and types).
DataType fileMetadataType();

//! read_files(...): the output columns are `data_schema`, then the rescued data column when
//! `rescued_column` is not empty (JSON and CSV), then the hidden `_metadata` column.
struct FileScanSpec {
  FileFormat format = FileFormat::kJson;
  std::string location;  // as written, for EXPLAIN
  std::vector<InputFile> files;
  std::vector<StructField> data_schema;
  std::string rescued_column;
  json::JsonOptions json;
  csv::CsvOptions csv;
  bool whole_text = false;  // text: one row per file instead of one per line
};

}  // namespace sluice
