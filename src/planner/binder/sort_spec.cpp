// src/planner/binder/sort_spec.cpp
#include "planner/binder/sort_spec.hpp"

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/types/type_contents.hpp"
#include "function/scalar/argument_types.hpp"
#include "planner/binder/expression_binder.hpp"

namespace sluice {

SortSpec bindSortSpec(const sql::SortItem& item, idx_t column, const DataType& type,
                      const sql::Statement& statement) {
  if (!isOrderableType(type)) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "INVALID_ORDERING_TYPE",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: The `sortorder` does "
                            "not support ordering on type \"{}\".",
                            ExpressionBinder::autoName(*item.expr), type.sql()))
        .withLocation(statement.locate(item.expr->position));
  }
  if (containsIndeterminateCollation(type)) {
    throw indeterminateCollationIn(ExpressionBinder::autoName(*item.expr), /*found_running=*/true)
        .withLocation(statement.locate(item.expr->position));
  }
  SortSpec spec;
  spec.column = column;
  spec.ascending = item.direction != sql::SortDirection::kDescending;
  spec.nulls_first = item.null_ordering == sql::NullOrdering::kDefault
                         ? spec.ascending
                         : item.null_ordering == sql::NullOrdering::kNullsFirst;
  return spec;
}

}  // namespace sluice
