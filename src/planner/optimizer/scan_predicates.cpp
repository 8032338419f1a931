// src/planner/optimizer/scan_predicates.cpp
//
// Lowers the conditions of a filter right above a Parquet or Delta scan into ScanPredicates:
// `column op constant` (either way round) and IS [NOT] NULL on a top-level column of an
// atomic type, the constant of exactly the column's type. The filter stays: skipping only
// drops files and row groups that cannot hold a matching row.
#include "planner/expression/expression_rewriting.hpp"
#include "planner/optimizer/optimizer_rules.hpp"

namespace sluice {

namespace {

using Op = ScanPredicate::Op;

std::optional<Op> comparisonOp(const std::string& name, bool flipped) {
  if (name == "=" || name == "<=>")
    return Op::kEqual;
  if (name == "<")
    return flipped ? Op::kGreater : Op::kLess;
  if (name == "<=")
    return flipped ? Op::kGreaterOrEqual : Op::kLessOrEqual;
  if (name == ">")
    return flipped ? Op::kLess : Op::kGreater;
  if (name == ">=")
    return flipped ? Op::kLessOrEqual : Op::kGreaterOrEqual;
  return std::nullopt;
}

//! A column whose file statistics order its values as the query does: not nested, and no
//! string of a collation other than UTF8_BINARY (statistics hold byte order).
bool isScanColumn(const BoundExpression& expr) {
  return expr.kind == BoundExpressionKind::kColumn && !expr.type.isNested() &&
         !expr.type.isCollatedString();
}

std::optional<ScanPredicate> lower(const BoundExpression& condition, const LogicalOperator& scan) {
  if (condition.kind != BoundExpressionKind::kCall)
    return std::nullopt;
  const std::string& name = condition.function.name;
  const auto& arguments = condition.children;
  if (arguments.size() == 1 && isScanColumn(*arguments[0])) {
    const std::string& column = scan.column_names[arguments[0]->column_index];
    if (name == "isnull")
      return ScanPredicate::isNull(column);
    if (name == "isnotnull")
      return ScanPredicate::isNotNull(column);
    return std::nullopt;
  }
  if (arguments.size() != 2)
    return std::nullopt;
  bool flipped = arguments[0]->kind == BoundExpressionKind::kConstant;
  const BoundExpression& column = *arguments[flipped ? 1 : 0];
  const BoundExpression& constant = *arguments[flipped ? 0 : 1];
  if (!isScanColumn(column) || constant.kind != BoundExpressionKind::kConstant)
    return std::nullopt;
  if (!(constant.type == column.type))
    return std::nullopt;
  // `column <=> NULL` is IS NULL; `column = NULL` is never true, which the scan also knows.
  if (name == "<=>" && constant.constant.isNull()) {
    return ScanPredicate::isNull(scan.column_names[column.column_index]);
  }
  std::optional<Op> op = comparisonOp(name, flipped);
  if (!op)
    return std::nullopt;
  return ScanPredicate::compare(scan.column_names[column.column_index], *op, constant.constant);
}

bool skipsWithStatistics(const LogicalOperator& scan) {
  return scan.kind == LogicalOperatorKind::kScan && scan.source->skipsByPredicates();
}

}  // namespace

void pushPredicatesIntoScans(LogicalOperator& plan) {
  for (LogicalOperatorPtr& child : plan.children)
    pushPredicatesIntoScans(*child);
  if (plan.kind != LogicalOperatorKind::kFilter)
    return;
  LogicalOperator& scan = *plan.children[0];
  if (!skipsWithStatistics(scan))
    return;
  std::vector<BoundExpressionPtr> conjuncts = splitConjuncts(std::move(plan.expressions[0]));
  for (const BoundExpressionPtr& conjunct : conjuncts) {
    if (std::optional<ScanPredicate> predicate = lower(*conjunct, scan)) {
      scan.pushdown.predicates.push_back(std::move(*predicate));
    }
  }
  plan.expressions[0] = combineConjuncts(std::move(conjuncts));
}

}  // namespace sluice
