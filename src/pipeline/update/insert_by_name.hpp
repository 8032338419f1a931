// src/pipeline/update/insert_by_name.hpp
//
// INSERT BY NAME, as flows write their targets: the query's rows in the target's columns.
#pragma once

#include <vector>

#include "planner/logical/logical_operator.hpp"

namespace sluice {

//! The query's rows in the table's columns, matched by name: a column the query lacks is NULL,
//! and each value is cast to its column's type (store assignment).
LogicalOperatorPtr projectByName(LogicalOperatorPtr plan, const std::vector<StructField>& table);

}  // namespace sluice
