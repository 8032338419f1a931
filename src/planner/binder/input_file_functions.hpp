// src/planner/binder/input_file_functions.hpp
//
// input_file_name(), input_file_block_start() and input_file_block_length(): the file, and the
// block of it, that the row was read from. Spark keeps them in the reading thread's state; here a
// row read by a file scan (read_files) carries its file in the scan's hidden `_metadata` column,
// and the functions read its file_path (a file: URI, as Spark's), file_block_start and
// file_block_length. Where the FROM reads no file (or an outer join's row has none) they give
// Spark's "" and -1; a FROM that reads two file scans is MULTI_SOURCES_UNSUPPORTED_FOR_EXPRESSION.
// Unlike Spark, a file scan under a subquery or a view is not seen through its projection: the
// functions then give "" and -1 (select `_metadata.file_path` in the subquery instead).
#pragma once

#include <string_view>

#include "planner/binder/bind_context.hpp"
#include "planner/expression/bound_expression.hpp"

namespace sluice {

//! The expression of input file function `name` called with `argument_count` arguments over
//! `scope`, or null when `name` is no such function. Arguments: WRONG_NUM_ARGS, as Spark.
BoundExpressionPtr bindInputFileFunction(std::string_view name, size_t argument_count,
                                         const Scope& scope);

}  // namespace sluice
