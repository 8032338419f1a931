// src/pipeline/graph/expectation_binding.hpp
//
// Binds a dataset's or a view's expectations (CONSTRAINT name EXPECT (condition) [ON
// VIOLATION ...]) over the columns of the rows they check, as Databricks restricts them: a
// deterministic condition of built-in functions, with no aggregate, window, ranking or
// generator function and no subquery.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "planner/logical/logical_operator.hpp"
#include "sql/ast/statement.hpp"

namespace sluice {

//! The check of `expectations` (written in `statement`) over rows of `columns`; their counts
//! are reported for `dataset`. Raises for a condition that is not allowed or does not bind.
std::shared_ptr<ExpectationCheck> bindExpectationCheck(
    const std::vector<sql::Expectation>& expectations, const sql::Statement& statement,
    const std::string& dataset, const std::vector<StructField>& columns,
    const ExecContext& context);

//! `plan` with `check` over its rows.
LogicalOperatorPtr applyExpectationCheck(LogicalOperatorPtr plan,
                                         std::shared_ptr<ExpectationCheck> check);

}  // namespace sluice
