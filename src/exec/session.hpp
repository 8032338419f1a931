// src/exec/session.hpp
//
// A session runs SQL text statement by statement against one catalog and configuration, as a
// Spark session does: a temporary view or a SET made by one statement is seen by the next.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/types/data_type.hpp"
#include "common/vector/vector.hpp"

namespace sluice {

class TimeZone;

struct SessionOptions {
  //! The folder where tables and the catalog live (created on first use).
  std::string storage_dir = ".sluice";
};

//! The outcome of one statement: named, typed columns and their rows (no columns for
//! statements that return nothing, such as CREATE TEMPORARY VIEW).
class StatementResult {
 public:
  StatementResult() = default;
  StatementResult(std::vector<std::string> column_names, std::vector<DataType> column_types,
                  std::vector<Batch> batches,
                  std::shared_ptr<const TimeZone> time_zone = nullptr);

  const std::vector<std::string>& columnNames() const { return column_names_; }
  const std::vector<DataType>& columnTypes() const { return column_types_; }
  idx_t numColumns() const { return column_names_.size(); }
  idx_t numRows() const { return num_rows_; }
  const std::vector<Batch>& batches() const { return batches_; }

  //! The value at (row, column), boxed.
  Value value(idx_t row, idx_t column) const;
  //! The value as the spark-sql shell prints it: "NULL", 3.5, 2024-02-29, [1,2],
  //! {"a":1}, true.
  std::string displayValue(idx_t row, idx_t column) const;

 private:
  std::pair<const Batch*, idx_t> locate(idx_t row) const;

  std::vector<std::string> column_names_;
  std::vector<DataType> column_types_;
  std::vector<Batch> batches_;
  idx_t num_rows_ = 0;
  std::shared_ptr<const TimeZone> time_zone_;  // TIMESTAMP values print in it
};

class SessionState;

class Session {
 public:
  explicit Session(SessionOptions options = {});
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  //! Parses `sql` (one or more statements separated by ';') and runs them in order, returning
  //! one result per statement. Throws Error on the first failure; statements before it have
  //! taken effect. `source_name` names the text in error locations ("<query>" or a path).
  std::vector<StatementResult> execute(std::string_view sql,
                                       std::string_view source_name = "<query>");
  //! Runs the statements of `sql` one at a time, handing each result to `on_result` before the
  //! next statement is parsed. Throws Error on the first failure, after the results of the
  //! statements before it have been handed over.
  void execute(std::string_view sql, std::string_view source_name,
               const std::function<void(StatementResult&&)>& on_result);

 private:
  std::unique_ptr<SessionState> state_;
};

}  // namespace sluice
