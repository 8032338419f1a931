// src/planner/optimizer/subquery_joins.cpp
//
// Plans subquery expressions as joins, as Spark's RewritePredicateSubquery and
// RewriteCorrelatedScalarSubquery do. A conjunct of a filter that is [NOT] EXISTS or [NOT] IN
// filters by a join: EXISTS and IN are a LEFT SEMI join, NOT EXISTS a LEFT ANTI join, NOT IN a
// null-aware ANTI join (with one key; with several, or with a correlation, an ANTI join whose
// condition also matches the pairs whose comparison is unknown, `c OR isnull(c)`). Elsewhere
// (a select list, under OR, in CASE) EXISTS and IN become a MARK join's BOOLEAN column, with
// IN's three-valued logic. A scalar subquery is a LEFT join with its one row (SINGLE ROW: more
// fails the query); a correlated one joins its aggregate, grouped by the correlation keys, and
// gives the aggregate's value over no rows where no group matched (count's 0, not NULL).
//
// The rule runs before every other, so that they all see plain joins.
#include <unordered_map>

#include "planner/binder/subquery_binder.hpp"
#include "planner/expression/bound_subquery.hpp"
#include "planner/optimizer/optimizer_rules.hpp"

namespace sluice {

namespace {

//! The column each subquery already planned below an operator gives (a node copied within one
//! expression list shares the subquery).
using PlannedColumns = std::unordered_map<const BoundSubquery*, BoundExpressionPtr>;

[[noreturn]] void notSupportedHere(const BoundSubquery& subquery) {
  Error error(ErrorClass::NOT_SUPPORTED,
              "A subquery expression in this part of a query is not supported yet.");
  if (subquery.location)
    error.withLocation(*subquery.location);
  throw error;
}

BoundSubquery* findSubquery(const BoundExpression& expr) {
  if (BoundSubquery* subquery = subqueryOf(expr))
    return subquery;
  for (const auto& child : expr.children) {
    if (BoundSubquery* found = findSubquery(*child))
      return found;
  }
  return nullptr;
}

void planSubqueriesIn(LogicalOperatorPtr& slot);

LogicalOperatorPtr takePlan(BoundSubquery& subquery) {
  if (!subquery.plan)
    notSupportedHere(subquery);
  LogicalOperatorPtr plan = std::move(subquery.plan);
  planSubqueriesIn(plan);
  return plan;
}

LogicalOperatorPtr makeJoin(LogicalJoinType type, LogicalOperatorPtr left,
                            LogicalOperatorPtr right) {
  auto op = std::make_unique<LogicalOperator>();
  op->kind = LogicalOperatorKind::kJoin;
  op->join = std::make_unique<LogicalJoin>();
  op->join->type = type;
  op->column_names = left->column_names;
  op->column_types = left->column_types;
  if (op->join->keepsRightColumns()) {
    op->column_names.insert(op->column_names.end(), right->column_names.begin(),
                            right->column_names.end());
    op->column_types.insert(op->column_types.end(), right->column_types.begin(),
                            right->column_types.end());
  } else if (type == LogicalJoinType::kMark) {
    op->column_names.push_back("exists");
    op->column_types.push_back(DataType::boolean());
  }
  op->children.push_back(std::move(left));
  op->children.push_back(std::move(right));
  return op;
}

//! `expr` (over the subquery's columns, then `node`'s children) over the columns of a join of
//! the node's input (`left_width` columns) with the subquery's plan.
BoundExpressionPtr materialize(const BoundExpression& expr, const BoundExpression& node,
                               idx_t left_width, const LogicalOperator& plan) {
  std::vector<BoundExpressionPtr> replacements;
  for (idx_t i = 0; i < plan.column_types.size(); ++i)
    replacements.push_back(BoundExpression::makeColumn(left_width + i, plan.column_types[i]));
  for (const auto& child : node.children)
    replacements.push_back(copyExpression(*child));
  return substituteColumns(expr, replacements);
}

std::vector<BoundExpressionPtr> inEqualities(const BoundExpression& node, idx_t left_width,
                                             const LogicalOperator& plan) {
  std::vector<BoundExpressionPtr> equalities;
  for (const auto& equality : subqueryOf(node)->in_equalities)
    equalities.push_back(materialize(*equality, node, left_width, plan));
  return equalities;
}

BoundExpressionPtr logic(BoundExpressionKind kind, BoundExpressionPtr left,
                         BoundExpressionPtr right) {
  auto node = std::make_unique<BoundExpression>();
  node->kind = kind;
  node->type = DataType::boolean();
  node->children.push_back(std::move(left));
  node->children.push_back(std::move(right));
  return node;
}

//! coalesce(condition, false): a MARK join takes a NULL residual for an unknown comparison.
BoundExpressionPtr falseWhenNull(BoundExpressionPtr condition) {
  auto holds = std::make_unique<BoundExpression>();
  holds->kind = BoundExpressionKind::kCoalesce;
  holds->type = DataType::boolean();
  holds->children.push_back(std::move(condition));
  holds->children.push_back(BoundExpression::makeConstant(Value::boolean(false)));
  return holds;
}

//! `c OR isnull(c)`: a pair whose comparison is unknown also counts as a match (NOT IN).
BoundExpressionPtr matchesOrUnknown(BoundExpressionPtr comparison) {
  std::vector<BoundExpressionPtr> arguments;
  arguments.push_back(copyExpression(*comparison));
  return logic(BoundExpressionKind::kOr, std::move(comparison),
               callBuiltin("isnull", std::move(arguments)));
}

//! Adds a single IN comparison as the join's one key with null-aware semantics, when it can be
//! a key (it compares a column of each side); returns false, leaving `join` as it was, if not.
bool addNullAwareKey(LogicalJoin& join, BoundExpressionPtr& equality, idx_t left_width) {
  LogicalJoin trial;
  addJoinCondition(copyExpression(*equality), left_width, trial);
  if (trial.keys.size() != 1 || trial.residual)
    return false;
  join.keys = std::move(trial.keys);
  join.null_aware = true;
  return true;
}

//! The semi or anti join that a conjunct [NOT] EXISTS / [NOT] IN of a filter over `input` is.
LogicalOperatorPtr filterJoin(const BoundExpression& node, bool negated, LogicalOperatorPtr input) {
  BoundSubquery& subquery = *subqueryOf(node);
  idx_t left_width = input->column_names.size();
  LogicalOperatorPtr plan = takePlan(subquery);
  BoundExpressionPtr correlation;
  if (subquery.correlation)
    correlation = materialize(*subquery.correlation, node, left_width, *plan);
  std::vector<BoundExpressionPtr> equalities;
  if (subquery.kind == BoundSubquery::Kind::kIn)
    equalities = inEqualities(node, left_width, *plan);
  LogicalOperatorPtr join = makeJoin(negated ? LogicalJoinType::kAnti : LogicalJoinType::kSemi,
                                     std::move(input), std::move(plan));
  LogicalJoin& spec = *join->join;
  if (subquery.kind == BoundSubquery::Kind::kIn) {
    if (!negated) {
      equalities.push_back(std::move(correlation));
      addJoinCondition(combineConjuncts(std::move(equalities)), left_width, spec);
      return join;
    }
    if (!correlation && equalities.size() == 1 &&
        addNullAwareKey(spec, equalities[0], left_width)) {
      return join;
    }
    std::vector<BoundExpressionPtr> conditions;
    conditions.push_back(std::move(correlation));
    conditions.push_back(matchesOrUnknown(combineConjuncts(std::move(equalities))));
    addJoinCondition(combineConjuncts(std::move(conditions)), left_width, spec);
    return join;
  }
  addJoinCondition(std::move(correlation), left_width, spec);
  return join;
}

//! Replaces the subqueries in `expr` (over `input`'s columns) by columns of joins put above
//! `input`; the columns `input` had keep their index.
BoundExpressionPtr replaceSubqueries(BoundExpressionPtr expr, LogicalOperatorPtr& input,
                                     PlannedColumns& planned) {
  for (auto& child : expr->children)
    child = replaceSubqueries(std::move(child), input, planned);
  if (subqueryOf(*expr) == nullptr)
    return expr;
  BoundSubquery& subquery = *subqueryOf(*expr);
  if (auto found = planned.find(&subquery); found != planned.end())
    return copyExpression(*found->second);
  idx_t left_width = input->column_names.size();
  LogicalOperatorPtr plan = takePlan(subquery);
  BoundExpressionPtr correlation;
  if (subquery.correlation)
    correlation = materialize(*subquery.correlation, *expr, left_width, *plan);
  std::vector<BoundExpressionPtr> equalities;
  if (subquery.kind == BoundSubquery::Kind::kIn)
    equalities = inEqualities(*expr, left_width, *plan);
  DataType value_type = plan->column_types[0];
  std::optional<idx_t> marker = subquery.marker;
  BoundExpressionPtr result;
  LogicalOperatorPtr join;
  switch (subquery.kind) {
    case BoundSubquery::Kind::kExists:
      join = makeJoin(LogicalJoinType::kMark, std::move(input), std::move(plan));
      addJoinCondition(std::move(correlation), left_width, *join->join);
      // EXISTS is never unknown: a NULL condition is no match.
      if (join->join->residual)
        join->join->residual = falseWhenNull(std::move(join->join->residual));
      result = BoundExpression::makeColumn(left_width, DataType::boolean());
      break;
    case BoundSubquery::Kind::kIn: {
      join = makeJoin(LogicalJoinType::kMark, std::move(input), std::move(plan));
      LogicalJoin& spec = *join->join;
      if (!correlation && equalities.size() == 1 &&
          addNullAwareKey(spec, equalities[0], left_width)) {
        result = BoundExpression::makeColumn(left_width, DataType::boolean());
        break;
      }
      // The correlation's equalities are keys; a pair whose other conditions hold is TRUE,
      // NULL or FALSE as its IN comparison is.
      addJoinCondition(std::move(correlation), left_width, spec);
      BoundExpressionPtr comparison = combineConjuncts(std::move(equalities));
      if (spec.residual) {
        comparison = logic(BoundExpressionKind::kAnd, falseWhenNull(std::move(spec.residual)),
                           std::move(comparison));
      }
      spec.residual = std::move(comparison);
      result = BoundExpression::makeColumn(left_width, DataType::boolean());
      break;
    }
    case BoundSubquery::Kind::kScalar: {
      join = makeJoin(LogicalJoinType::kLeft, std::move(input), std::move(plan));
      if (correlation) {
        addJoinCondition(std::move(correlation), left_width, *join->join);
      } else {
        join->join->single_row = true;
      }
      result = BoundExpression::makeColumn(left_width, value_type);
      const BoundExpressionPtr& empty = subquery.empty_value;
      bool empty_is_null = empty == nullptr || (empty->kind == BoundExpressionKind::kConstant &&
                                                empty->constant.isNull());
      if (subquery.having) {
        // A group that HAVING rejects gives no row: NULL.
        auto passing = std::make_unique<BoundExpression>();
        passing->kind = BoundExpressionKind::kCase;
        passing->type = value_type;
        passing->has_else = true;
        passing->children.push_back(
            BoundExpression::makeColumn(left_width + *subquery.having, DataType::boolean()));
        passing->children.push_back(std::move(result));
        passing->children.push_back(BoundExpression::makeConstant(Value::null(value_type)));
        result = std::move(passing);
      }
      if (marker && !empty_is_null) {
        // No group matched: the subquery's value over no rows.
        std::vector<BoundExpressionPtr> arguments;
        arguments.push_back(BoundExpression::makeColumn(left_width + *marker, DataType::boolean()));
        auto choice = std::make_unique<BoundExpression>();
        choice->kind = BoundExpressionKind::kCase;
        choice->type = value_type;
        choice->has_else = true;
        choice->children.push_back(callBuiltin("isnull", std::move(arguments)));
        choice->children.push_back(copyExpression(*empty));
        choice->children.push_back(std::move(result));
        result = std::move(choice);
      }
      break;
    }
  }
  input = std::move(join);
  planned.emplace(&subquery, copyExpression(*result));
  return result;
}

void planFilter(LogicalOperatorPtr& slot) {
  LogicalOperator& filter = *slot;
  idx_t width = filter.column_names.size();
  LogicalOperatorPtr input = std::move(filter.children[0]);
  PlannedColumns planned;
  std::vector<BoundExpressionPtr> rest;
  for (auto& conjunct : splitConjuncts(std::move(filter.expressions[0]))) {
    if (!containsSubquery(*conjunct)) {
      rest.push_back(std::move(conjunct));
      continue;
    }
    BoundExpression* node = conjunct.get();
    bool negated = false;
    if (node->kind == BoundExpressionKind::kCall && node->function.name == "not" &&
        node->children.size() == 1 && subqueryOf(*node->children[0]) != nullptr) {
      node = node->children[0].get();
      negated = true;
    }
    if (subqueryOf(*node) != nullptr && subqueryOf(*node)->kind != BoundSubquery::Kind::kScalar) {
      for (auto& child : node->children)
        child = replaceSubqueries(std::move(child), input, planned);
      input = filterJoin(*node, negated, std::move(input));
      continue;
    }
    rest.push_back(replaceSubqueries(std::move(conjunct), input, planned));
  }
  LogicalOperatorPtr result = std::move(input);
  if (!rest.empty()) {
    auto kept = std::make_unique<LogicalOperator>();
    kept->kind = LogicalOperatorKind::kFilter;
    kept->column_names = result->column_names;
    kept->column_types = result->column_types;
    kept->expressions.push_back(combineConjuncts(std::move(rest)));
    kept->children.push_back(std::move(result));
    result = std::move(kept);
  }
  if (result->column_names.size() > width) {
    // The columns of the mark and scalar joins were only for the condition.
    auto trim = std::make_unique<LogicalOperator>();
    trim->kind = LogicalOperatorKind::kProject;
    for (idx_t i = 0; i < width; ++i) {
      trim->expressions.push_back(BoundExpression::makeColumn(i, result->column_types[i]));
      trim->column_names.push_back(result->column_names[i]);
      trim->column_types.push_back(result->column_types[i]);
    }
    trim->children.push_back(std::move(result));
    result = std::move(trim);
  }
  slot = std::move(result);
}

void planSubqueriesIn(LogicalOperatorPtr& slot) {
  for (auto& child : slot->children)
    planSubqueriesIn(child);
  LogicalOperator& op = *slot;
  switch (op.kind) {
    case LogicalOperatorKind::kFilter:
      if (containsSubquery(*op.expressions[0]))
        planFilter(slot);
      return;
    case LogicalOperatorKind::kProject: {
      PlannedColumns planned;
      for (auto& expr : op.expressions) {
        if (containsSubquery(*expr))
          expr = replaceSubqueries(std::move(expr), op.children[0], planned);
      }
      return;
    }
    case LogicalOperatorKind::kAggregate: {
      // Grouping keys and arguments read the input, which the joins only widen.
      PlannedColumns planned;
      for (auto& expr : op.expressions) {
        if (containsSubquery(*expr))
          expr = replaceSubqueries(std::move(expr), op.children[0], planned);
      }
      for (BoundAggregate& aggregate : op.aggregates) {
        for (auto& argument : aggregate.arguments) {
          if (containsSubquery(*argument))
            argument = replaceSubqueries(std::move(argument), op.children[0], planned);
        }
        if (aggregate.filter && containsSubquery(*aggregate.filter))
          aggregate.filter =
              replaceSubqueries(std::move(aggregate.filter), op.children[0], planned);
      }
      return;
    }
    case LogicalOperatorKind::kJoin: {
      LogicalJoin& join = *op.join;
      if (!join.residual || !containsSubquery(*join.residual))
        break;
      if (join.type != LogicalJoinType::kInner)
        notSupportedHere(*findSubquery(*join.residual));
      // An inner join's condition may as well filter its output.
      std::vector<BoundExpressionPtr> kept;
      std::vector<BoundExpressionPtr> moved;
      for (auto& conjunct : splitConjuncts(std::move(join.residual)))
        (containsSubquery(*conjunct) ? moved : kept).push_back(std::move(conjunct));
      join.residual = combineConjuncts(std::move(kept));
      auto filter = std::make_unique<LogicalOperator>();
      filter->kind = LogicalOperatorKind::kFilter;
      filter->column_names = op.column_names;
      filter->column_types = op.column_types;
      filter->expressions.push_back(combineConjuncts(std::move(moved)));
      filter->children.push_back(std::move(slot));
      slot = std::move(filter);
      planFilter(slot);
      return;
    }
    default:
      break;
  }
  // Anywhere else a subquery cannot be planned yet.
  for (const auto& expr : op.expressions) {
    if (BoundSubquery* found = findSubquery(*expr))
      notSupportedHere(*found);
  }
  for (const BoundAggregate& aggregate : op.aggregates) {
    for (const auto& argument : aggregate.arguments) {
      if (BoundSubquery* found = findSubquery(*argument))
        notSupportedHere(*found);
    }
    if (aggregate.filter) {
      if (BoundSubquery* found = findSubquery(*aggregate.filter))
        notSupportedHere(*found);
    }
  }
  if (op.join) {
    for (const JoinKey& key : op.join->keys) {
      if (BoundSubquery* found = findSubquery(*key.left))
        notSupportedHere(*found);
    }
  }
}

}  // namespace

void planSubqueries(LogicalOperatorPtr& plan) {
  planSubqueriesIn(plan);
}

}  // namespace sluice
