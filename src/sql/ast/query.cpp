// src/sql/ast/query.cpp
//
// Structural equality of query nodes.
#include "sql/ast/query.hpp"

namespace sluice::sql {

namespace {

template <typename T>
bool equalElements(const std::vector<T>& left, const std::vector<T>& right) {
  if (left.size() != right.size())
    return false;
  for (size_t i = 0; i < left.size(); ++i) {
    if (!left[i].equals(right[i]))
      return false;
  }
  return true;
}

bool equalBodies(const QueryBodyPtr& left, const QueryBodyPtr& right) {
  if (left == nullptr || right == nullptr)
    return left == right;
  return left->equals(*right);
}

bool equalRows(const std::vector<std::vector<ExprPtr>>& left,
               const std::vector<std::vector<ExprPtr>>& right) {
  if (left.size() != right.size())
    return false;
  for (size_t i = 0; i < left.size(); ++i) {
    if (!equalExprLists(left[i], right[i]))
      return false;
  }
  return true;
}

}  // namespace

bool CommonTableExpr::equals(const CommonTableExpr& other) const {
  return name == other.name && columns == other.columns &&
         max_recursion_level == other.max_recursion_level && equalQueries(query, other.query);
}

bool NamedWindow::equals(const NamedWindow& other) const {
  return name == other.name && spec.equals(other.spec);
}

bool Hint::equals(const Hint& other) const {
  return name == other.name && equalExprLists(parameters, other.parameters);
}

bool SelectItem::equals(const SelectItem& other) const {
  return alias == other.alias && column_aliases == other.column_aliases &&
         equalExprs(expr, other.expr);
}

bool LateralView::equals(const LateralView& other) const {
  return outer == other.outer && table_alias == other.table_alias &&
         column_aliases == other.column_aliases &&
         equalExprs(generator.get(), other.generator.get());
}

bool GroupingElement::equals(const GroupingElement& other) const {
  return kind == other.kind && equalExprs(expression, other.expression) &&
         equalElements(children, other.children);
}

bool GroupByClause::equals(const GroupByClause& other) const {
  return all == other.all && keys_then_grouping_sets == other.keys_then_grouping_sets &&
         equalElements(elements, other.elements);
}

QueryBody::~QueryBody() = default;

SelectBody::~SelectBody() = default;

bool SelectBody::equals(const QueryBody& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<SelectBody>();
  if (quantifier != o.quantifier || !equalElements(hints, o.hints) ||
      !equalElements(items, o.items) || from.size() != o.from.size() ||
      !equalElements(lateral_views, o.lateral_views) || !equalExprs(where, o.where) ||
      group_by.has_value() != o.group_by.has_value() || !equalExprs(having, o.having) ||
      !equalExprs(qualify, o.qualify) || !equalElements(windows, o.windows)) {
    return false;
  }
  for (size_t i = 0; i < from.size(); ++i) {
    if (!equalTableRefs(from[i], o.from[i]))
      return false;
  }
  return !group_by || group_by->equals(*o.group_by);
}

bool SetOperationBody::equals(const QueryBody& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<SetOperationBody>();
  return op == o.op && quantifier == o.quantifier && equalBodies(left, o.left) &&
         equalBodies(right, o.right);
}

bool ValuesBody::equals(const QueryBody& other) const {
  if (other.kind() != kKind)
    return false;
  const auto& o = other.as<ValuesBody>();
  return alias == o.alias && equalRows(rows, o.rows);
}

bool TableBody::equals(const QueryBody& other) const {
  return other.kind() == kKind && name == other.as<TableBody>().name;
}

NestedQueryBody::NestedQueryBody(SourcePosition start) : QueryBody(kKind, start) {}
NestedQueryBody::~NestedQueryBody() = default;

bool NestedQueryBody::equals(const QueryBody& other) const {
  return other.kind() == kKind && equalQueries(query, other.as<NestedQueryBody>().query);
}

Query::~Query() = default;

bool Query::equals(const Query& other) const {
  return equalElements(ctes, other.ctes) && recursive == other.recursive &&
         equalBodies(body, other.body) && equalSortItems(order_by, other.order_by) &&
         equalExprLists(cluster_by, other.cluster_by) &&
         equalExprLists(distribute_by, other.distribute_by) &&
         equalSortItems(sort_by, other.sort_by) && equalElements(windows, other.windows) &&
         equalExprs(limit, other.limit) && limit_all == other.limit_all &&
         equalExprs(offset, other.offset);
}

bool Query::hasClauses() const {
  return !ctes.empty() || !order_by.empty() || !cluster_by.empty() || !distribute_by.empty() ||
         !sort_by.empty() || !windows.empty() || limit != nullptr || limit_all || offset != nullptr;
}

bool equalQueries(const QueryPtr& left, const QueryPtr& right) {
  if (left == nullptr || right == nullptr)
    return left == right;
  return left->equals(*right);
}

}  // namespace sluice::sql
