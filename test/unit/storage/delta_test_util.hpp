// test/unit/storage/delta_test_util.hpp
//
// Helpers for the Delta tests: a scratch table folder, batches from rows of Values, reading a
// table back into sorted rows, and the folder of the checked-in Delta fixtures.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

#include "common/types/value.hpp"
#include "common/vector/vector.hpp"
#include "storage/delta/table_reader.hpp"
#include "storage/delta/table_writer.hpp"
#include "storage/delta/value_order.hpp"

namespace sluice::delta::testing {

using Row = std::vector<Value>;

//! A fresh folder under the system temp folder, removed with the object.
class ScratchTable {
 public:
  ScratchTable() {
    static std::atomic<int> counter{0};
    root_ = std::filesystem::temp_directory_path() /
            ("sluice_delta_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_);
  }
  ~ScratchTable() {
    std::error_code ignored;
    std::filesystem::remove_all(root_, ignored);
  }
  //! The table folder (created by the first commit).
  std::string path() const { return (root_ / "table").string(); }
  std::string log(const std::string& name) const { return path() + "/_delta_log/" + name; }
  std::string root() const { return root_.string(); }

 private:
  std::filesystem::path root_;
};

inline StructField column(std::string name, DataType type, bool nullable = true) {
  return StructField{std::move(name), std::move(type), nullable, ""};
}

inline Batch makeBatch(const std::vector<StructField>& fields, const std::vector<Row>& rows) {
  Batch batch;
  for (size_t index = 0; index < fields.size(); ++index) {
    Vector vector(fields[index].type, rows.empty() ? 1 : rows.size());
    for (size_t row = 0; row < rows.size(); ++row)
      vector.setValue(row, rows[row][index]);
    batch.columns.push_back(std::move(vector));
  }
  batch.num_rows = rows.size();
  return batch;
}

//! Orders rows column by column (NULLs first; nested values by their debug text).
inline bool rowLess(const Row& left, const Row& right) {
  for (size_t index = 0; index < left.size(); ++index) {
    const Value& a = left[index];
    const Value& b = right[index];
    int order = 0;
    if (a.type().isNested() || b.type().isNested()) {
      order = a.debugString().compare(b.debugString());
    } else {
      order = compareNullsFirst(a, b);
    }
    if (order != 0)
      return order < 0;
  }
  return false;
}

inline std::vector<Row> scanRows(DeltaTableScan& scan) {
  std::vector<Row> rows;
  Batch batch;
  while (scan.next(batch)) {
    for (idx_t row = 0; row < batch.num_rows; ++row) {
      Row values;
      for (const Vector& vector : batch.columns)
        values.push_back(vector.getValue(row));
      rows.push_back(std::move(values));
    }
  }
  std::sort(rows.begin(), rows.end(), rowLess);
  return rows;
}

//! Every row of the table at `time_travel`, sorted.
inline std::vector<Row> readTable(const std::string& path, const TimeTravel& time_travel = {}) {
  Snapshot snapshot = openSnapshot(path, time_travel);
  DeltaTableScan scan(snapshot);
  return scanRows(scan);
}

inline std::vector<Row> sorted(std::vector<Row> rows) {
  std::sort(rows.begin(), rows.end(), rowLess);
  return rows;
}

//! Writes `rows` in one commit and returns the version.
inline int64_t writeRows(const std::string& path, const std::vector<Row>& rows,
                         TableWriteOptions options) {
  DeltaTableWriter writer(path, std::move(options));
  writer.write(makeBatch(writer.schema(), rows));
  return writer.commit().version;
}

inline TableWriteOptions createOptions(std::vector<StructField> schema,
                                       std::vector<std::string> partition_columns = {}) {
  TableWriteOptions options;
  options.mode = WriteMode::kCreate;
  TableDefinition definition;
  definition.schema = std::move(schema);
  definition.partition_columns = std::move(partition_columns);
  options.definition = std::move(definition);
  return options;
}

inline TableWriteOptions appendOptions() {
  TableWriteOptions options;
  options.mode = WriteMode::kAppend;
  return options;
}

//! test/data/delta, found by walking up from the test binary.
inline std::string fixtureFolder() {
  std::filesystem::path at = std::filesystem::read_symlink("/proc/self/exe").parent_path();
  while (!at.empty() && at != at.root_path()) {
    std::filesystem::path candidate = at / "test" / "data" / "delta";
    if (std::filesystem::exists(candidate))
      return candidate.string();
    at = at.parent_path();
  }
  return "test/data/delta";
}

}  // namespace sluice::delta::testing
