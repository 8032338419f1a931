// src/storage/delta/table_writer.hpp
//
// Writes Batches into a Delta table and commits them as one version: CREATE (the table must
// not exist), APPEND, or OVERWRITE (every live file removed, the new ones added). Rows go to
// Parquet files under Hive-style partition folders ("p=a%3Ab/"), partition columns are not
// stored in the files, and nothing is visible to readers until commit() succeeds. An optional
// txn (appId, version) makes a streaming batch commit exactly once. A write that records its
// changes (change data feed) takes each row with its `_change_type`: the table's rows go to
// data files, the changes to change data files committed as cdc actions.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "common/vector/vector.hpp"
#include "storage/delta/data_file_writer.hpp"
#include "storage/delta/deletion_vector_writer.hpp"
#include "storage/delta/snapshot.hpp"
#include "storage/delta/transaction.hpp"

namespace sluice::delta {

//! What CREATE TABLE says about a new table.
struct TableDefinition {
  std::vector<StructField> schema;
  std::vector<std::string> partition_columns;
  //! CLUSTER BY; recorded in the delta.clustering domain (Delta's liquid clustering).
  std::vector<std::string> clustering_columns;
  //! TBLPROPERTIES.
  std::map<std::string, std::string> properties;
  std::optional<std::string> name;
  //! COMMENT.
  std::optional<std::string> description;
};

enum class WriteMode : uint8_t {
  kCreate,     // the table must not exist yet
  kAppend,     // creates the table when it does not exist and a definition is given
  kOverwrite,  // replaces every file (and, with a definition, the schema)
};

struct TableWriteOptions {
  WriteMode mode = WriteMode::kAppend;
  //! Required to create a table; with kOverwrite it may replace the schema.
  std::optional<TableDefinition> definition;
  //! A streaming flow's id and batch number, committed as a txn action.
  std::optional<std::string> app_id;
  std::optional<int64_t> app_version;
  //! A new file is started once a file holds this many rows (0: no limit).
  uint64_t max_rows_per_file = 0;
  DataFileOptions file_options;
  //! commitInfo.operation; derived from the mode when empty ("WRITE", "CREATE TABLE").
  std::string operation;

  // What a write that replaces part of the table (copy-on-write DELETE / UPDATE, REPLACE
  // WHERE, INSERT OVERWRITE of a partition) adds to its commit. With kAppend.
  //! The version the write read (its replaced files and condition); the latest when unset.
  std::optional<int64_t> read_version;
  //! Live files of the snapshot the write read, removed in the same commit as its new files.
  std::vector<AddFile> replaced_files;
  //! Whether what the write keeps depends on rows any file might hold (a condition was read
  //! over the table), so that a concurrent add of data conflicts with it.
  bool reads_table = false;
  //! commitInfo.operationParameters replacing the writer's own; empty: the writer's.
  Json operation_parameters;
  //! Commit nothing when the write adds and removes no file (Delta's commitIfNeeded); the
  //! result's version stays -1.
  bool skip_empty_commit = false;
  //! Records the rows the write changes in change data files (cdc actions), for tables with
  //! delta.enableChangeDataFeed. Each row then carries, after the table's columns (the row as
  //! written), its kind (a STRING, see kChangeKind*) and the table's columns again as the row
  //! was before the write.
  bool change_data = false;
  //! The table's metaData with columns added, committed with the write (MERGE WITH SCHEMA
  //! EVOLUTION, withColumnsAdded); the batches then follow its schema. With kAppend.
  std::optional<Metadata> evolved_metadata;
  //! Rows of the read snapshot's live files that the write deletes by deletion vector instead
  //! of rewriting their files (DML on a table with delta.enableDeletionVectors), gathered
  //! while the write runs; the commit gives those files new deletion vectors.
  std::shared_ptr<RowDeletions> deleted_rows;
  //! commitInfo.operationMetrics from what was written; unset: the writer's own.
  std::function<Json(const struct TableWriteResult& written)> operation_metrics;
};

//! The kinds of row of a write that records its changes. NULL: a row copied as it was, written
//! to the table only.
//! A new row: written to the table and recorded as an insert.
inline constexpr const char* kChangeKindInsert = "insert";
//! A changed row: written to the table, its old image recorded as update_preimage and its new
//! one as update_postimage.
inline constexpr const char* kChangeKindUpdate = "update";
//! A removed row: not written, its old image recorded as a delete.
inline constexpr const char* kChangeKindDelete = "delete";

struct TableWriteResult {
  int64_t version = -1;
  int64_t num_files = 0;
  int64_t num_rows = 0;
  int64_t num_bytes = 0;
  //! The files removed: every file for an overwrite, else the replaced files.
  int64_t num_removed_files = 0;
  int64_t num_removed_bytes = 0;
  //! The change data files (cdc actions) written.
  int64_t num_change_files = 0;
  //! What the deleted_rows option did, in Delta's deletion vector counts (adds carrying one,
  //! removes carrying one, files whose vector was replaced). Files it left without rows count
  //! as removed files.
  int64_t num_vectors_added = 0;
  int64_t num_vectors_removed = 0;
  int64_t num_vectors_updated = 0;
  int attempts = 1;
};

//! The files one writer (the table writer itself, or one of its threads) has open, by
//! partition folder, and those it has finished.
struct FileSet {
  std::map<std::string, std::unique_ptr<DataFileWriter>> open;
  std::vector<AddFile> finished;
};

class DeltaTableWriter {
 public:
  DeltaTableWriter(std::string table_path, TableWriteOptions options);
  ~DeltaTableWriter();
  DeltaTableWriter(const DeltaTableWriter&) = delete;
  DeltaTableWriter& operator=(const DeltaTableWriter&) = delete;

