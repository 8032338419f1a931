// src/session/statement_result.hpp
//
// What one statement returns: named, typed columns and their rows, as batches.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/types/data_type.hpp"
#include "common/vector/vector.hpp"

namespace sluice {

class TimeZone;

//! The outcome of one statement: named, typed columns and their rows (no columns for
//! statements that return nothing, such as CREATE TEMPORARY VIEW).
class StatementResult {
 public:
  StatementResult() = default;
  StatementResult(std::vector<std::string> column_names, std::vector<DataType> column_types,
                  std::vector<Batch> batches, std::shared_ptr<const TimeZone> time_zone = nullptr);

  const std::vector<std::string>& columnNames() const { return column_names_; }
  const std::vector<DataType>& columnTypes() const { return column_types_; }
  idx_t numColumns() const { return column_names_.size(); }
  idx_t numRows() const { return num_rows_; }
  const std::vector<Batch>& batches() const { return batches_; }
  //! The session time zone TIMESTAMP values are shown in; null stands for UTC.
  const std::shared_ptr<const TimeZone>& timeZone() const { return time_zone_; }

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

}  // namespace sluice
