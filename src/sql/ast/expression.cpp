// src/sql/ast/expression.cpp
//
// Structural equality and child traversal of expression nodes.
#include "sql/ast/expression.hpp"

#include "sql/ast/query.hpp"

namespace sluice::sql {

bool equalExprs(const Expr* left, const Expr* right) {
  if (left == nullptr || right == nullptr)
    return left == right;
  return left->equals(*right);
}

bool equalExprs(const ExprPtr& left, const ExprPtr& right) {
  return equalExprs(left.get(), right.get());
}

bool equalExprLists(const std::vector<ExprPtr>& left, const std::vector<ExprPtr>& right) {
  if (left.size() != right.size())
    return false;
  for (size_t i = 0; i < left.size(); ++i) {
    if (!equalExprs(left[i], right[i]))
      return false;
  }
  return true;
}

bool LiteralExpr::equals(const Expr& other) const {
  if (!other.is<LiteralExpr>())
    return false;
  const auto& o = other.as<LiteralExpr>();
  return literal_kind == o.literal_kind && text == o.text && interval == o.interval;
}

bool ColumnRefExpr::equals(const Expr& other) const {
  return other.is<ColumnRefExpr>() && name == other.as<ColumnRefExpr>().name;
}

bool StarExpr::equals(const Expr& other) const {
  if (!other.is<StarExpr>())
    return false;
  const auto& o = other.as<StarExpr>();
  return qualifier == o.qualifier && except_columns == o.except_columns;
}

bool ParameterExpr::equals(const Expr& other) const {
  return other.is<ParameterExpr>() && name == other.as<ParameterExpr>().name;
}

bool UnaryExpr::equals(const Expr& other) const {
  if (!other.is<UnaryExpr>())
    return false;
  const auto& o = other.as<UnaryExpr>();
  return op == o.op && equalExprs(operand, o.operand);
}

BinaryExpr::~BinaryExpr() {
  ExprPtr next = std::move(left);
  while (next && next->is<BinaryExpr>()) {
    // Detaching the left operand first leaves each node shallow when it is destroyed.
    ExprPtr deeper = std::move(next->as<BinaryExpr>().left);
    next = std::move(deeper);
  }
}

bool BinaryExpr::equals(const Expr& other) const {
  const Expr* mine = this;
  const Expr* theirs = &other;
  while (true) {
    if (!theirs->is<BinaryExpr>())
      return false;
    const auto& a = mine->as<BinaryExpr>();
    const auto& b = theirs->as<BinaryExpr>();
    if (a.op != b.op || !equalExprs(a.right, b.right))
      return false;
    if (a.left == nullptr || b.left == nullptr || !a.left->is<BinaryExpr>()) {
      return equalExprs(a.left, b.left);
    }
    mine = a.left.get();
    theirs = b.left.get();
  }
}

bool IsExpr::equals(const Expr& other) const {
  if (!other.is<IsExpr>())
    return false;
  const auto& o = other.as<IsExpr>();
  return test == o.test && negated == o.negated && equalExprs(operand, o.operand);
}

bool IsDistinctFromExpr::equals(const Expr& other) const {
  if (!other.is<IsDistinctFromExpr>())
    return false;
  const auto& o = other.as<IsDistinctFromExpr>();
  return negated == o.negated && equalExprs(left, o.left) && equalExprs(right, o.right);
}

bool BetweenExpr::equals(const Expr& other) const {
  if (!other.is<BetweenExpr>())
    return false;
  const auto& o = other.as<BetweenExpr>();
  return negated == o.negated && equalExprs(operand, o.operand) && equalExprs(low, o.low) &&
         equalExprs(high, o.high);
}

bool InListExpr::equals(const Expr& other) const {
  if (!other.is<InListExpr>())
    return false;
  const auto& o = other.as<InListExpr>();
  return negated == o.negated && equalExprs(operand, o.operand) && equalExprLists(values, o.values);
}

InSubqueryExpr::InSubqueryExpr(SourcePosition start) : Expr(kKind, start) {}
InSubqueryExpr::~InSubqueryExpr() = default;

bool InSubqueryExpr::equals(const Expr& other) const {
  if (!other.is<InSubqueryExpr>())
    return false;
  const auto& o = other.as<InSubqueryExpr>();
  return negated == o.negated && equalExprs(operand, o.operand) && equalQueries(query, o.query);
}

bool LikeExpr::equals(const Expr& other) const {
  if (!other.is<LikeExpr>())
    return false;
  const auto& o = other.as<LikeExpr>();
  return like_kind == o.like_kind && quantifier == o.quantifier && negated == o.negated &&
         equalExprs(operand, o.operand) && equalExprs(pattern, o.pattern) &&
         equalExprLists(patterns, o.patterns) && escape == o.escape;
}

ExistsExpr::ExistsExpr(SourcePosition start) : Expr(kKind, start) {}
ExistsExpr::~ExistsExpr() = default;

bool ExistsExpr::equals(const Expr& other) const {
  return other.is<ExistsExpr>() && equalQueries(query, other.as<ExistsExpr>().query);
}

ScalarSubqueryExpr::ScalarSubqueryExpr(SourcePosition start) : Expr(kKind, start) {}
ScalarSubqueryExpr::~ScalarSubqueryExpr() = default;

bool ScalarSubqueryExpr::equals(const Expr& other) const {
  return other.is<ScalarSubqueryExpr>() &&
         equalQueries(query, other.as<ScalarSubqueryExpr>().query);
}

bool CaseExpr::equals(const Expr& other) const {
  if (!other.is<CaseExpr>())
    return false;
  const auto& o = other.as<CaseExpr>();
  if (!equalExprs(operand, o.operand) || !equalExprs(else_result, o.else_result) ||
      whens.size() != o.whens.size()) {
    return false;
  }
  for (size_t i = 0; i < whens.size(); ++i) {
    if (!equalExprs(whens[i].condition, o.whens[i].condition) ||
        !equalExprs(whens[i].result, o.whens[i].result)) {
      return false;
    }
  }
  return true;
}

bool CastExpr::equals(const Expr& other) const {
  if (!other.is<CastExpr>())
    return false;
  const auto& o = other.as<CastExpr>();
  return syntax == o.syntax && type == o.type && equalExprs(operand, o.operand);
}

bool SortItem::equals(const SortItem& other) const {
  return direction == other.direction && null_ordering == other.null_ordering &&
         equalExprs(expr, other.expr);
}

bool equalSortItems(const std::vector<SortItem>& left, const std::vector<SortItem>& right) {
  if (left.size() != right.size())
    return false;
  for (size_t i = 0; i < left.size(); ++i) {
    if (!left[i].equals(right[i]))
      return false;
  }
  return true;
}

bool WindowFrameBound::equals(const WindowFrameBound& other) const {
  return kind == other.kind && equalExprs(offset, other.offset);
}

bool WindowFrame::equals(const WindowFrame& other) const {
  return unit == other.unit && start.equals(other.start) && end.equals(other.end);
}

bool WindowSpec::equals(const WindowSpec& other) const {
  if (reference != other.reference || !equalExprLists(partition_by, other.partition_by) ||
      !equalSortItems(order_by, other.order_by) || frame.has_value() != other.frame.has_value()) {
    return false;
  }
  return !frame || frame->equals(*other.frame);
}

bool FunctionCallExpr::equals(const Expr& other) const {
  if (!other.is<FunctionCallExpr>())
    return false;
  const auto& o = other.as<FunctionCallExpr>();
  if (name != o.name || syntax != o.syntax || distinct != o.distinct ||
      null_treatment != o.null_treatment || !equalExprLists(args, o.args) ||
      !equalSortItems(within_group, o.within_group) || !equalExprs(filter, o.filter) ||
      (over == nullptr) != (o.over == nullptr)) {
    return false;
  }
  return over == nullptr || over->equals(*o.over);
}

bool NamedArgumentExpr::equals(const Expr& other) const {
  if (!other.is<NamedArgumentExpr>())
    return false;
  const auto& o = other.as<NamedArgumentExpr>();
  return name == o.name && equalExprs(value, o.value);
}

bool LambdaExpr::equals(const Expr& other) const {
  if (!other.is<LambdaExpr>())
    return false;
  const auto& o = other.as<LambdaExpr>();
  return params == o.params && equalExprs(body, o.body);
}

bool FieldAccessExpr::equals(const Expr& other) const {
  if (!other.is<FieldAccessExpr>())
    return false;
  const auto& o = other.as<FieldAccessExpr>();
  return field == o.field && equalExprs(base, o.base);
}

bool SubscriptExpr::equals(const Expr& other) const {
  if (!other.is<SubscriptExpr>())
    return false;
  const auto& o = other.as<SubscriptExpr>();
  return equalExprs(base, o.base) && equalExprs(index, o.index);
}

bool JsonPathExpr::equals(const Expr& other) const {
  if (!other.is<JsonPathExpr>())
    return false;
  const auto& o = other.as<JsonPathExpr>();
  return steps == o.steps && equalExprs(base, o.base);
}

bool RowExpr::equals(const Expr& other) const {
  return other.is<RowExpr>() && equalExprLists(fields, other.as<RowExpr>().fields);
}

bool AliasExpr::equals(const Expr& other) const {
  if (!other.is<AliasExpr>())
    return false;
  const auto& o = other.as<AliasExpr>();
  return name == o.name && equalExprs(child, o.child);
}

namespace {

void visitIfPresent(const ExprPtr& expr, const std::function<void(const Expr&)>& visit) {
  if (expr)
    visit(*expr);
}

void visitAll(const std::vector<ExprPtr>& exprs, const std::function<void(const Expr&)>& visit) {
  for (const ExprPtr& expr : exprs)
    visitIfPresent(expr, visit);
}

void visitSortItems(const std::vector<SortItem>& items,
                    const std::function<void(const Expr&)>& visit) {
  for (const SortItem& item : items)
    visitIfPresent(item.expr, visit);
}

}  // namespace

void forEachChild(const Expr& expr, const std::function<void(const Expr&)>& visit) {
  switch (expr.kind()) {
    case ExprKind::kLiteral:
    case ExprKind::kColumnRef:
    case ExprKind::kStar:
    case ExprKind::kParameter:
    case ExprKind::kExists:
    case ExprKind::kScalarSubquery:
      return;
    case ExprKind::kUnary:
      visitIfPresent(expr.as<UnaryExpr>().operand, visit);
      return;
    case ExprKind::kBinary: {
      const auto& binary = expr.as<BinaryExpr>();
      visitIfPresent(binary.left, visit);
      visitIfPresent(binary.right, visit);
      return;
    }
    case ExprKind::kIs:
      visitIfPresent(expr.as<IsExpr>().operand, visit);
      return;
    case ExprKind::kIsDistinctFrom: {
      const auto& distinct = expr.as<IsDistinctFromExpr>();
      visitIfPresent(distinct.left, visit);
      visitIfPresent(distinct.right, visit);
      return;
    }
    case ExprKind::kBetween: {
      const auto& between = expr.as<BetweenExpr>();
      visitIfPresent(between.operand, visit);
      visitIfPresent(between.low, visit);
      visitIfPresent(between.high, visit);
      return;
    }
    case ExprKind::kInList: {
      const auto& in = expr.as<InListExpr>();
      visitIfPresent(in.operand, visit);
      visitAll(in.values, visit);
      return;
    }
    case ExprKind::kInSubquery:
      visitIfPresent(expr.as<InSubqueryExpr>().operand, visit);
      return;
    case ExprKind::kLike: {
      const auto& like = expr.as<LikeExpr>();
      visitIfPresent(like.operand, visit);
      visitIfPresent(like.pattern, visit);
      visitAll(like.patterns, visit);
      return;
    }
    case ExprKind::kCase: {
      const auto& case_expr = expr.as<CaseExpr>();
      visitIfPresent(case_expr.operand, visit);
      for (const WhenClause& when : case_expr.whens) {
        visitIfPresent(when.condition, visit);
        visitIfPresent(when.result, visit);
      }
      visitIfPresent(case_expr.else_result, visit);
      return;
    }
    case ExprKind::kCast:
      visitIfPresent(expr.as<CastExpr>().operand, visit);
      return;
    case ExprKind::kFunctionCall: {
      const auto& call = expr.as<FunctionCallExpr>();
      visitAll(call.args, visit);
      visitSortItems(call.within_group, visit);
      visitIfPresent(call.filter, visit);
      if (call.over) {
        visitAll(call.over->partition_by, visit);
        visitSortItems(call.over->order_by, visit);
        if (call.over->frame) {
          visitIfPresent(call.over->frame->start.offset, visit);
          visitIfPresent(call.over->frame->end.offset, visit);
        }
      }
      return;
    }
    case ExprKind::kNamedArgument:
      visitIfPresent(expr.as<NamedArgumentExpr>().value, visit);
      return;
    case ExprKind::kLambda:
      visitIfPresent(expr.as<LambdaExpr>().body, visit);
      return;
    case ExprKind::kFieldAccess:
      visitIfPresent(expr.as<FieldAccessExpr>().base, visit);
      return;
    case ExprKind::kSubscript: {
      const auto& subscript = expr.as<SubscriptExpr>();
      visitIfPresent(subscript.base, visit);
      visitIfPresent(subscript.index, visit);
      return;
    }
    case ExprKind::kJsonPath:
      visitIfPresent(expr.as<JsonPathExpr>().base, visit);
      return;
    case ExprKind::kRow:
      visitAll(expr.as<RowExpr>().fields, visit);
      return;
    case ExprKind::kAlias:
      visitIfPresent(expr.as<AliasExpr>().child, visit);
      return;
  }
}

}  // namespace sluice::sql
