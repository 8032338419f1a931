// src/sql/ast/table_spec.cpp
//
// Structural equality of table specs, expectations, AUTO CDC specs and flow specs.
#include "sql/ast/table_spec.hpp"

#include <algorithm>

namespace sluice::sql {

namespace {

template <typename T>
bool equalLists(const std::vector<T>& left, const std::vector<T>& right) {
  return std::equal(left.begin(), left.end(), right.begin(), right.end(),
                    [](const T& a, const T& b) { return a.equals(b); });
}

}  // namespace

bool Expectation::equals(const Expectation& other) const {
  return name == other.name && action == other.action && equalExprs(condition, other.condition);
}

bool ColumnSpec::equals(const ColumnSpec& other) const {
  return name == other.name && type == other.type && not_null == other.not_null &&
         equalExprs(generated, other.generated) && identity == other.identity &&
         equalExprs(default_value, other.default_value) && comment == other.comment &&
         mask == other.mask && mask_using_columns == other.mask_using_columns && key == other.key;
}

bool TableSpec::equals(const TableSpec& other) const {
  return has_column_list == other.has_column_list && equalLists(columns, other.columns) &&
         equalLists(expectations, other.expectations) && keys == other.keys &&
         using_delta == other.using_delta && partition_columns == other.partition_columns &&
         clustering == other.clustering && location == other.location && comment == other.comment &&
         properties == other.properties && row_filter == other.row_filter &&
         refresh_policy == other.refresh_policy;
}

std::string_view refreshPolicyName(RefreshPolicy policy) {
  switch (policy) {
    case RefreshPolicy::kAuto:
      return "AUTO";
    case RefreshPolicy::kIncremental:
      return "INCREMENTAL";
    case RefreshPolicy::kIncrementalStrict:
      return "INCREMENTAL STRICT";
    case RefreshPolicy::kFull:
      return "FULL";
  }
  return "";
}

bool AutoCdcSpec::equals(const AutoCdcSpec& other) const {
  return from_snapshot == other.from_snapshot && equalTableRefs(source, other.source) &&
         keys == other.keys && ignore_null_updates == other.ignore_null_updates &&
         ignore_null_updates_on == other.ignore_null_updates_on &&
         equalExprs(apply_as_delete, other.apply_as_delete) &&
         equalExprs(apply_as_truncate, other.apply_as_truncate) &&
         equalExprs(sequence_by, other.sequence_by) && columns == other.columns &&
         scd_type == other.scd_type && track_history == other.track_history;
}

bool FlowSpec::equals(const FlowSpec& other) const {
  if (kind != other.kind || once != other.once || by_name != other.by_name)
    return false;
  if (kind == Kind::kAutoCdc)
    return cdc.equals(other.cdc);
  return equalQueries(query, other.query);
}

}  // namespace sluice::sql
