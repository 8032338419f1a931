// src/planner/logical/scan_spec.hpp
//
// What a scan of stored data reads, decided at bind time: the files of a read_files call
// (listed, with their format, options and schema, inferred or given), or the snapshot of a
// Delta table of the catalog. Shared between the logical and the physical plan.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "storage/csv/csv_options.hpp"
#include "storage/delta/snapshot.hpp"
#include "storage/format/input_files.hpp"
#include "storage/format/scan_predicate.hpp"
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

//! A Delta table of the catalog, read at one snapshot.
struct TableScanSpec {
  std::string table_name;  // qualified, for EXPLAIN
  std::shared_ptr<const delta::Snapshot> snapshot;
};

//! What the optimizer hands down to a scan (kFileScan, kTableScan).
struct ScanPushdown {
  //! Per output column, whether anything above reads it; empty when all are read. A column
  //! nobody reads comes out as a constant NULL vector and is never read from the files.
  std::vector<bool> used_columns;
  //! Conditions the rows above are filtered by, for skipping files and row groups.
  std::vector<ScanPredicate> predicates;

  bool readsColumn(size_t column) const { return used_columns.empty() || used_columns[column]; }
};

}  // namespace sluice
