// src/planner/expression/bound_subquery.cpp
#include "planner/expression/bound_subquery.hpp"

namespace sluice {

namespace {

//! The kernel of a subquery node: it carries the subquery, and is never called, because the
//! optimizer replaces every node by a join's column.
struct SubqueryKernel {
  std::shared_ptr<BoundSubquery> subquery;
  void operator()(const ExecContext&, const ArgumentVectors&, const RowSet&, Vector&) const {
    throw Error(ErrorClass::INTERNAL_ERROR, "A subquery expression was not planned as a join.");
  }
};

}  // namespace

std::string_view BoundSubquery::name() const {
  switch (kind) {
    case Kind::kExists:
      return "exists";
    case Kind::kIn:
      return "in";
    case Kind::kScalar:
      return "scalar-subquery";
  }
  return "?";
}

BoundExpressionPtr makeSubqueryNode(std::shared_ptr<BoundSubquery> subquery, DataType type,
                                    std::vector<BoundExpressionPtr> children) {
  BoundScalarFunction function;
  function.name = std::string(subquery->name());
  for (const auto& child : children)
    function.argument_types.push_back(child->type);
  function.return_type = std::move(type);
  function.deterministic = false;
  function.kernel = SubqueryKernel{std::move(subquery)};
  return BoundExpression::makeCall(std::move(function), std::move(children));
}

BoundSubquery* subqueryOf(const BoundExpression& expr) {
  if (expr.kind != BoundExpressionKind::kCall)
    return nullptr;
  const SubqueryKernel* kernel = expr.function.kernel.target<SubqueryKernel>();
  return kernel != nullptr ? kernel->subquery.get() : nullptr;
}

bool containsSubquery(const BoundExpression& expr) {
  if (subqueryOf(expr) != nullptr)
    return true;
  for (const auto& child : expr.children) {
    if (containsSubquery(*child))
      return true;
  }
  return false;
}

}  // namespace sluice
