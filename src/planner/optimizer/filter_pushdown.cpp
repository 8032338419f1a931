// src/planner/optimizer/filter_pushdown.cpp
//
// Filter pushdown, as Spark's PushDownPredicates: a filter's conditions move below the
// operators they commute with (projections, sorts, grouping keys, the sides of joins, the
// children of a union, the input columns of a generator), so that fewer rows flow through the plan
// and the conditions end up right above the scans, where pushPredicatesIntoScans hands them on.
// Conditions that cannot move stay in a filter above the operator that stops them.
#include "planner/expression/expression_rewriting.hpp"
#include "planner/logical/logical_join.hpp"
#include "planner/optimizer/optimizer_rules.hpp"

namespace sluice {

namespace {

LogicalOperatorPtr makeFilter(LogicalOperatorPtr child, std::vector<BoundExpressionPtr> conjuncts) {
  auto filter = std::make_unique<LogicalOperator>();
  filter->kind = LogicalOperatorKind::kFilter;
  filter->column_names = child->column_names;
  filter->column_types = child->column_types;
  filter->location = child->location;
  filter->expressions.push_back(combineConjuncts(std::move(conjuncts)));
  filter->children.push_back(std::move(child));
  return filter;
}

//! Puts `conjuncts` (over `plan`'s output) as far down into `plan` as they go and returns the
//! rewritten plan. Every conjunct is deterministic.
LogicalOperatorPtr pushInto(LogicalOperatorPtr plan, std::vector<BoundExpressionPtr> conjuncts);

//! Continues below `plan`'s children, then puts what is left in a filter above `plan`.
LogicalOperatorPtr stopAt(LogicalOperatorPtr plan, std::vector<BoundExpressionPtr> conjuncts) {
  for (LogicalOperatorPtr& child : plan->children)
    child = pushInto(std::move(child), {});
  if (conjuncts.empty())
    return plan;
  return makeFilter(std::move(plan), std::move(conjuncts));
}

LogicalOperatorPtr pushIntoFilter(LogicalOperatorPtr filter,
                                  std::vector<BoundExpressionPtr> conjuncts) {
  std::vector<BoundExpressionPtr> own = splitConjuncts(std::move(filter->expressions[0]));
  bool deterministic = true;
  for (const BoundExpressionPtr& conjunct : own)
    deterministic &= isDeterministic(*conjunct);
  if (!deterministic) {
    // rand() < 0.5 must see exactly the rows it saw before: nothing moves below it.
    filter->expressions[0] = combineConjuncts(std::move(own));
    return stopAt(std::move(filter), std::move(conjuncts));
  }
  // The filter's own conditions come first, as they were evaluated first.
  for (BoundExpressionPtr& conjunct : conjuncts)
    own.push_back(std::move(conjunct));
  return pushInto(std::move(filter->children[0]), std::move(own));
}

LogicalOperatorPtr pushIntoProject(LogicalOperatorPtr project,
                                   std::vector<BoundExpressionPtr> conjuncts) {
  // As in Spark, nothing moves below a projection that computes rand() or
  // monotonically_increasing_id(): they must see the rows they saw before, in their partition.
  bool deterministic = true;
  for (const BoundExpressionPtr& expression : project->expressions)
    deterministic &= isDeterministic(*expression);
  std::vector<BoundExpressionPtr> below;
  std::vector<BoundExpressionPtr> above;
  for (BoundExpressionPtr& conjunct : conjuncts) {
    if (deterministic) {
      below.push_back(substituteColumns(*conjunct, project->expressions));
    } else {
      above.push_back(std::move(conjunct));
    }
  }
  project->children[0] = pushInto(std::move(project->children[0]), std::move(below));
  if (above.empty())
    return project;
  return makeFilter(std::move(project), std::move(above));
}

LogicalOperatorPtr pushIntoAggregate(LogicalOperatorPtr aggregate,
                                     std::vector<BoundExpressionPtr> conjuncts) {
  // The output is the grouping keys, then the aggregates. A condition on keys alone keeps or
  // drops whole groups, so it may as well drop their rows first. Without keys there is one
  // group even over no rows, and `HAVING false` must still remove it: nothing moves. Nor does
  // anything when a key or an aggregate's input computes rand(), as in Spark: it must see the
  // rows it saw before.
  size_t keys = aggregate->expressions.size();
  bool deterministic = true;
  for (const BoundExpressionPtr& key : aggregate->expressions)
    deterministic &= isDeterministic(*key);
  for (const BoundAggregate& call : aggregate->aggregates) {
    for (const BoundExpressionPtr& argument : call.arguments)
      deterministic &= isDeterministic(*argument);
    if (call.filter)
      deterministic &= isDeterministic(*call.filter);
  }
  std::vector<BoundExpressionPtr> below;
  std::vector<BoundExpressionPtr> above;
  for (BoundExpressionPtr& conjunct : conjuncts) {
    bool movable = deterministic && keys > 0 &&
                   readsOnly(*conjunct, [&](idx_t column) { return column < keys; });
    if (movable) {
      below.push_back(substituteColumns(*conjunct, aggregate->expressions));
    } else {
      above.push_back(std::move(conjunct));
    }
  }
  aggregate->children[0] = pushInto(std::move(aggregate->children[0]), std::move(below));
  if (above.empty())
    return aggregate;
  return makeFilter(std::move(aggregate), std::move(above));
}

//! Moves the conjuncts of `join`'s own condition that read one side only into `left` or
//! `right` (over that side's columns), as Spark's PushPredicateThroughJoin does with join
//! conditions: any side of an inner join; the side whose rows an outer join may drop (the right
//! of LEFT, the left of RIGHT); the right side of SEMI and ANTI, and the left of SEMI, whose
//! unmatched rows go either way. A condition on the preserved side decides only whether a row
//! finds a partner, so it stays; so do MARK's, whose NULL outcomes make the mark NULL.
void takeOneSidedConditions(LogicalOperator& join, std::vector<BoundExpressionPtr>& left,
                            std::vector<BoundExpressionPtr>& right) {
  LogicalJoin& spec = *join.join;
  if (!spec.residual || spec.single_row || spec.null_aware)
    return;
  LogicalJoinType type = spec.type;
  bool to_left = type == LogicalJoinType::kInner || type == LogicalJoinType::kRight ||
                 type == LogicalJoinType::kSemi;
  bool to_right = type == LogicalJoinType::kInner || type == LogicalJoinType::kLeft ||
                  type == LogicalJoinType::kSemi || type == LogicalJoinType::kAnti;
  idx_t left_width = join.children[0]->column_names.size();
  std::vector<BoundExpressionPtr> kept;
  for (BoundExpressionPtr& conjunct : splitConjuncts(std::move(spec.residual))) {
    auto [low, high] = columnRange(*conjunct);
    bool movable = low <= high && isDeterministic(*conjunct);
    if (movable && to_left && high < left_width) {
      left.push_back(std::move(conjunct));
    } else if (movable && to_right && low >= left_width) {
      shiftColumns(*conjunct, -static_cast<int64_t>(left_width));
      right.push_back(std::move(conjunct));
    } else {
      kept.push_back(std::move(conjunct));
    }
  }
  spec.residual = kept.empty() ? nullptr : combineConjuncts(std::move(kept));
}

LogicalOperatorPtr pushIntoJoin(LogicalOperatorPtr join,
                                std::vector<BoundExpressionPtr> conjuncts) {
  // A condition on one side's columns filters that side first, where the join type lets it:
  // the preserved side of an outer join keeps every row, so only conditions on it move; an
  // inner join also takes conditions on both sides into its own condition (as equi keys where
  // they are).
  LogicalJoinType type = join->join->type;
  idx_t left_width = join->children[0]->column_names.size();
  bool to_left = type == LogicalJoinType::kInner || type == LogicalJoinType::kLeft ||
                 type == LogicalJoinType::kSemi || type == LogicalJoinType::kAnti ||
                 type == LogicalJoinType::kMark;
  bool to_right = type == LogicalJoinType::kInner || type == LogicalJoinType::kRight;
  std::vector<BoundExpressionPtr> left;
  std::vector<BoundExpressionPtr> right;
  std::vector<BoundExpressionPtr> above;
  for (BoundExpressionPtr& conjunct : conjuncts) {
    auto [low, high] = columnRange(*conjunct);
    bool reads_columns = low <= high;
    if (to_left && reads_columns && high < left_width) {
      left.push_back(std::move(conjunct));
    } else if (to_right && reads_columns && low >= left_width) {
      shiftColumns(*conjunct, -static_cast<int64_t>(left_width));
      right.push_back(std::move(conjunct));
    } else if (type == LogicalJoinType::kInner && reads_columns) {
      addJoinCondition(std::move(conjunct), left_width, *join->join);
    } else {
      above.push_back(std::move(conjunct));
    }
  }
  takeOneSidedConditions(*join, left, right);
  join->children[0] = pushInto(std::move(join->children[0]), std::move(left));
  join->children[1] = pushInto(std::move(join->children[1]), std::move(right));
  if (above.empty())
    return join;
  return makeFilter(std::move(join), std::move(above));
}

LogicalOperatorPtr pushIntoGenerate(LogicalOperatorPtr generate,
                                    std::vector<BoundExpressionPtr> conjuncts) {
  // The input columns pass through unchanged, so a condition on them alone may drop input
  // rows before they are expanded; one on a generated column has to wait for it.
  idx_t width = generate->children[0]->column_names.size();
  std::vector<BoundExpressionPtr> below;
  std::vector<BoundExpressionPtr> above;
  for (BoundExpressionPtr& conjunct : conjuncts) {
    if (readsOnly(*conjunct, [&](idx_t column) { return column < width; })) {
      below.push_back(std::move(conjunct));
    } else {
      above.push_back(std::move(conjunct));
    }
  }
  generate->children[0] = pushInto(std::move(generate->children[0]), std::move(below));
  if (above.empty())
    return generate;
  return makeFilter(std::move(generate), std::move(above));
}

LogicalOperatorPtr pushInto(LogicalOperatorPtr plan, std::vector<BoundExpressionPtr> conjuncts) {
  switch (plan->kind) {
    case LogicalOperatorKind::kFilter:
      return pushIntoFilter(std::move(plan), std::move(conjuncts));
    case LogicalOperatorKind::kProject:
      return pushIntoProject(std::move(plan), std::move(conjuncts));
    case LogicalOperatorKind::kSort:
      // Filtering commutes with ordering, and sorting fewer rows is cheaper.
      plan->children[0] = pushInto(std::move(plan->children[0]), std::move(conjuncts));
      return plan;
    case LogicalOperatorKind::kAggregate:
      return pushIntoAggregate(std::move(plan), std::move(conjuncts));
    case LogicalOperatorKind::kJoin:
      return pushIntoJoin(std::move(plan), std::move(conjuncts));
    case LogicalOperatorKind::kGenerate:
      return pushIntoGenerate(std::move(plan), std::move(conjuncts));
    case LogicalOperatorKind::kUnion:
      // Each child gets its own copy of the conditions.
      for (LogicalOperatorPtr& child : plan->children) {
        std::vector<BoundExpressionPtr> copies;
        for (const BoundExpressionPtr& conjunct : conjuncts)
          copies.push_back(copyExpression(*conjunct));
        child = pushInto(std::move(child), std::move(copies));
      }
      return plan;
    default:
      // LIMIT changes which rows there are; scans and other operators keep the filter above.
      return stopAt(std::move(plan), std::move(conjuncts));
  }
}

}  // namespace

LogicalOperatorPtr pushDownFilters(LogicalOperatorPtr plan) {
  return pushInto(std::move(plan), {});
}

}  // namespace sluice
