// src/planner/optimizer/join_order.cpp
//
// The order of a chain of inner joins by estimated size (size_estimate.hpp). Adjacent inner
// joins make one join graph: their inputs (the relations) and the conjuncts of their keys and
// residuals (the conditions). With three relations or more the graph is rebuilt as a left-deep
// tree that starts from the largest relation, which the hash joins above then stream, and
// joins next the smallest relation that an equality connects to those joined so far: the hash
// tables built are the small inputs, and a filtered (selective) input cuts rows early. A
// relation that no equality connects is joined as late as possible, since it pairs with every
// row. Each condition goes to the lowest join that has all the relations it reads. A
// projection above puts the columns back in the order the query wrote them.
//
// Inner joins commute, so only the order of the rows changes, which Spark leaves undefined
// too. A graph whose conditions are not all deterministic keeps the order the query wrote.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>

#include "planner/binder/subquery_binder.hpp"
#include "planner/expression/expression_rewriting.hpp"
#include "planner/optimizer/optimizer_rules.hpp"
#include "planner/optimizer/size_estimate.hpp"

namespace sluice {

namespace {

//! A set of relations of one join graph, one bit each.
using RelationSet = uint64_t;
constexpr size_t kMaxRelations = 64;

bool isReorderableJoin(const LogicalOperator& plan) {
  return plan.kind == LogicalOperatorKind::kJoin && plan.join->type == LogicalJoinType::kInner &&
         !plan.join->single_row && !plan.join->null_aware;
}

//! How many relations the join graph under `plan` has, and whether its conditions are all
//! deterministic.
void surveyGraph(const LogicalOperator& plan, size_t& relations, bool& deterministic) {
  if (!isReorderableJoin(plan)) {
    ++relations;
    return;
  }
  for (const JoinKey& key : plan.join->keys)
    deterministic = deterministic && isDeterministic(*key.left) && isDeterministic(*key.right);
  if (plan.join->residual)
    deterministic = deterministic && isDeterministic(*plan.join->residual);
  surveyGraph(*plan.children[0], relations, deterministic);
  surveyGraph(*plan.children[1], relations, deterministic);
}

struct Relation {
  LogicalOperatorPtr plan;
  idx_t first_column = 0;  // in the graph's output, in the order the query wrote
  double size = 0;
};

struct Condition {
  BoundExpressionPtr expr;  // over the graph's output columns
  RelationSet reads = 0;
  bool used = false;
};

struct JoinGraph {
  std::vector<Relation> relations;
  std::vector<Condition> conditions;
  std::vector<DataType> column_types;
  std::vector<std::string> column_names;

  //! The relation that column `column` of the graph's output comes from.
  size_t relationOf(idx_t column) const {
    size_t relation = 0;
    while (relation + 1 < relations.size() && relations[relation + 1].first_column <= column)
      ++relation;
    return relation;
  }

