// src/storage/delta/history.hpp
//
// DESCRIBE HISTORY and DESCRIBE DETAIL of a Delta table. History has one entry per commit,
// newest first, from its commitInfo (the timestamp is the commit's, as time travel sees it);
// detail describes the latest snapshot with the columns Delta's DESCRIBE DETAIL returns.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "storage/delta/actions.hpp"

namespace sluice::delta {

struct HistoryEntry {
  int64_t version = 0;
  int64_t timestamp = 0;  // milliseconds since the epoch
  std::string operation;
  //! Values as Spark shows them: strings as they are, other JSON as its text.
  std::map<std::string, std::string> operation_parameters;
  std::optional<int64_t> read_version;
  std::optional<std::string> isolation_level;
  std::optional<bool> is_blind_append;
  std::map<std::string, std::string> operation_metrics;
  std::optional<std::string> user_metadata;
  std::optional<std::string> engine_info;
  //! The commitInfo as written, for fields without a column here.
  Json commit_info = Json::object();
};

//! The commits of the table, newest first; at most `limit` of them.
std::vector<HistoryEntry> readHistory(const std::string& table_path,
                                      std::optional<int64_t> limit = std::nullopt);

struct TableDetail {
  std::string format = "delta";
  std::string id;
  std::optional<std::string> name;
  std::optional<std::string> description;
  std::string location;
  std::optional<int64_t> created_at;  // milliseconds
  int64_t last_modified = 0;          // milliseconds
  std::vector<std::string> partition_columns;
  std::vector<std::string> clustering_columns;
  int64_t num_files = 0;
  int64_t size_in_bytes = 0;
  std::map<std::string, std::string> properties;
  int32_t min_reader_version = 1;
  int32_t min_writer_version = 2;
  std::vector<std::string> table_features;
};

TableDetail describeDetail(const std::string& table_path);

}  // namespace sluice::delta
