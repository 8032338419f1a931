// src/storage/delta/deletion_vector_writer.hpp
//
// Deleting rows by deletion vector, as Delta's DML does on tables with
// delta.enableDeletionVectors: the rows a statement deletes from a live file are gathered by
// position (RowDeletions, filled by any thread), and the commit writes one deletion vector
// file for all of them (`deletion_vector_<uuid>.bin` at the table's root: a version byte, then
// per vector its size, its RoaringBitmapArray and their CRC-32) and replaces each file's add
// by one whose vector also holds the new rows. A file left without rows is removed instead.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "storage/delta/actions.hpp"
#include "storage/delta/snapshot.hpp"

namespace sluice::delta {

//! Positions of rows that one write deletes, by the add action's path of their file.
class RowDeletions {
 public:
  void add(const std::string& add_path, const std::vector<uint64_t>& positions);
  bool empty() const;
  //! The positions gathered, ascending and distinct per file.
  std::map<std::string, std::vector<uint64_t>> take();

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::vector<uint64_t>> rows_;
};

//! What deleting rows adds to a commit.
struct DeletionVectorChanges {
  //! Per file: the remove of its add, then (unless no row is left) its add with the new vector.
  std::vector<Action> actions;
  int64_t num_removed_files = 0;  // files left without rows
  int64_t num_removed_bytes = 0;
  int64_t num_deleted_rows = 0;  // rows newly deleted
  //! Delta's metrics: adds carrying a vector, removes carrying one, and files whose vector
  //! was replaced by another.
  int64_t num_vectors_added = 0;
  int64_t num_vectors_removed = 0;
  int64_t num_vectors_updated = 0;
};

//! Writes the vectors of `deletions` (positions by add path; files of `snapshot`) into one new
//! file of the table at `table_path` and returns the actions that put them in place, dated
//! `now` (ms). Statistics of a file with a vector are marked as not tight (tightBounds).
DeletionVectorChanges writeDeletionVectors(const std::string& table_path, const Snapshot& snapshot,
                                           std::map<std::string, std::vector<uint64_t>> deletions,
                                           int64_t now);

}  // namespace sluice::delta