  RelationSet relationsRead(const BoundExpression& expr) const {
    std::vector<bool> columns;
    markColumns(expr, columns);
    RelationSet set = 0;
    for (idx_t column = 0; column < columns.size(); ++column) {
      if (columns[column])
        set |= RelationSet{1} << relationOf(column);
    }
    return set;
  }
};

//! Takes the relations and conditions of the join graph under `plan` apart; `first_column` is
//! where `plan`'s columns start in the graph's output.
void takeApart(LogicalOperatorPtr plan, idx_t first_column, JoinGraph& graph) {
  if (!isReorderableJoin(*plan)) {
    graph.relations.push_back({std::move(plan), first_column, 0});
    return;
  }
  LogicalJoin& join = *plan->join;
  idx_t left_width = plan->children[0]->column_names.size();
  auto add = [&](BoundExpressionPtr expr) {
    shiftColumns(*expr, static_cast<int64_t>(first_column));
    graph.conditions.push_back({std::move(expr)});
  };
  for (JoinKey& key : join.keys) {
    shiftColumns(*key.right, static_cast<int64_t>(left_width));
    std::vector<BoundExpressionPtr> operands;
    operands.push_back(std::move(key.left));
    operands.push_back(std::move(key.right));
    add(callBuiltin(key.null_safe ? "<=>" : "=", std::move(operands)));
  }
  for (BoundExpressionPtr& conjunct : splitConjuncts(std::move(join.residual)))
    add(std::move(conjunct));
  takeApart(std::move(plan->children[0]), first_column, graph);
  takeApart(std::move(plan->children[1]), first_column + left_width, graph);
}

//! Whether `condition` is an equality with one operand over `joined` and the other over
//! `relation`: a key of the hash join that adds `relation`.
bool connects(const JoinGraph& graph, const Condition& condition, RelationSet joined,
              RelationSet relation) {
  const BoundExpression& expr = *condition.expr;
  if (condition.used || expr.kind != BoundExpressionKind::kCall || expr.children.size() != 2 ||
      (expr.function.name != "=" && expr.function.name != "<=>")) {
    return false;
  }
  RelationSet first = graph.relationsRead(*expr.children[0]);
  RelationSet second = graph.relationsRead(*expr.children[1]);
  auto within = [](RelationSet set, RelationSet of) { return set != 0 && (set & ~of) == 0; };
  return (within(first, joined) && within(second, relation)) ||
         (within(first, relation) && within(second, joined));
}

//! The order to join the relations in: the largest first, then each time the smallest that an
//! equality connects to those joined, or else the smallest left.
std::vector<size_t> chooseOrder(const JoinGraph& graph) {
  size_t count = graph.relations.size();
  std::vector<size_t> order;
  size_t largest = 0;
  for (size_t relation = 1; relation < count; ++relation) {
    if (graph.relations[relation].size > graph.relations[largest].size)
      largest = relation;
  }
  order.push_back(largest);
  RelationSet joined = RelationSet{1} << largest;
  while (order.size() < count) {
    size_t best_connected = count;
    size_t best_any = count;
    for (size_t relation = 0; relation < count; ++relation) {
      RelationSet bit = RelationSet{1} << relation;
      if (joined & bit)
        continue;
      double size = graph.relations[relation].size;
      if (best_any == count || size < graph.relations[best_any].size)
        best_any = relation;
      bool connected = std::any_of(
          graph.conditions.begin(), graph.conditions.end(),
          [&](const Condition& condition) { return connects(graph, condition, joined, bit); });
      if (connected && (best_connected == count || size < graph.relations[best_connected].size))
        best_connected = relation;
    }
    size_t next = best_connected != count ? best_connected : best_any;
    order.push_back(next);
    joined |= RelationSet{1} << next;
  }
  return order;
}

//! The left-deep tree of the relations in `order`, with a projection above that gives the
//! graph's columns in the order the query wrote them (none when the order is the query's).
LogicalOperatorPtr buildTree(JoinGraph& graph, const std::vector<size_t>& order,
                             const std::optional<SourceLocation>& location) {
  idx_t width = graph.column_types.size();
  // Where each of the graph's columns is in the output of the tree built so far.
  std::vector<idx_t> position(width, std::numeric_limits<idx_t>::max());
  auto place = [&](const Relation& relation, idx_t at) {
    idx_t columns = relation.plan->column_names.size();
    for (idx_t column = 0; column < columns; ++column)
      position[relation.first_column + column] = at + column;
  };
  auto moved = [&](const BoundExpression& expr) {
    std::vector<BoundExpressionPtr> replacements;
    for (idx_t column = 0; column < width; ++column)
      replacements.push_back(
          BoundExpression::makeColumn(position[column], graph.column_types[column]));
    return substituteColumns(expr, replacements);
  };

  Relation& first = graph.relations[order[0]];
  place(first, 0);
  RelationSet joined = RelationSet{1} << order[0];
  LogicalOperatorPtr tree = std::move(first.plan);
  for (size_t step = 1; step < order.size(); ++step) {
    Relation& relation = graph.relations[order[step]];
    idx_t left_width = tree->column_names.size();
    place(relation, left_width);
    joined |= RelationSet{1} << order[step];
    auto join = std::make_unique<LogicalOperator>();
    join->kind = LogicalOperatorKind::kJoin;
    join->location = location;
    join->join = std::make_unique<LogicalJoin>();
    join->column_names = tree->column_names;
    join->column_types = tree->column_types;
    join->column_names.insert(join->column_names.end(), relation.plan->column_names.begin(),
                              relation.plan->column_names.end());
    join->column_types.insert(join->column_types.end(), relation.plan->column_types.begin(),
                              relation.plan->column_types.end());
    std::vector<BoundExpressionPtr> conditions;
    for (Condition& condition : graph.conditions) {
      if (!condition.used && (condition.reads & ~joined) == 0) {
        condition.used = true;
        conditions.push_back(moved(*condition.expr));
      }
    }
    addJoinCondition(combineConjuncts(std::move(conditions)), left_width, *join->join);
    join->children.push_back(std::move(tree));
    join->children.push_back(std::move(relation.plan));
    tree = std::move(join);
  }

  bool in_query_order = true;
  for (idx_t column = 0; column < width; ++column)
    in_query_order = in_query_order && position[column] == column;
  if (in_query_order)
    return tree;
  auto project = std::make_unique<LogicalOperator>();
  project->kind = LogicalOperatorKind::kProject;
  project->column_names = graph.column_names;
  project->column_types = graph.column_types;
  project->location = location;
  for (idx_t column = 0; column < width; ++column)
    project->expressions.push_back(
        BoundExpression::makeColumn(position[column], graph.column_types[column]));
  project->children.push_back(std::move(tree));
  return project;
}

}  // namespace

void reorderJoins(LogicalOperatorPtr& plan) {
  size_t relations = 0;
  bool deterministic = true;
  if (isReorderableJoin(*plan))
    surveyGraph(*plan, relations, deterministic);
  if (relations < 3 || relations > kMaxRelations || !deterministic) {
    for (LogicalOperatorPtr& child : plan->children)
      reorderJoins(child);
    return;
  }
  JoinGraph graph;
  graph.column_names = plan->column_names;
  graph.column_types = plan->column_types;
  std::optional<SourceLocation> location = plan->location;
  takeApart(std::move(plan), 0, graph);
  for (Relation& relation : graph.relations) {
    reorderJoins(relation.plan);
    relation.size = estimateSize(*relation.plan);
  }
  for (Condition& condition : graph.conditions)
    condition.reads = graph.relationsRead(*condition.expr);
  plan = buildTree(graph, chooseOrder(graph), location);
}

}  // namespace sluice
