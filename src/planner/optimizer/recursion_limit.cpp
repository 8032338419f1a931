// src/planner/optimizer/recursion_limit.cpp
//
// A LIMIT over a recursive CTE (through projections, which keep one row per row) tells the
// recursion how many rows are wanted, so that it stops once it has made them, as Spark pushes
// the limit into its UnionLoop: WITH RECURSIVE r AS (... UNION ALL SELECT n + 1 FROM r)
// SELECT * FROM r LIMIT 10 ends instead of running into the recursion level limit. Below an
// ORDER BY, a filter or an aggregate every row is needed, and the recursion runs to its end.
#include "planner/optimizer/optimizer_rules.hpp"

namespace sluice {

void pushLimitsIntoRecursions(LogicalOperator& plan) {
  for (LogicalOperatorPtr& child : plan.children)
    pushLimitsIntoRecursions(*child);
  if (plan.kind != LogicalOperatorKind::kLimit || plan.limit < 0)
    return;
  LogicalOperator* below = plan.children[0].get();
  while (below->kind == LogicalOperatorKind::kProject)
    below = below->children[0].get();
  if (below->kind != LogicalOperatorKind::kRecursiveCte)
    return;
  int64_t wanted = plan.limit + plan.offset;
  if (below->limit < 0 || wanted < below->limit)
    below->limit = wanted;
}

}  // namespace sluice
