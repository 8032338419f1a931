// src/exec/table_function/empty_source.hpp
//
// A source of no rows that stands for a relation whose columns are known but whose rows are
// not read: a pipeline's datasets while its graph is validated (dry-run), or a streaming read
// with no new input.
#pragma once

#include <memory>
#include <string>

#include "function/table/table_function.hpp"

namespace sluice {

//! `label` is the relation's EXPLAIN line ("Dataset spark_catalog.default.bronze").
std::shared_ptr<const TableSource> makeEmptySource(std::string label);

}  // namespace sluice
