// src/planner/binder/time_window_rows.hpp
//
// The time windows that change which rows a query sees, as Spark's TimeWindowing and
// SessionWindowing rules rewrite them: a sliding window(ts, duration, slide) gives each row
// once per window that holds its time (an Expand, then a filter of the windows that do not),
// and session_window(ts, gap) drops the rows whose session is empty (a NULL time or gap, a gap
// of 0 or less). The aggregate binder uses them for GROUP BY keys (sessions are then merged by
// a window over the other keys); a plain SELECT list uses them as Spark does for any operator.
#pragma once

#include <string_view>
#include <vector>

#include "function/scalar/time_windows.hpp"
#include "planner/expression/bound_expression.hpp"
#include "planner/logical/logical_operator.hpp"
#include "sql/ast/statement.hpp"

namespace sluice {

//! Whether `expr` is a call of the built-in time window function `name` (window,
//! session_window).
bool isTimeWindowCall(const BoundExpression& expr, std::string_view name);

//! The durations of a bound window(...) call, read from its constant arguments.
TimeWindowSpec boundWindowSpec(const BoundExpression& call);

//! Whether `expr` is a call that multiplies or drops rows: a sliding window(...) or a
//! session_window(...).
bool changesRows(const BoundExpression& expr);

//! Filter(Expand(input)) for the sliding window(...) `call` over `input`'s columns: each row
//! once for each window that holds its time, the window a new last column.
LogicalOperatorPtr expandSlidingWindow(LogicalOperatorPtr input, const BoundExpression& call);

//! The condition that keeps a row whose session (the STRUCT<start, end> in `column`) is not
//! empty: end > start, NULL (so dropped) for a NULL session.
BoundExpressionPtr sessionIsNotEmpty(idx_t column, const DataType& session_type);

//! For a SELECT list without GROUP BY: when `expressions` (over `input`) hold a sliding window
//! or a session window, `input` with the rows that call gives (see above) and the call a new
//! last column, every occurrence of it in `expressions` reading that column; `input` itself
//! otherwise. Two different such calls are NOT_SUPPORTED, located at the second one's
//! `positions` entry (one per expression).
LogicalOperatorPtr applyRowChangingWindow(LogicalOperatorPtr input,
                                          std::vector<BoundExpressionPtr>& expressions,
                                          const std::vector<sql::SourcePosition>& positions,
                                          const sql::Statement& statement);

}  // namespace sluice
