#include "planner/binder/join_binder.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/error/error.hpp"
#include "planner/binder/expression_binder.hpp"

namespace sluice {

namespace {

LogicalJoinType logicalJoinType(sql::JoinType type) {
  switch (type) {
    case sql::JoinType::kInner:
    case sql::JoinType::kCross:
      return LogicalJoinType::kInner;
    case sql::JoinType::kLeft:
      return LogicalJoinType::kLeft;
    case sql::JoinType::kRight:
      return LogicalJoinType::kRight;
    case sql::JoinType::kFull:
      return LogicalJoinType::kFull;
    case sql::JoinType::kLeftSemi:
      return LogicalJoinType::kSemi;
    case sql::JoinType::kLeftAnti:
      return LogicalJoinType::kAnti;
  }
  return LogicalJoinType::kInner;
}

//! Columns a USING or NATURAL join can name: neither hidden nor reachable by qualifier only.
bool isPlainColumn(const ScopeColumn& column) {
  return !column.hidden && !column.qualified_only;
}

std::string quotedIdentifier(const std::string& name) {
  return fmt::format("`{}`", name);
}

//! Rewrites the columns of an expression bound over a two-column scope: 0 reads `left_at`,
//! 1 reads `right_at`.
void remapPair(BoundExpression& expr, idx_t left_at, idx_t right_at) {
  if (expr.kind == BoundExpressionKind::kColumn)
    expr.column_index = expr.column_index == 0 ? left_at : right_at;
  for (auto& child : expr.children)
    remapPair(*child, left_at, right_at);
}

//! Adds `conjunct` to the lowest inner join at or under `join` that sees every column it reads.
void pushConjunct(LogicalOperator& join, BoundExpressionPtr conjunct) {
  idx_t left_width = join.children[0]->column_names.size();
  auto [low, high] = columnRange(*conjunct);
  bool reads = low <= high;
  auto isInnerJoin = [](const LogicalOperator& op) {
    return op.kind == LogicalOperatorKind::kJoin && op.join->type == LogicalJoinType::kInner;
  };
  if (reads && high < left_width && isInnerJoin(*join.children[0])) {
    pushConjunct(*join.children[0], std::move(conjunct));
    return;
  }
  if (reads && low >= left_width && isInnerJoin(*join.children[1])) {
    shiftColumns(*conjunct, -static_cast<int64_t>(left_width));
    pushConjunct(*join.children[1], std::move(conjunct));
    return;
  }
  addJoinCondition(std::move(conjunct), left_width, *join.join);
}

}  // namespace

bool isLateralRef(const sql::TableRef& ref) {
  return (ref.kind() == sql::TableRefKind::kSubquery && ref.as<sql::SubqueryRef>().lateral) ||
         (ref.kind() == sql::TableRefKind::kFunction && ref.as<sql::TableFunctionRef>().lateral);
}

BoundExpressionPtr JoinBinder::bindCondition(const sql::Expr& condition, const BindContext& context,
                                             const sql::Statement& statement, const Scope& scope) {
  ExpressionBinder binder(context, statement, scope);
  BoundExpressionPtr bound = binder.bind(condition);
  if (bound->type.isVoid())
    return ExpressionBinder::castTo(std::move(bound), DataType::boolean());
  if (bound->type.id() != TypeId::kBoolean) {
    std::string text = ExpressionBinder::autoName(condition);
    throw Error(ErrorClass::JOIN_CONDITION_IS_NOT_BOOLEAN_TYPE,
                fmt::format("The join condition \"{}\" has the invalid type \"{}\", expected "
                            "\"BOOLEAN\".",
                            text, bound->type.sql()))
        .withLocation(statement.locate(condition.position));
  }
  return bound;
}

LogicalOperatorPtr JoinBinder::bindSide(const sql::TableRef& ref, Scope& scope) {
  return bind_relation_(ref, scope);
}

LogicalOperatorPtr JoinBinder::makeJoin(LogicalJoinType type, LogicalOperatorPtr left,
                                        LogicalOperatorPtr right, BoundExpressionPtr condition) {
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
  }
  addJoinCondition(std::move(condition), left->column_names.size(), *op->join);
  op->children.push_back(std::move(left));
  op->children.push_back(std::move(right));
  return op;
}

