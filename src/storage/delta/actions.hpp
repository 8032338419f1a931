// src/storage/delta/actions.hpp
//
// The actions of the Delta transaction log (PROTOCOL.md, "Actions") as plain structs, and
// their newline-delimited JSON form, including the checkpointMetadata and sidecar actions that
// only v2 checkpoints hold. Unknown fields and unknown action kinds are ignored on read, as the
// protocol requires; a line that is not JSON, or an action missing a required field, raises
// FAILED_READ_FILE naming the file and the line.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

namespace sluice::delta {

//! JSON objects keep their insertion order, so that logs read like the ones Spark writes.
using Json = nlohmann::ordered_json;

//! Partition column name -> serialized value (nullopt for NULL), in partition column order.
using PartitionValues = std::vector<std::pair<std::string, std::optional<std::string>>>;

//! Returns the entry for `column`, or nullptr when the map has none.
const std::optional<std::string>* findPartitionValue(const PartitionValues& values,
                                                     std::string_view column);

struct Protocol {
  int32_t min_reader_version = 1;
  int32_t min_writer_version = 2;
  //! Present only with reader version 3 / writer version 7.
  std::optional<std::vector<std::string>> reader_features;
  std::optional<std::vector<std::string>> writer_features;

  bool operator==(const Protocol& other) const = default;
};

struct Format {
  std::string provider = "parquet";
  std::map<std::string, std::string> options;

  bool operator==(const Format& other) const = default;
};

struct Metadata {
  std::string id;
  std::optional<std::string> name;
  std::optional<std::string> description;
  Format format;
  std::string schema_string;
  std::vector<std::string> partition_columns;
  std::optional<int64_t> created_time;
  //! TBLPROPERTIES.
  std::map<std::string, std::string> configuration;

  bool operator==(const Metadata& other) const = default;
};

struct AddFile {
  //! URI-encoded, relative to the table root (or absolute).
  std::string path;
  PartitionValues partition_values;
  int64_t size = 0;
  int64_t modification_time = 0;
  bool data_change = true;
  //! The per-file statistics as a JSON string (see file_stats.hpp).
  std::optional<std::string> stats;
  std::optional<std::map<std::string, std::string>> tags;
  //! Its deletion vector descriptor (deletion_vector.hpp), kept verbatim.
  std::optional<Json> deletion_vector;
  std::optional<int64_t> base_row_id;
  std::optional<int64_t> default_row_commit_version;
  std::optional<std::string> clustering_provider;

  bool operator==(const AddFile& other) const = default;
};

struct RemoveFile {
  std::string path;
  std::optional<int64_t> deletion_timestamp;
  bool data_change = true;
  std::optional<bool> extended_file_metadata;
  std::optional<PartitionValues> partition_values;
  std::optional<int64_t> size;
  std::optional<std::string> stats;
  std::optional<std::map<std::string, std::string>> tags;
  std::optional<Json> deletion_vector;

  bool operator==(const RemoveFile& other) const = default;
};

//! The remove action of a live file, at `timestamp` (ms). It names the file's deletion vector
//! too: the log keys a file by its path and deletion vector, so a remove without it would leave
//! the file live.
RemoveFile removeOf(const AddFile& file, int64_t timestamp, bool data_change);

//! The `cdc` action: a file of the rows a commit changed, each with its `_change_type`
//! (PROTOCOL.md, "Add CDC File"). It never changes the table's data, so dataChange is false.
struct AddCdcFile {
  std::string path;
  PartitionValues partition_values;
  int64_t size = 0;
  bool data_change = false;
  std::optional<std::map<std::string, std::string>> tags;

  bool operator==(const AddCdcFile& other) const = default;
};

//! The `txn` action: an application's progress, recorded atomically with its data.
struct SetTransaction {
  std::string app_id;
  int64_t version = 0;
  std::optional<int64_t> last_updated;

  bool operator==(const SetTransaction& other) const = default;
};

//! Commit provenance: free-form JSON, of which sluice reads a few well-known fields.
struct CommitInfo {
  Json fields = Json::object();

  std::optional<int64_t> timestamp() const;
  std::optional<int64_t> inCommitTimestamp() const;
  std::string operation() const;

  bool operator==(const CommitInfo& other) const = default;
};

struct DomainMetadata {
  std::string domain;
  std::string configuration;
  bool removed = false;

  bool operator==(const DomainMetadata& other) const = default;
};

//! The `checkpointMetadata` action: a v2 spec checkpoint holds exactly one (PROTOCOL.md,
//! "Checkpoint Metadata"). Only checkpoints hold it; log replay ignores it.
struct CheckpointMetadata {
  int64_t version = 0;
  std::optional<std::map<std::string, std::string>> tags;

  bool operator==(const CheckpointMetadata& other) const = default;
};

//! The `sidecar` action of a v2 spec checkpoint: a Parquet file in _delta_log/_sidecars holding
//! some of the checkpoint's add and remove actions (PROTOCOL.md, "Sidecar File Information").
//! Only checkpoints hold it; log replay ignores it.
struct SidecarFile {
  //! URI-encoded; relative to _delta_log/_sidecars (or absolute).
  std::string path;
  int64_t size_in_bytes = 0;
  int64_t modification_time = 0;
  std::optional<std::map<std::string, std::string>> tags;

  bool operator==(const SidecarFile& other) const = default;
};

using Action = std::variant<Protocol, Metadata, AddFile, RemoveFile, SetTransaction, CommitInfo,
                            DomainMetadata, AddCdcFile, CheckpointMetadata, SidecarFile>;

//! {"add": {...}} and so on, with optional fields left out when absent.
Json actionToJson(const Action& action);
//! Reads one action object. Returns nullopt for kinds sluice does not know. `where` ("file:line")
//! goes into the error raised for a malformed action.
std::optional<Action> actionFromJson(const Json& object, std::string_view where);

//! One action per line, as a commit file holds them.
std::string serializeActions(const std::vector<Action>& actions);
//! Parses a commit file's text; `file_name` names the file in errors. Blank lines are skipped.
std::vector<Action> parseActions(std::string_view text, const std::string& file_name);

//! JSON text that never throws on bytes that are not UTF-8 (they are replaced).
std::string dumpJson(const Json& json);
//! `items` as the text of a JSON list of strings (commitInfo's partitionBy, clusterBy).
std::string jsonList(const std::vector<std::string>& items);

}  // namespace sluice::delta
