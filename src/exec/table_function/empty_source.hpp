// src/exec/table_function/empty_source.hpp
//
// A source of no rows that stands for a relation whose columns are known but whose rows are
// not read: a pipeline's datasets while its graph is validated (dry-run), or a streaming read
// with no new input.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "function/table/table_function.hpp"

namespace sluice {

//! `label` is the relation's EXPLAIN line ("Dataset spark_catalog.default.bronze").
std::shared_ptr<const TableSource> makeEmptySource(std::string label);

//! A relation of no rows with the columns of `schema`, labelled `label`.
TableFunctionBinding emptyBinding(std::string label, const std::vector<StructField>& schema);

}  // namespace sluice