LogicalOperatorPtr JoinBinder::bindJoin(const sql::JoinRef& join, Scope& scope) {
  Scope left_scope;
  Scope right_scope;
  LogicalOperatorPtr left = bindSide(*join.left, left_scope);
  if (isLateralRef(*join.right)) {
    LogicalOperatorPtr plan =
        bind_lateral_(std::move(left), left_scope, *join.right,
                      join.join_type == sql::JoinType::kLeft, join.condition.get());
    scope = std::move(left_scope);
    return plan;
  }
  LogicalOperatorPtr right = bindSide(*join.right, right_scope);
  LogicalJoinType type = logicalJoinType(join.join_type);

  std::vector<std::string> using_columns = join.using_columns;
  if (join.natural) {
    for (const ScopeColumn& column : left_scope) {
      if (!isPlainColumn(column))
        continue;
      bool in_right = false;
      for (const ScopeColumn& other : right_scope)
        in_right = in_right || (isPlainColumn(other) && sameIdentifier(other.name, column.name));
      bool seen = false;
      for (const std::string& name : using_columns)
        seen = seen || sameIdentifier(name, column.name);
      if (in_right && !seen)
        using_columns.push_back(column.name);
    }
  }
  if (!using_columns.empty()) {
    return bindUsing(join, type, using_columns, std::move(left), std::move(left_scope),
                     std::move(right), std::move(right_scope), scope);
  }

  Scope combined = left_scope;
  combined.insert(combined.end(), right_scope.begin(), right_scope.end());
  BoundExpressionPtr condition;
  if (join.condition)
    condition = bindCondition(*join.condition, context_, statement_, combined);
  LogicalOperatorPtr plan = makeJoin(type, std::move(left), std::move(right), std::move(condition));
  scope = plan->join->keepsRightColumns() ? std::move(combined) : std::move(left_scope);
  return plan;
}

BoundExpressionPtr JoinBinder::bindPair(
    const ScopeColumn& left, const ScopeColumn& right, idx_t left_at, idx_t right_at,
    sql::SourcePosition position,
    const std::function<sql::ExprPtr(sql::ExprPtr, sql::ExprPtr)>& build) {
  // The sides' qualifiers name the operands in messages, unless they cannot tell them apart.
  bool distinct = !left.qualifier.empty() && !right.qualifier.empty() &&
                  !sameIdentifier(left.qualifier, right.qualifier);
  std::string left_qualifier = distinct ? left.qualifier : "left";
  std::string right_qualifier = distinct ? right.qualifier : "right";
  Scope pair_scope{ScopeColumn{left_qualifier, left.name, left.type},
                   ScopeColumn{right_qualifier, right.name, right.type}};
  auto reference = [&](const std::string& qualifier, const std::string& name) {
    auto ref = std::make_unique<sql::ColumnRefExpr>(position);
    ref->name = {qualifier, name};
    return ref;
  };
  sql::ExprPtr expr =
      build(reference(left_qualifier, left.name), reference(right_qualifier, right.name));
  ExpressionBinder binder(context_, statement_, pair_scope);
  BoundExpressionPtr bound = binder.bind(*expr);
  remapPair(*bound, left_at, right_at);
  return bound;
}

