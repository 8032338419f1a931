// src/planner/binder/recursive_cte_binder.cpp
#include "planner/binder/recursive_cte_binder.hpp"

#include <fmt/format.h>

#include <atomic>

#include "common/check.hpp"
#include "common/types/type_coercion.hpp"
#include "planner/binder/cte_scope.hpp"
#include "planner/binder/query_binder.hpp"
#include "planner/binder/set_operation_binder.hpp"

namespace sluice {

namespace {

//! Whether `query` is `anchor UNION ALL step` with nothing after the body, the only shape of a
//! recursive CTE's query that Spark takes (a WITH of its own is allowed).
bool isRecursiveUnion(const sql::Query& query) {
  if (query.body->kind() != sql::QueryBodyKind::kSetOperation)
    return false;
  const auto& body = query.body->as<sql::SetOperationBody>();
  return body.op == sql::SetOperator::kUnion && body.quantifier == sql::SetQuantifier::kAll &&
         query.order_by.empty() && query.cluster_by.empty() && query.distribute_by.empty() &&
         query.sort_by.empty() && query.windows.empty() && !query.limit && !query.limit_all &&
         !query.offset;
}

bool isUnionDistinct(const sql::Query& query) {
  if (query.body->kind() != sql::QueryBodyKind::kSetOperation)
    return false;
  const auto& body = query.body->as<sql::SetOperationBody>();
  return body.op == sql::SetOperator::kUnion && body.quantifier != sql::SetQuantifier::kAll;
}

//! Ids of recursions, unique in the process, which makes them unique in any statement.
uint64_t nextRecursionId() {
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1);
}

Error invalidRecursiveCte() {
  return Error(ErrorClass::INVALID_RECURSIVE_CTE,
               "Invalid recursive definition found. Recursive queries must contain an UNION or "
               "an UNION ALL statement with 2 children. The first child needs to be the anchor "
               "term without any recursive references.");
}

void checkPlaces(const LogicalOperator& plan, uint64_t recursion_id, bool allowed) {
  switch (plan.kind) {
    case LogicalOperatorKind::kWorkingTableScan:
      if (!allowed && plan.recursion.id == recursion_id) {
        Error error(ErrorClass::INVALID_RECURSIVE_REFERENCE, "PLACE",
                    "Invalid recursive reference found inside WITH RECURSIVE clause. Recursive "
                    "references cannot be used on the right side of left outer/semi/anti joins, "
                    "on the left side of right outer joins, in full outer joins, in aggregates, "
                    "and in subquery expressions.");
        if (plan.location)
          error.withLocation(*plan.location);
        throw error;
      }
      return;
    case LogicalOperatorKind::kAggregate:
      // A step's group would need every row of the CTE so far, not only the last step's.
      checkPlaces(*plan.children[0], recursion_id, false);
      return;
    case LogicalOperatorKind::kJoin: {
      // Rows an outer join keeps unmatched, and rows a semi or anti join decides on, would
      // need the whole of the side that reads the CTE.
      LogicalJoinType type = plan.join->type;
      bool left = type != LogicalJoinType::kRight && type != LogicalJoinType::kFull;
      bool right = type == LogicalJoinType::kInner || type == LogicalJoinType::kRight;
      checkPlaces(*plan.children[0], recursion_id, allowed && left);
      checkPlaces(*plan.children[1], recursion_id, allowed && right);
      return;
    }
    default:
      for (const LogicalOperatorPtr& child : plan.children)
        checkPlaces(*child, recursion_id, allowed);
      return;
  }
}

}  // namespace

void checkSelfReferencePlaces(const LogicalOperator& step, uint64_t recursion_id) {
  checkPlaces(step, recursion_id, true);
}

LogicalOperatorPtr QueryBinder::bindRecursiveCte(const CteBinding& cte) {
  const sql::Query& query = *cte.definition->query;
  SelfReference self;
  // The CTE's query sees the CTEs defined before it and itself.
  CteBinding own = cte;
  own.self = &self;
  QueryBinder binder(context_, *cte.statement, &own);
  if (!isRecursiveUnion(query)) {
    self.refusal = isUnionDistinct(query) ? ErrorClass::UNION_NOT_SUPPORTED_IN_RECURSIVE_CTE
                                          : ErrorClass::INVALID_RECURSIVE_CTE;
    return withCteColumnNames(binder.bindQuery(query), cte);
  }
  LogicalOperatorPtr plan;
  {
    CteScopeGuard with(query, *cte.statement, binder.ctes_);
    plan = binder.bindRecursiveUnion(query.body->as<sql::SetOperationBody>(), cte, self);
  }
  if (plan)
    return plan;
  // The step does not read the CTE: an ordinary UNION ALL.
  QueryBinder plain(context_, *cte.statement, cte.outer);
  return withCteColumnNames(plain.bindQuery(query), cte);
}

