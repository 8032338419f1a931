// src/session/result_rows_builder.cpp
//
// A StatementResult from boxed rows: one batch, one flat vector per column.
#include "session/result_rows_builder.hpp"

#include <algorithm>

#include "common/check.hpp"

namespace sluice {

ResultRowsBuilder::ResultRowsBuilder(std::vector<std::string> column_names,
                                     std::vector<DataType> column_types)
    : column_names_(std::move(column_names)), column_types_(std::move(column_types)) {
  SLUICE_CHECK_EQ(column_names_.size(), column_types_.size());
}

void ResultRowsBuilder::addRow(std::vector<Value> row) {
  SLUICE_CHECK_EQ(row.size(), column_types_.size());
  rows_.push_back(std::move(row));
}

StatementResult ResultRowsBuilder::finish(std::shared_ptr<const TimeZone> time_zone) {
  Batch batch;
  batch.num_rows = rows_.size();
  for (size_t column = 0; column < column_types_.size(); ++column) {
    Vector vector(column_types_[column], std::max<size_t>(rows_.size(), 1));
    for (size_t row = 0; row < rows_.size(); ++row) {
      const Value& value = rows_[row][column];
      vector.setValue(row, value.isNull() ? Value::null(column_types_[column]) : value);
    }
    batch.columns.push_back(std::move(vector));
  }
  std::vector<Batch> batches;
  batches.push_back(std::move(batch));
  return StatementResult(std::move(column_names_), std::move(column_types_), std::move(batches),
                         std::move(time_zone));
}

}  // namespace sluice