LogicalOperatorPtr JoinBinder::bindUsing(const sql::JoinRef& join, LogicalJoinType type,
                                         const std::vector<std::string>& columns,
                                         LogicalOperatorPtr left, Scope left_scope,
                                         LogicalOperatorPtr right, Scope right_scope,
                                         Scope& scope) {
  auto find = [&](const Scope& side_scope, const std::string& name, std::string_view side) {
    for (idx_t index = 0; index < side_scope.size(); ++index) {
      if (isPlainColumn(side_scope[index]) && sameIdentifier(side_scope[index].name, name))
        return index;
    }
    std::vector<std::string> names;
    for (const ScopeColumn& column : side_scope) {
      if (isPlainColumn(column))
        names.push_back(quotedIdentifier(column.name));
    }
    throw Error(ErrorClass::UNRESOLVED_USING_COLUMN_FOR_JOIN,
                fmt::format("USING column {} cannot be resolved on the {} side of the join. The "
                            "{}-side columns: [{}].",
                            quotedIdentifier(name), side, side, fmt::join(names, ", ")))
        .withLocation(statement_.locate(join.position));
  };
  std::vector<idx_t> left_keys;
  std::vector<idx_t> right_keys;
  for (const std::string& name : columns) {
    left_keys.push_back(find(left_scope, name, "left"));
    right_keys.push_back(find(right_scope, name, "right"));
  }
  idx_t left_width = left_scope.size();
  auto equal = [&](sql::ExprPtr l, sql::ExprPtr r) -> sql::ExprPtr {
    auto expr = std::make_unique<sql::BinaryExpr>(join.position);
    expr->op = sql::BinaryOp::kEqual;
    expr->left = std::move(l);
    expr->right = std::move(r);
    return expr;
  };
  auto coalesce = [&](sql::ExprPtr l, sql::ExprPtr r) -> sql::ExprPtr {
    auto expr = std::make_unique<sql::FunctionCallExpr>(join.position);
    expr->name = {"coalesce"};
    expr->args.push_back(std::move(l));
    expr->args.push_back(std::move(r));
    return expr;
  };
  std::vector<BoundExpressionPtr> equalities;
  for (size_t i = 0; i < left_keys.size(); ++i) {
    equalities.push_back(bindPair(left_scope[left_keys[i]], right_scope[right_keys[i]],
                                  left_keys[i], left_width + right_keys[i], join.position, equal));
  }
  LogicalOperatorPtr joined =
      makeJoin(type, std::move(left), std::move(right), combineConjuncts(std::move(equalities)));

  auto project = std::make_unique<LogicalOperator>();
  project->kind = LogicalOperatorKind::kProject;
  scope.clear();
  auto add = [&](BoundExpressionPtr expr, ScopeColumn column) {
    project->column_names.push_back(column.name);
    project->column_types.push_back(expr->type);
    column.type = expr->type;
    project->expressions.push_back(std::move(expr));
    scope.push_back(std::move(column));
  };
  auto leftColumn = [&](idx_t index) {
    return BoundExpression::makeColumn(index, left_scope[index].type);
  };
  auto rightColumn = [&](idx_t index) {
    return BoundExpression::makeColumn(left_width + index, right_scope[index].type);
  };
  auto isKey = [](const std::vector<idx_t>& keys, idx_t index) {
    return std::find(keys.begin(), keys.end(), index) != keys.end();
  };
  // The join columns, once: the left side's, the right side's for RIGHT, both coalesced for FULL.
  for (size_t i = 0; i < left_keys.size(); ++i) {
    idx_t l = left_keys[i];
    idx_t r = right_keys[i];
    if (type == LogicalJoinType::kRight) {
      add(rightColumn(r), right_scope[r]);
    } else if (type == LogicalJoinType::kFull) {
      add(bindPair(left_scope[l], right_scope[r], l, left_width + r, join.position, coalesce),
          ScopeColumn{"", left_scope[l].name, left_scope[l].type});
    } else {
      add(leftColumn(l), left_scope[l]);
    }
  }
  for (idx_t index = 0; index < left_scope.size(); ++index) {
    if (!isKey(left_keys, index))
      add(leftColumn(index), left_scope[index]);
  }
  if (!joined->join->keepsRightColumns()) {
    project->children.push_back(std::move(joined));
    return project;
  }
  for (idx_t index = 0; index < right_scope.size(); ++index) {
    if (!isKey(right_keys, index))
      add(rightColumn(index), right_scope[index]);
  }
  // Each side's own copy of a join column that is not the output one: t.k still names it.
  auto addQualifiedOnly = [&](BoundExpressionPtr expr, ScopeColumn column) {
    column.qualified_only = true;
    add(std::move(expr), std::move(column));
  };
  if (type != LogicalJoinType::kInner && type != LogicalJoinType::kLeft) {
    for (idx_t l : left_keys)
      addQualifiedOnly(leftColumn(l), left_scope[l]);
  }
  if (type != LogicalJoinType::kRight) {
    for (idx_t r : right_keys)
      addQualifiedOnly(rightColumn(r), right_scope[r]);
  }
  project->children.push_back(std::move(joined));
  return project;
}

LogicalOperatorPtr JoinBinder::bindFromList(const std::vector<sql::TableRefPtr>& from,
                                            Scope& scope) {
  LogicalOperatorPtr plan = bindSide(*from[0], scope);
  for (size_t i = 1; i < from.size(); ++i) {
    if (isLateralRef(*from[i])) {
      plan = bind_lateral_(std::move(plan), scope, *from[i], false, nullptr);
      continue;
    }
    Scope right_scope;
    LogicalOperatorPtr right = bindSide(*from[i], right_scope);
    plan = makeJoin(LogicalJoinType::kInner, std::move(plan), std::move(right), nullptr);
    scope.insert(scope.end(), right_scope.begin(), right_scope.end());
  }
  return plan;
}

LogicalOperatorPtr JoinBinder::pushFilterIntoJoins(LogicalOperatorPtr filter) {
  LogicalOperator& child = *filter->children[0];
  if (child.kind != LogicalOperatorKind::kJoin || child.join->type != LogicalJoinType::kInner)
    return filter;
  std::vector<BoundExpressionPtr> conjuncts;
  appendConjuncts(std::move(filter->expressions[0]), conjuncts);
  std::vector<BoundExpressionPtr> kept;
  for (auto& conjunct : conjuncts) {
    if (isDeterministic(*conjunct)) {
      pushConjunct(child, std::move(conjunct));
    } else {
      kept.push_back(std::move(conjunct));
    }
  }
  if (kept.empty())
    return std::move(filter->children[0]);
  filter->expressions[0] = combineConjuncts(std::move(kept));
  return filter;
}

}  // namespace sluice
