// src/planner/binder/cte_scope.cpp
#include "planner/binder/cte_scope.hpp"

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "planner/binder/bind_context.hpp"
#include "planner/binder/query_binder.hpp"

namespace sluice {

const CteBinding* findCte(const CteBinding* innermost, std::string_view name) {
  for (const CteBinding* cte = innermost; cte != nullptr; cte = cte->outer) {
    if (sameIdentifier(cte->definition->name, name))
      return cte;
  }
  return nullptr;
}

CteScopeGuard::CteScopeGuard(const sql::Query& query, const sql::Statement& statement,
                             const CteBinding*& visible)
    : visible_(visible), saved_(visible) {
  // Spark's parser compares the names as written: `t` and `T` are not duplicates (the later
  // one shadows the earlier).
  std::vector<std::string> duplicates;
  for (size_t index = 0; index < query.ctes.size(); ++index) {
    const std::string& name = query.ctes[index].name;
    bool first = true;
    for (size_t earlier = 0; earlier < index; ++earlier)
      first = first && query.ctes[earlier].name != name;
    bool repeated = false;
    for (size_t later = index + 1; later < query.ctes.size(); ++later)
      repeated = repeated || query.ctes[later].name == name;
    if (first && repeated)
      duplicates.push_back(fmt::format("'{}'", name));
  }
  if (!duplicates.empty()) {
    std::string names;
    for (const std::string& name : duplicates)
      names += (names.empty() ? "" : ", ") + name;
    throw Error(ErrorClass::DUPLICATED_CTE_NAMES,
                fmt::format("CTE definition can't have duplicate names: {}.", names))
        .withLocation(statement.locate(query.position));
  }
  for (const sql::CommonTableExpr& cte : query.ctes) {
    auto binding = std::make_unique<CteBinding>();
    binding->definition = &cte;
    binding->statement = &statement;
    binding->outer = visible_;
    binding->recursive_with = query.recursive;
    visible_ = binding.get();
    bindings_.push_back(std::move(binding));
  }
}

CteScopeGuard::~CteScopeGuard() {
  visible_ = saved_;
}

LogicalOperatorPtr QueryBinder::bindCteReference(const CteBinding& cte,
                                                 sql::SourcePosition position) {
  if (cte.self != nullptr)
    return bindSelfReference(*cte.self, position);
  if (cte.recursive_with)
    return bindRecursiveCte(cte);
  // The CTE's query sees the CTEs defined before it, not those of the reference's scope.
  QueryBinder binder(context_, *cte.statement, cte.outer);
  return withCteColumnNames(binder.bindQuery(*cte.definition->query), cte);
}

LogicalOperatorPtr QueryBinder::withCteColumnNames(LogicalOperatorPtr plan, const CteBinding& cte) {
  const std::vector<std::string>& columns = cte.definition->columns;
  if (columns.empty())
    return plan;
  if (columns.size() != plan->column_names.size()) {
    // Spark raises ASSIGNMENT_ARITY_MISMATCH, a class sluice does not have yet.
    throw Error(ErrorClass::INVALID_SQL_SYNTAX,
                fmt::format("The number of columns or variables assigned or aliased: {} does not "
                            "match the number of source expressions: {}.",
                            plan->column_names.size(), columns.size()))
        .withLocation(cte.statement->locate(cte.definition->position));
  }
  plan->column_names = columns;
  return plan;
}

}  // namespace sluice
