// src/planner/binder/grouping_sets.cpp
#include "planner/binder/grouping_sets.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"
#include "planner/binder/expression_binder.hpp"
#include "planner/expression/expression_rewriting.hpp"

namespace sluice {

namespace {

using Kind = sql::GroupingElement::Kind;

//! Spark's limit: the grouping id is a BIGINT with one bit per key.
constexpr size_t kMaxGroupingKeys = 64;

using SetList = std::vector<GroupingSet>;

//! The keys of one item of ROLLUP / CUBE / GROUPING SETS: an expression, or a set `(a, b)`.
GroupingSet itemKeys(const sql::GroupingElement& item,
                     const std::function<idx_t(const sql::Expr&)>& key_of) {
  if (item.kind == Kind::kExpression)
    return {key_of(*item.expression)};
  GroupingSet keys;
  for (const sql::GroupingElement& child : item.children)
    keys.push_back(key_of(*child.expression));
  return keys;
}

SetList elementSets(const sql::GroupingElement& element,
                    const std::function<idx_t(const sql::Expr&)>& key_of);

//! ROLLUP(i1, ..., in): (i1, ..., in), (i1, ..., in-1), ..., ().
SetList rollupSets(const std::vector<GroupingSet>& items) {
  SetList sets;
  for (size_t count = items.size() + 1; count-- > 0;) {
    GroupingSet set;
    for (size_t item = 0; item < count; ++item)
      set.insert(set.end(), items[item].begin(), items[item].end());
    sets.push_back(std::move(set));
  }
  return sets;
}

//! CUBE(i1, ..., in): every subset, in Spark's order (those with i1 first, then without it).
SetList cubeSets(const std::vector<GroupingSet>& items, size_t from) {
  if (from == items.size())
    return {GroupingSet{}};
  SetList rest = cubeSets(items, from + 1);
  SetList sets;
  for (const GroupingSet& tail : rest) {
    GroupingSet set = items[from];
    set.insert(set.end(), tail.begin(), tail.end());
    sets.push_back(std::move(set));
  }
  sets.insert(sets.end(), rest.begin(), rest.end());
  return sets;
}

SetList elementSets(const sql::GroupingElement& element,
                    const std::function<idx_t(const sql::Expr&)>& key_of) {
  switch (element.kind) {
    case Kind::kExpression:
    case Kind::kSet:
      return {itemKeys(element, key_of)};
    case Kind::kRollup:
    case Kind::kCube: {
      std::vector<GroupingSet> items;
      for (const sql::GroupingElement& child : element.children)
        items.push_back(itemKeys(child, key_of));
      return element.kind == Kind::kRollup ? rollupSets(items) : cubeSets(items, 0);
    }
    case Kind::kGroupingSets: {
      SetList sets;
      for (const sql::GroupingElement& child : element.children) {
        SetList child_sets = elementSets(child, key_of);
        sets.insert(sets.end(), child_sets.begin(), child_sets.end());
      }
      return sets;
    }
  }
  return {};
}

bool hasDuplicateSets(const SetList& sets) {
  std::set<std::set<idx_t>> seen;
  for (const GroupingSet& set : sets) {
    if (!seen.insert(std::set<idx_t>(set.begin(), set.end())).second)
      return true;
  }
  return false;
}

}  // namespace

int64_t GroupingSets::groupingId(const GroupingSet& set) const {
  uint64_t id = 0;
  for (idx_t key = 0; key < key_count; ++key) {
    if (std::find(set.begin(), set.end(), key) == set.end())
      id |= uint64_t{1} << (key_count - 1 - key);
  }
  return static_cast<int64_t>(id);
}

bool hasGroupingAnalytics(const sql::GroupByClause& clause) {
  return std::any_of(
      clause.elements.begin(), clause.elements.end(),
      [](const sql::GroupingElement& element) { return element.kind != Kind::kExpression; });
}

GroupingSets expandGroupingSets(const sql::GroupByClause& clause,
                                const std::function<idx_t(const sql::Expr&)>& new_or_known_key) {
  GroupingSets result;
  size_t key_count = 0;
  std::function<idx_t(const sql::Expr&)> key_of = [&](const sql::Expr& expr) {
    idx_t key = new_or_known_key(expr);
    key_count = std::max(key_count, static_cast<size_t>(key) + 1);
    if (key_count > kMaxGroupingKeys) {
      throw Error(ErrorClass::GROUPING_SIZE_LIMIT_EXCEEDED,
                  fmt::format("Grouping sets size cannot be greater than {}.", kMaxGroupingKeys));
    }
    return key;
  };
  std::vector<const sql::GroupingElement*> elements;
  for (const sql::GroupingElement& element : clause.elements) {
    if (clause.keys_then_grouping_sets && &element != &clause.elements.back()) {
      key_of(*element.expression);  // a key, in no set unless GROUPING SETS names it
      continue;
    }
    elements.push_back(&element);
  }
  // GROUP BY a, ROLLUP(b, c): every set of one element joined with every set of the next.
  SetList sets{GroupingSet{}};
  for (const sql::GroupingElement* element : elements) {
    SetList element_sets = elementSets(*element, key_of);
    SetList joined;
    for (const GroupingSet& left : sets) {
      for (const GroupingSet& right : element_sets) {
        GroupingSet set = left;
        set.insert(set.end(), right.begin(), right.end());
        joined.push_back(std::move(set));
      }
    }
    sets = std::move(joined);
  }
  result.has_duplicates = hasDuplicateSets(sets);
  result.sets = std::move(sets);
  result.key_count = key_count;
  return result;
}

LogicalOperatorPtr makeExpand(LogicalOperatorPtr input, const std::vector<BoundExpressionPtr>& keys,
                              const std::vector<std::string>& key_names, const GroupingSets& sets) {
  idx_t width = input->column_types.size();
  auto expand = makeOperator(LogicalOperatorKind::kExpand);
  expand->column_names = input->column_names;
  expand->column_types = input->column_types;
  // Computed keys are computed once, below the Expand, as Spark projects its group-by aliases:
  // every set then sees the same value of a key over rand(), and no set computes it again.
  std::vector<BoundExpressionPtr> key_columns;
  auto computed = makeOperator(LogicalOperatorKind::kProject);
  computed->column_names = input->column_names;
  computed->column_types = input->column_types;
  for (idx_t column = 0; column < width; ++column)
    computed->expressions.push_back(
        BoundExpression::makeColumn(column, input->column_types[column]));
  for (size_t key = 0; key < keys.size(); ++key) {
    expand->column_names.push_back(key_names[key]);
    expand->column_types.push_back(keys[key]->type);
    if (keys[key]->kind == BoundExpressionKind::kColumn) {
      key_columns.push_back(copyExpression(*keys[key]));
      continue;
    }
    key_columns.push_back(
        BoundExpression::makeColumn(computed->expressions.size(), keys[key]->type));
    computed->column_names.push_back(key_names[key]);
    computed->column_types.push_back(keys[key]->type);
    computed->expressions.push_back(copyExpression(*keys[key]));
  }
  if (computed->expressions.size() > width) {
    computed->children.push_back(std::move(input));
    input = std::move(computed);
  }
  expand->column_names.push_back("spark_grouping_id");
  expand->column_types.push_back(DataType::longType());
  if (sets.has_duplicates) {
    expand->column_names.push_back("_gen_grouping_pos");
    expand->column_types.push_back(DataType::intType());
  }
  for (size_t position = 0; position < sets.sets.size(); ++position) {
    const GroupingSet& set = sets.sets[position];
    std::vector<BoundExpressionPtr> projection;
    for (idx_t column = 0; column < width; ++column)
      projection.push_back(BoundExpression::makeColumn(column, input->column_types[column]));
    for (idx_t key = 0; key < keys.size(); ++key) {
      bool kept = std::find(set.begin(), set.end(), key) != set.end();
      projection.push_back(kept ? copyExpression(*key_columns[key])
                                : BoundExpression::makeConstant(Value::null(keys[key]->type)));
    }
    projection.push_back(BoundExpression::makeConstant(Value::longValue(sets.groupingId(set))));
    if (sets.has_duplicates) {
      projection.push_back(
          BoundExpression::makeConstant(Value::intValue(static_cast<int32_t>(position))));
    }
    expand->rows.push_back(std::move(projection));
  }
  expand->children.push_back(std::move(input));
  return expand;
}

bool canPreAggregate(const std::vector<BoundAggregate>& aggregates, const GroupingSets& sets) {
  bool leaves_a_key_out =
      std::any_of(sets.sets.begin(), sets.sets.end(), [&](const GroupingSet& set) {
        return std::set<idx_t>(set.begin(), set.end()).size() < sets.key_count;
      });
  return leaves_a_key_out &&
         std::all_of(aggregates.begin(), aggregates.end(), [](const BoundAggregate& aggregate) {
           return mergeAggregateName(aggregate).has_value();
         });
}

PreAggregate preAggregate(LogicalOperatorPtr input, std::vector<BoundExpressionPtr> keys,
                          const std::vector<std::string>& key_names,
                          std::vector<BoundAggregate> aggregates,
                          const std::vector<std::string>& aggregate_names) {
  PreAggregate pre;
  auto grouped = makeOperator(LogicalOperatorKind::kAggregate);
  for (size_t key = 0; key < keys.size(); ++key) {
    grouped->column_names.push_back(key_names[key]);
    grouped->column_types.push_back(keys[key]->type);
    pre.keys.push_back(BoundExpression::makeColumn(key, keys[key]->type));
  }
  for (size_t index = 0; index < aggregates.size(); ++index) {
    const BoundAggregate& aggregate = aggregates[index];
    idx_t column = grouped->column_types.size();
    grouped->column_names.push_back(aggregate_names[index]);
    grouped->column_types.push_back(aggregate.function->returnType());
    pre.merges.push_back(aggregateOverColumn(*mergeAggregateName(aggregate), column,
                                             aggregate.function->returnType(),
                                             aggregate_names[index]));
  }
  grouped->expressions = std::move(keys);
  grouped->aggregates = std::move(aggregates);
  grouped->children.push_back(std::move(input));
  pre.input = std::move(grouped);
  return pre;
}

bool isGroupingFunctionCall(const sql::Expr& expr) {
  if (!expr.is<sql::FunctionCallExpr>())
    return false;
  const auto& call = expr.as<sql::FunctionCallExpr>();
  if (call.over || call.name.size() != 1)
    return false;
  std::string name = foldIdentifier(call.name[0]);
  return name == "grouping" || name == "grouping_id";
}

bool isGroupingIdName(const sql::Expr& expr) {
  if (!expr.is<sql::ColumnRefExpr>())
    return false;
  const auto& name = expr.as<sql::ColumnRefExpr>().name;
  return name.size() == 1 && sameIdentifier(name[0], "grouping__id");
}

void raiseGroupingOutsideGroupingSets() {
  throw Error(ErrorClass::UNSUPPORTED_GROUPING_EXPRESSION,
              "grouping()/grouping_id() can only be used with GroupingSets/Cube/Rollup.");
}

BoundExpressionPtr groupingBit(idx_t id_column, idx_t key, size_t key_count) {
  std::vector<BoundExpressionPtr> shift_arguments;
  shift_arguments.push_back(BoundExpression::makeColumn(id_column, DataType::longType()));
  shift_arguments.push_back(
      BoundExpression::makeConstant(Value::intValue(static_cast<int32_t>(key_count - 1 - key))));
  BoundExpressionPtr shifted =
      ExpressionBinder::bindBuiltin("shiftright", std::move(shift_arguments));
  std::vector<BoundExpressionPtr> and_arguments;
  and_arguments.push_back(std::move(shifted));
  and_arguments.push_back(BoundExpression::makeConstant(Value::longValue(1)));
  BoundExpressionPtr bit = ExpressionBinder::bindBuiltin("&", std::move(and_arguments));
  return ExpressionBinder::castTo(std::move(bit), DataType::byteType());
}

}  // namespace sluice