LogicalOperatorPtr QueryBinder::bindRecursiveUnion(const sql::SetOperationBody& body,
                                                   const CteBinding& cte, SelfReference& self) {
  self.place = SelfReference::Place::kAnchor;
  LogicalOperatorPtr anchor = withCteColumnNames(bindBody(*body.left), cte);
  if (self.read_by_anchor)
    throw invalidRecursiveCte().withLocation(statement_.locate(body.left->position));
  self.place = SelfReference::Place::kStep;
  self.recursion_id = nextRecursionId();
  self.column_names = anchor->column_names;
  self.column_types = anchor->column_types;
  LogicalOperatorPtr step = bindBody(*body.right);
  self.place = SelfReference::Place::kRefused;
  if (!self.read_by_step)
    return nullptr;
  if (step->column_types.size() != anchor->column_types.size()) {
    throw Error(ErrorClass::NUM_COLUMNS_MISMATCH,
                fmt::format("UNION can only be performed on inputs with the same number of "
                            "columns, but the first input has {} columns and the second input "
                            "has {} columns.",
                            anchor->column_types.size(), step->column_types.size()))
        .withLocation(statement_.locate(body.position));
  }
  // The CTE's columns are the anchor's: every step's rows take its types.
  for (idx_t column = 0; column < anchor->column_types.size(); ++column) {
    const DataType& anchor_type = anchor->column_types[column];
    const DataType& step_type = step->column_types[column];
    if (!(anchor_type == step_type) && !findWiderType(anchor_type, step_type)) {
      throw Error(ErrorClass::INCOMPATIBLE_COLUMN_TYPE,
                  fmt::format("UNION can only be performed on tables with compatible column "
                              "types. The {} column of the second table is \"{}\" type which is "
                              "not compatible with \"{}\" at the same column of the first table..",
                              ordinalNumber(column + 1), step_type.sql(), anchor_type.sql()))
          .withLocation(statement_.locate(body.position));
    }
  }
  step = castColumns(std::move(step), anchor->column_types);
  checkSelfReferencePlaces(*step, self.recursion_id);
  auto loop = makeOperator(LogicalOperatorKind::kRecursiveCte);
  loop->column_names = anchor->column_names;
  loop->column_types = anchor->column_types;
  loop->recursion.id = self.recursion_id;
  loop->recursion.max_level = cte.definition->max_recursion_level;
  loop->location = statement_.locate(cte.definition->position);
  loop->children.push_back(std::move(anchor));
  loop->children.push_back(std::move(step));
  return loop;
}

LogicalOperatorPtr QueryBinder::bindSelfReference(SelfReference& self,
                                                  sql::SourcePosition position) {
  switch (self.place) {
    case SelfReference::Place::kAnchor: {
      // The CTE has no columns before its anchor is bound: a column read from it is
      // unresolved, as in Spark.
      self.read_by_anchor = true;
      return makeOperator(LogicalOperatorKind::kValues);
    }
    case SelfReference::Place::kRefused: {
      if (self.refusal == ErrorClass::UNION_NOT_SUPPORTED_IN_RECURSIVE_CTE) {
        throw Error(ErrorClass::UNION_NOT_SUPPORTED_IN_RECURSIVE_CTE,
                    "The UNION operator is not yet supported within recursive common table "
                    "expressions (WITH clauses that refer to themselves, directly or "
                    "indirectly). Please use UNION ALL instead.")
            .withLocation(statement_.locate(position));
      }
      throw invalidRecursiveCte().withLocation(statement_.locate(position));
    }
    case SelfReference::Place::kStep: {
      self.read_by_step = true;
      auto scan = makeOperator(LogicalOperatorKind::kWorkingTableScan);
      scan->column_names = self.column_names;
      scan->column_types = self.column_types;
      scan->recursion.id = self.recursion_id;
      scan->location = statement_.locate(position);
      return scan;
    }
  }
  SLUICE_UNREACHABLE("unknown place of a self-reference");
}

}  // namespace sluice
