// src/sql/ast/table_ref.cpp
//
// Structural equality of FROM items.
#include "sql/ast/table_ref.hpp"

#include "sql/ast/query.hpp"

namespace sluice::sql {

bool Watermark::equals(const Watermark& other) const {
  return alias == other.alias && equalExprs(column, other.column) && equalExprs(delay, other.delay);
}

double TableSample::fraction() const {
  if (method == Method::kBucket)
    return std::stod(numerator) / std::stod(denominator);
  return std::stod(percent) / 100.0;
}

bool TableSample::equals(const TableSample& other) const {
  return method == other.method && percent == other.percent && equalExprs(rows, other.rows) &&
         numerator == other.numerator && denominator == other.denominator && seed == other.seed;
}

TableRef::~TableRef() = default;

bool TableRef::baseEquals(const TableRef& other) const {
  if (kind_ != other.kind_ || alias != other.alias)
    return false;
  if ((sample == nullptr) != (other.sample == nullptr) ||
      (sample != nullptr && !sample->equals(*other.sample)))
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
  return stream == o.stream && lateral == o.lateral && table_argument == o.table_argument &&
         equalExprs(call.get(), o.call.get());
}

SubqueryRef::SubqueryRef(SourcePosition start) : TableRef(kKind, start) {}
SubqueryRef::~SubqueryRef() = default;

bool SubqueryRef::equals(const TableRef& other) const {
  return baseEquals(other) && lateral == other.as<SubqueryRef>().lateral &&
         equalQueries(query, other.as<SubqueryRef>().query);
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

bool NamedPivotItem::equals(const NamedPivotItem& other) const {
  return alias == other.alias && equalExprs(expr, other.expr);
}

bool PivotRef::equals(const TableRef& other) const {
  if (!baseEquals(other))
    return false;
  const auto& o = other.as<PivotRef>();
  auto sameItems = [](const std::vector<NamedPivotItem>& a, const std::vector<NamedPivotItem>& b) {
    if (a.size() != b.size())
      return false;
    for (size_t i = 0; i < a.size(); ++i) {
      if (!a[i].equals(b[i]))
        return false;
    }
    return true;
  };
  return parenthesized_columns == o.parenthesized_columns && equalTableRefs(input, o.input) &&
         sameItems(aggregates, o.aggregates) && equalExprLists(columns, o.columns) &&
         sameItems(values, o.values);
}

bool UnpivotColumns::equals(const UnpivotColumns& other) const {
  return parenthesized == other.parenthesized && alias == other.alias &&
         equalExprLists(columns, other.columns);
}

bool UnpivotRef::equals(const TableRef& other) const {
  if (!baseEquals(other))
    return false;
  const auto& o = other.as<UnpivotRef>();
  if (sets.size() != o.sets.size())
    return false;
  for (size_t i = 0; i < sets.size(); ++i) {
    if (!sets[i].equals(o.sets[i]))
      return false;
  }
  return include_nulls == o.include_nulls && nulls_written == o.nulls_written &&
         value_columns == o.value_columns && parenthesized_values == o.parenthesized_values &&
         name_column == o.name_column && equalTableRefs(input, o.input);
}

bool equalTableRefs(const TableRefPtr& left, const TableRefPtr& right) {
  if (left == nullptr || right == nullptr)
    return left == right;
  return left->equals(*right);
}

}  // namespace sluice::sql
