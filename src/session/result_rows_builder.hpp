// src/session/result_rows_builder.hpp
//
// Builds a small StatementResult row by row from boxed values: the output of SHOW, DESCRIBE,
// VACUUM and the other statements whose rows the engine makes itself rather than a plan.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "session/statement_result.hpp"

namespace sluice {

class ResultRowsBuilder {
 public:
  //! One column per name, of the matching type.
  ResultRowsBuilder(std::vector<std::string> column_names, std::vector<DataType> column_types);

  const std::vector<DataType>& columnTypes() const { return column_types_; }

  //! Adds a row of one value per column (NULL for a value of type VOID or Value::null).
  void addRow(std::vector<Value> row);
  //! The result, with TIMESTAMP values shown in `time_zone`.
  StatementResult finish(std::shared_ptr<const TimeZone> time_zone = nullptr);

 private:
  std::vector<std::string> column_names_;
  std::vector<DataType> column_types_;
  std::vector<std::vector<Value>> rows_;
};

}  // namespace sluice
