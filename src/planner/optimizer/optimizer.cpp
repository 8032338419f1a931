// src/planner/optimizer/optimizer.cpp
#include "planner/optimizer/optimizer.hpp"

#include "planner/optimizer/optimizer_rules.hpp"

namespace sluice {

LogicalOperatorPtr optimize(LogicalOperatorPtr plan, const OptimizerContext& context) {
  // Folding first makes literals of casts like DATE '2024-01-01' plain constants, which the
  // scan predicates need; predicates go into scans once filters sit right above them.
  planSubqueries(plan);
  foldConstants(*plan, context);
  removeIdentityProjections(*plan);
  simplifyPredicates(plan);
  plan = pushDownFilters(std::move(plan));
  pushPredicatesIntoScans(*plan);
  reorderJoins(plan);
  chooseJoinBuildSides(plan);
  useTopN(plan);
  pushLimitsIntoRecursions(*plan);
  pruneColumns(*plan);
  return plan;
}

}  // namespace sluice