  //! The table's columns; batches passed to write() follow them, partition columns included
  //! (with the change_data option, then the row's kind and its old image).
  const std::vector<StructField>& schema() const { return schema_; }

  void write(const Batch& batch);

  //! Writes data files for one thread of a parallel write: each thread writes its own files
  //! (no lock while writing) and hands them to the table writer with finish(); commit()
  //! then commits every thread's files at once. Must not outlive the table writer.
  class ThreadWriter {
   public:
    ~ThreadWriter();
    ThreadWriter(const ThreadWriter&) = delete;
    ThreadWriter& operator=(const ThreadWriter&) = delete;

    void write(const Batch& batch);
    //! Closes this thread's files; they join the commit.
    void finish();
    //! The bytes its open files hold in memory (their row groups being built).
    uint64_t bufferedBytes() const;

   private:
    friend class DeltaTableWriter;
    explicit ThreadWriter(DeltaTableWriter& table);

    DeltaTableWriter& table_;
    FileSet files_;
  };
  std::unique_ptr<ThreadWriter> threadWriter();

  //! Adds live files of the read snapshot to those the commit removes, as the replaced_files
  //! option does, for a write that learns which files it rewrites while it writes.
  void replaceFiles(const std::vector<AddFile>& files);

  //! Closes the files and commits them; throws on conflict (the files are then left as
  //! orphans for VACUUM). Every ThreadWriter must have finished.
  TableWriteResult commit();

 private:
  void writeRows(FileSet& files, const Batch& batch);
  //! Splits the rows of a write that records its changes into table rows and changes.
  void writeRowsAndChanges(FileSet& files, const Batch& batch);
  //! Writes rows of the table's columns (and `_change_type` for `kind` kChangeData) into
  //! the files of their partitions.
  void writePartitioned(FileSet& files, const Batch& batch, DataFileKind kind);
  //! DELTA_NOT_NULL_CONSTRAINT_VIOLATED when a NOT NULL column of the batch holds a NULL.
  void checkNotNull(const Batch& batch) const;
  void writeToPartition(FileSet& files, const std::string& key, const PartitionValues& values,
                        const Batch& data, DataFileKind kind);
  DataFileWriter& openFile(FileSet& files, const std::string& key, const PartitionValues& values,
                           DataFileKind kind);
  void finishFile(FileSet& files, const std::string& key);
  //! Closes the open files of `files` and moves their add actions into finished_.
  void finishFiles(FileSet& files);
  std::vector<Action> tableSetupActions();
  //! Writes the deletion vectors of the deleted_rows option and adds their actions to `plan`
  //! (and their counts to `result`); whether it added any.
  bool addDeletionVectors(CommitPlan& plan, TableWriteResult& result, int64_t now);
  //! The metaData of the table the definition creates or replaces.
  Metadata definedMetadata() const;

  LogStore store_;
  TableWriteOptions options_;
  std::optional<Snapshot> snapshot_;  // the table as read; absent when it does not exist
  std::vector<StructField> schema_;
  std::vector<std::string> partition_columns_;
  std::vector<idx_t> partition_indexes_;
  std::vector<idx_t> data_indexes_;
  //! The definition's properties, validated, and the metaData it gives the table (created or
  //! replaced).
  std::map<std::string, std::string> defined_properties_;
  std::optional<Metadata> defined_metadata_;
  ColumnMapping mapping_;
  //! The partition columns as partition values name them (physical names).
  std::vector<std::string> stored_partition_columns_;
  //! The columns of a data file as it stores them, and their Parquet field ids.
  std::vector<StructField> data_fields_;
  std::vector<parquet::FieldIdTree> data_field_ids_;
  //! The columns of a change data file: the data fields, then `_change_type`.
  std::vector<StructField> change_fields_;
  std::vector<parquet::FieldIdTree> change_field_ids_;
  FileSet own_files_;  // the files of write()
  std::mutex finished_mutex_;
  std::vector<AddFile> finished_;
  std::atomic<int> next_file_index_{0};
  bool committed_ = false;
};

//! The version of the last batch application `app_id` committed to the table at
//! `table_path` (its txn action), or nullopt when it never committed one or the table does
//! not exist.
std::optional<int64_t> lastCommittedVersion(const std::string& table_path,
                                            const std::string& app_id);

}  // namespace sluice::delta
