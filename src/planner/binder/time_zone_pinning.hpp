// src/planner/binder/time_zone_pinning.hpp
//
// Spark resolves the session time zone of each expression where the expression is analyzed.
// A pipeline's view is bound inside the flows that read it, which may run under another file's
// SET TIME ZONE; pinning gives the view's calls and casts the zone of its own statement, so
// that it computes the same values wherever it is read.
#pragma once

#include "planner/logical/logical_operator.hpp"

namespace sluice {

//! Gives every call and cast in `plan` (its operators' expressions, its expectations' conditions
//! and the plans of its subqueries) that has no time zone of its own the zone `zone`.
void pinTimeZone(LogicalOperator& plan, const TimeZone* zone);

}  // namespace sluice
