// src/planner/binder/sort_spec.hpp
//
// One ORDER BY item as a sort key over a column of the select list: its direction, where its
// NULLs go (first when ascending, last when descending, unless NULLS FIRST / LAST says), and
// Spark's check that the column's type has an order (a MAP, alone or inside a struct or array,
// has none; structs and arrays sort through their key encodings).
#pragma once

#include "planner/logical/logical_operator.hpp"
#include "sql/ast/expression.hpp"
#include "sql/ast/statement.hpp"

namespace sluice {

SortSpec bindSortSpec(const sql::SortItem& item, idx_t column, const DataType& type,
                      const sql::Statement& statement);

}  // namespace sluice
