// src/pipeline/graph/expectation_binding.cpp
#include "pipeline/graph/expectation_binding.hpp"

#include <fmt/format.h>

#include "planner/binder/aggregate_binder.hpp"
#include "planner/binder/expression_binder.hpp"
#include "planner/binder/generator_binder.hpp"
#include "planner/expression/expression_rewriting.hpp"
#include "sql/printer.hpp"

namespace sluice {

namespace {

//! The first construct of `expr` an expectation may not hold, or nullptr.
const char* forbiddenConstruct(const sql::Expr& expr) {
  switch (expr.kind()) {
    case sql::ExprKind::kInSubquery:
    case sql::ExprKind::kExists:
    case sql::ExprKind::kScalarSubquery:
      return "a subquery";
    case sql::ExprKind::kFunctionCall: {
      const auto& call = expr.as<sql::FunctionCallExpr>();
      if (call.over)
        return "a window function";
      if (AggregateBinder::isAggregateCall(expr))
        return "an aggregate function";
      if (call.name.size() == 1 && isGeneratorName(foldIdentifier(call.name[0])))
        return "a generator function";
      break;
    }
    default:
      break;
  }
  const char* found = nullptr;
  sql::forEachChild(expr, [&](const sql::Expr& child) {
    if (found == nullptr)
      found = forbiddenConstruct(child);
  });
  return found;
}

ExpectationAction actionOf(sql::ExpectationAction action) {
  switch (action) {
    case sql::ExpectationAction::kWarn:
      return ExpectationAction::kWarn;
    case sql::ExpectationAction::kDropRow:
      return ExpectationAction::kDropRow;
    case sql::ExpectationAction::kFailUpdate:
      return ExpectationAction::kFailUpdate;
  }
  return ExpectationAction::kWarn;
}

}  // namespace

std::shared_ptr<ExpectationCheck> bindExpectationCheck(
    const std::vector<sql::Expectation>& expectations, const sql::Statement& statement,
    const std::string& dataset, const std::vector<StructField>& columns,
    const ExecContext& context) {
  auto check = std::make_shared<ExpectationCheck>();
  check->tally = std::make_shared<ExpectationTally>();
  Scope scope;
  for (const StructField& column : columns) {
    scope.push_back(ScopeColumn{"", column.name, column.type, false, false});
    check->column_names.push_back(column.name);
  }
  BindContext bind;
  bind.exec = context;
  for (const sql::Expectation& expectation : expectations) {
    SourceLocation location = statement.locate(expectation.position);
    if (const char* construct = forbiddenConstruct(*expectation.condition)) {
      throw Error(ErrorClass::NOT_SUPPORTED,
                  fmt::format("The expectation '{}' of {} holds {}: an expectation is a condition "
                              "on one row, of deterministic built-in functions.",
                              expectation.name, dataset, construct))
          .withLocation(location);
    }
    ExpressionBinder binder(bind, statement, scope);
    BoundExpressionPtr condition = binder.bind(*expectation.condition);
    if (!isDeterministic(*condition)) {
      throw Error(ErrorClass::NOT_SUPPORTED,
                  fmt::format("The expectation '{}' of {} is not deterministic: an expectation "
                              "gives every row the same verdict each time it is checked.",
                              expectation.name, dataset))
          .withLocation(location);
    }
    if (condition->type.id() != TypeId::kBoolean && !condition->type.isVoid()) {
      throw Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_INPUT_TYPE",
                  fmt::format("The condition of the expectation '{}' of {} is {}, not BOOLEAN.",
                              expectation.name, dataset, condition->type.sql()))
          .withLocation(location);
    }
    BoundExpectation bound;
    bound.counts = std::make_shared<ExpectationCounts>();
    bound.counts->name = expectation.name;
    bound.counts->dataset = dataset;
    bound.counts->action = actionOf(expectation.action);
    bound.condition = ExpressionBinder::castTo(std::move(condition), DataType::boolean());
    bound.condition_text = sql::printExpression(*expectation.condition);
    check->tally->expectations.push_back(bound.counts);
    check->expectations.push_back(std::move(bound));
  }
  return check;
}

LogicalOperatorPtr applyExpectationCheck(LogicalOperatorPtr plan,
                                         std::shared_ptr<ExpectationCheck> check) {
  if (check == nullptr || check->expectations.empty())
    return plan;
  auto operation = makeOperator(LogicalOperatorKind::kExpectations);
  operation->column_names = plan->column_names;
  operation->column_types = plan->column_types;
  operation->expectation_check = std::move(check);
  operation->children.push_back(std::move(plan));
  return operation;
}

}  // namespace sluice
