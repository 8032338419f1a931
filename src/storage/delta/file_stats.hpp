// src/storage/delta/file_stats.hpp
//
// The per-file statistics of an add action (PROTOCOL.md, "Per-file Statistics"), as Delta's
// StatisticsCollection writes them: {"numRecords", "minValues", "maxValues", "nullCount"},
// nested like the schema for STRUCT fields, for the first delta.dataSkippingNumIndexedCols
// leaf columns. min / max are kept for numbers, dates, timestamps and strings only; strings
// are cut to delta.dataSkippingStringPrefixLength characters (the max gets a tie-breaker
// character so that it stays an upper bound), timestamps are truncated to milliseconds.
// They are built from the Parquet footer's column chunk statistics, so no data is re-read.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/types/data_type.hpp"
#include "common/types/value.hpp"
#include "storage/parquet/metadata.hpp"
#include "storage/parquet/schema.hpp"

namespace sluice::delta {

struct StatsOptions {
  int num_indexed_cols = 32;  // -1: every column
  int string_prefix_length = 32;
};

//! Builds the stats JSON of a file from its footer. `list_null_counts` supplies the NULL
//! counts of top-level ARRAY / MAP / VARIANT columns, which a footer cannot give (its leaf null
//! counts include NULL elements; a VARIANT's leaves are its value and metadata).
std::string buildFileStats(const parquet::FileMetaData& footer,
                           const parquet::ParquetSchema& schema, const StatsOptions& options,
                           const std::map<std::string, int64_t>& list_null_counts = {});

//! Statistics of one top-level column, decoded to Values of the column's type.
struct ColumnStats {
  std::optional<Value> min;
  std::optional<Value> max;
  std::optional<int64_t> null_count;
};

struct FileStats {
  std::optional<int64_t> num_records;
  std::map<std::string, ColumnStats> columns;  // top-level columns that have statistics
};

//! Whether files carry min / max statistics for the top-level column `column` of `data_fields`
//! (the columns stored in the files, in order): it is among the first `num_indexed_cols` leaf
//! columns (-1: every column) and of a type that has them.
bool hasMinMaxStatistics(const std::vector<StructField>& data_fields, const std::string& column,
                         int num_indexed_cols);

//! Reads a stats JSON string for the top-level columns of `schema`; values that do not parse
//! (or whose types cannot be compared exactly) are left out, never guessed.
FileStats parseFileStats(std::string_view json, const std::vector<StructField>& schema);

//! Delta's truncation of a string min / max to `prefix_length` characters; nullopt when a max
//! cannot be bounded within twice that length.
std::string truncateMinString(const std::string& value, int prefix_length);
std::optional<std::string> truncateMaxString(const std::string& value, int prefix_length);

}  // namespace sluice::delta
