// src/planner/binder/recursive_cte_binder.hpp
//
// WITH RECURSIVE, as Spark 4.1 binds it. A CTE of such a WITH sees itself. When its query reads
// itself, the query must be `anchor UNION ALL step` (INVALID_RECURSIVE_CTE otherwise, and
// UNION_NOT_SUPPORTED_IN_RECURSIVE_CTE for UNION): the anchor may not read the CTE, which has no
// columns there, and the step reads it as a kWorkingTableScan, the rows of the previous step,
// with the anchor's columns; the step's columns are cast to the anchor's. The step may read the
// CTE in several places, inside subquery expressions too, but not where its rows would depend
// on more than the previous step's (INVALID_RECURSIVE_REFERENCE.PLACE): below an aggregate, on
// the right of a LEFT, SEMI or ANTI join, on the left of a RIGHT join, on either side of a FULL
// join. A CTE of WITH RECURSIVE that does not read itself is bound as any CTE.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/error/error.hpp"
#include "common/types/data_type.hpp"

namespace sluice {

struct LogicalOperator;

//! What a recursive CTE's query reads where it names the CTE itself, while it is bound.
struct SelfReference {
  enum class Place : uint8_t {
    kAnchor,   // in the anchor, where the CTE has no columns yet
    kStep,     // in the step: the working table
    kRefused,  // in a query that is not `anchor UNION ALL step`: `refusal`
  };
  Place place = Place::kRefused;
  ErrorClass refusal = ErrorClass::INVALID_RECURSIVE_CTE;
  //! kStep: the recursion's id and the working table's columns (the anchor's).
  uint64_t recursion_id = 0;
  std::vector<std::string> column_names;
  std::vector<DataType> column_types;
  bool read_by_anchor = false;
  bool read_by_step = false;
};

//! Raises INVALID_RECURSIVE_REFERENCE.PLACE when `step` reads the working table of recursion
//! `recursion_id` where its rows would depend on more than the previous step's.
void checkSelfReferencePlaces(const LogicalOperator& step, uint64_t recursion_id);

}  // namespace sluice
