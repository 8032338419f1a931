// src/sql/ast/table_ref.cpp
//
// Structural equality of FROM items.
#include "sql/ast/table_ref.hpp"

#include "sql/ast/query.hpp"

namespace sluice::sql {

bool Watermark::equals(const Watermark& other) const {
  return alias == other.alias && equalExprs(column, other.column) && equalExprs(delay, other.delay);
}

TableRef::~TableRef() = default;

bool TableRef::baseEquals(const TableRef& other) const {
  if (kind_ != other.kind_ || alias != other.alias)
    return false;
  if ((watermark == nullptr) != (other.watermark == nullptr))
    return false;
  return watermark == nullptr || watermark->equals(*other.watermark);
}

bool TimeTravel::equals(const TimeTravel& other) const {
  return kind == other.kind && equalExprs(value, other.value);
}

bool NamedTableRef::equals(const TableRef& other) const {
  if (!baseEquals(other))
    return false;
  const auto& o = other.as<NamedTableRef>();
  if (name != o.name || stream != o.stream || options != o.options ||
      time_travel.has_value() != o.time_travel.has_value()) {
    return false;
  }
  return !time_travel || time_travel->equals(*o.time_travel);
}

bool TableFunctionRef::equals(const TableRef& other) const {
  if (!baseEquals(other))
    return false;
  const auto& o = other.as<TableFunctionRef>();
  return stream == o.stream && table_argument == o.table_argument &&
         equalExprs(call.get(), o.call.get());
}

SubqueryRef::SubqueryRef(SourcePosition start) : TableRef(kKind, start) {}
SubqueryRef::~SubqueryRef() = default;

bool SubqueryRef::equals(const TableRef& other) const {
  return baseEquals(other) && equalQueries(query, other.as<SubqueryRef>().query);
}

bool ValuesRef::equals(const TableRef& other) const {
  if (!baseEquals(other))
    return false;
  const auto& o = other.as<ValuesRef>();
  if (rows.size() != o.rows.size())
    return false;
  for (size_t i = 0; i < rows.size(); ++i) {
    if (!equalExprLists(rows[i], o.rows[i]))
      return false;
  }
  return true;
}

bool JoinRef::equals(const TableRef& other) const {
  if (!baseEquals(other))
    return false;
  const auto& o = other.as<JoinRef>();
  return join_type == o.join_type && natural == o.natural && using_columns == o.using_columns &&
         equalTableRefs(left, o.left) && equalTableRefs(right, o.right) &&
         equalExprs(condition, o.condition);
}

bool equalTableRefs(const TableRefPtr& left, const TableRefPtr& right) {
  if (left == nullptr || right == nullptr)
    return left == right;
  return left->equals(*right);
}

}  // namespace sluice::sql
