// src/planner/binder/grouping_sets.hpp
//
// GROUP BY ROLLUP / CUBE / GROUPING SETS, lowered as Spark's ResolveGroupingAnalytics does:
//
//   input -> Expand(one projection per grouping set) -> Aggregate(keys, grouping id; ...)
//
// The Expand passes every input column on (the aggregates read them unchanged), then one
// column per group key, NULL where the set leaves the key out, then the set's grouping id.
// Computed keys are computed once, in a projection below the Expand.
// The aggregate groups by the keys and the id, so a key that is NULL in the data and a key
// its set left out make different groups. The id has a bit per key, the first key's the
// highest, set when the key is left out (grouping_id()); grouping(k) is k's bit. A set
// written twice gives its groups twice: one more hidden key, the set's position, keeps them
// apart. GROUP BY GROUPING SETS (()) alone is a global aggregate (one row over no rows).
// When the aggregates' results merge, the Expand copies the groups of an aggregate by all keys
// rather than the input rows (preAggregate), and the aggregate above merges them.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "planner/expression/bound_aggregate.hpp"
#include "planner/expression/bound_expression.hpp"
#include "planner/logical/logical_operator.hpp"
#include "sql/ast/query.hpp"

namespace sluice {

//! One grouping set: the indices of the group keys it keeps (a key may repeat).
using GroupingSet = std::vector<idx_t>;

//! The grouping sets of a GROUP BY clause and what the aggregate over them needs.
struct GroupingSets {
  std::vector<GroupingSet> sets;
  size_t key_count = 0;
  //! Some set is written twice (compared as sets of keys): the Expand adds each set's position.
  bool has_duplicates = false;

  //! GROUPING SETS (()) without keys: a global aggregate, no Expand, grouping_id() is 0.
  bool isGlobal() const { return key_count == 0 && sets.size() == 1; }
  //! The columns the aggregate groups by after the keys: the id, and the position if needed.
  size_t hiddenKeyCount() const { return isGlobal() ? 0 : (has_duplicates ? 2 : 1); }
  //! The grouping id of `set`: bit (key_count - 1 - k) is set when key k is left out.
  int64_t groupingId(const GroupingSet& set) const;
};

//! Whether `clause` has ROLLUP, CUBE or GROUPING SETS.
bool hasGroupingAnalytics(const sql::GroupByClause& clause);

//! The grouping sets of `clause`: the cross product of its elements' sets. `key_of` gives the
//! index of an expression's group key, adding the key when it is new, so keys are numbered in
//! the order they are first written.
GroupingSets expandGroupingSets(const sql::GroupByClause& clause,
                                const std::function<idx_t(const sql::Expr&)>& key_of);

//! The Expand of `sets` over `input`: its columns, then `keys` (over `input`) named
//! `key_names`, then the grouping id (BIGINT) and, with duplicate sets, the set's position.
LogicalOperatorPtr makeExpand(LogicalOperatorPtr input, const std::vector<BoundExpressionPtr>& keys,
                              const std::vector<std::string>& key_names, const GroupingSets& sets);

//! Whether the grouping sets are computed from an aggregate of the input by all keys: some set
//! leaves a key out, and every aggregate's results merge (count, sum, min, max).
bool canPreAggregate(const std::vector<BoundAggregate>& aggregates, const GroupingSets& sets);

//! The input of the Expand as canPreAggregate allows it: `input` grouped by all `keys`, with the
//! `aggregates` of each group. The Expand then copies its groups, in general far fewer rows than
//! the input, and the aggregate above it groups them again with `merges`.
struct PreAggregate {
  LogicalOperatorPtr input;              // the keys, then the aggregates' results
  std::vector<BoundExpressionPtr> keys;  // the key columns of `input`
  std::vector<BoundAggregate> merges;    // over the Expand of `input`, in the aggregates' order
};
PreAggregate preAggregate(LogicalOperatorPtr input, std::vector<BoundExpressionPtr> keys,
                          const std::vector<std::string>& key_names,
                          std::vector<BoundAggregate> aggregates,
                          const std::vector<std::string>& aggregate_names);

//! Whether `expr` is a call of grouping() or grouping_id().
bool isGroupingFunctionCall(const sql::Expr& expr);
//! Whether `expr` is the column name grouping__id (Hive's name of the grouping id).
bool isGroupingIdName(const sql::Expr& expr);
//! UNSUPPORTED_GROUPING_EXPRESSION: grouping() or grouping_id() without grouping sets.
[[noreturn]] void raiseGroupingOutsideGroupingSets();

//! grouping(key) over the aggregate's output: bit `key` of the id column `id_column`.
BoundExpressionPtr groupingBit(idx_t id_column, idx_t key, size_t key_count);

}  // namespace sluice
