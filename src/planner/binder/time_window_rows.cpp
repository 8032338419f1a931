// src/planner/binder/time_window_rows.cpp
#include "planner/binder/time_window_rows.hpp"

#include "common/error/error.hpp"
#include "planner/binder/expression_binder.hpp"
#include "planner/expression/expression_rewriting.hpp"

namespace sluice {

namespace {

//! The first call in `expr` (depth first) that changes rows, or null.
const BoundExpression* findRowChangingCall(const BoundExpression& expr) {
  if (changesRows(expr))
    return &expr;
  for (const BoundExpressionPtr& child : expr.children) {
    if (const BoundExpression* found = findRowChangingCall(*child))
      return found;
  }
  return nullptr;
}

//! Replaces every part of `expr` that is `call` by a reference to `column`.
void replaceCall(BoundExpressionPtr& expr, const BoundExpression& call, idx_t column) {
  if (sameExpression(*expr, call)) {
    expr = BoundExpression::makeColumn(column, call.type);
    return;
  }
  for (BoundExpressionPtr& child : expr->children)
    replaceCall(child, call, column);
}

//! Filter(Project(input + the session)) for the session_window(...) `call`.
LogicalOperatorPtr keepRowsInSessions(LogicalOperatorPtr input, const BoundExpression& call) {
  idx_t width = input->column_types.size();
  auto project = makeOperator(LogicalOperatorKind::kProject);
  for (idx_t column = 0; column < width; ++column) {
    project->expressions.push_back(
        BoundExpression::makeColumn(column, input->column_types[column]));
  }
  project->expressions.push_back(copyExpression(call));
  project->column_names = input->column_names;
  project->column_names.push_back("session_window");
  project->column_types = input->column_types;
  project->column_types.push_back(call.type);
  project->children.push_back(std::move(input));
  auto filter = makeOperator(LogicalOperatorKind::kFilter);
  filter->column_names = project->column_names;
  filter->column_types = project->column_types;
  filter->expressions.push_back(sessionIsNotEmpty(width, call.type));
  filter->children.push_back(std::move(project));
  return filter;
}

}  // namespace

bool isTimeWindowCall(const BoundExpression& expr, std::string_view name) {
  return expr.kind == BoundExpressionKind::kCall && expr.function.name == name;
}

TimeWindowSpec boundWindowSpec(const BoundExpression& call) {
  std::vector<std::string> texts;
  for (size_t index = 1; index < call.children.size(); ++index)
    texts.push_back(call.children[index]->constant.getString());
  return timeWindowSpec(
      texts[0], texts.size() > 1 ? std::optional<std::string_view>(texts[1]) : std::nullopt,
      texts.size() > 2 ? std::optional<std::string_view>(texts[2]) : std::nullopt);
}

bool changesRows(const BoundExpression& expr) {
  return isTimeWindowCall(expr, "session_window") ||
         (isTimeWindowCall(expr, "window") && boundWindowSpec(expr).sliding());
}

LogicalOperatorPtr expandSlidingWindow(LogicalOperatorPtr input, const BoundExpression& call) {
  TimeWindowSpec spec = boundWindowSpec(call);
  const BoundExpression& time = *call.children[0];
  idx_t width = input->column_types.size();
  auto expand = makeOperator(LogicalOperatorKind::kExpand);
  expand->column_names = input->column_names;
  expand->column_types = input->column_types;
  expand->column_names.push_back("window");
  expand->column_types.push_back(call.type);
  for (int64_t index = 0; index < spec.windowsPerTime(); ++index) {
    std::vector<BoundExpressionPtr> projection;
    for (idx_t column = 0; column < width; ++column)
      projection.push_back(BoundExpression::makeColumn(column, input->column_types[column]));
    std::vector<BoundExpressionPtr> arguments;
    arguments.push_back(copyExpression(time));
    projection.push_back(
        BoundExpression::makeCall(nthTimeWindow(time.type, spec, index), std::move(arguments)));
    expand->rows.push_back(std::move(projection));
  }
  expand->children.push_back(std::move(input));
  // A row's windows that do not hold its time, and the windows of a NULL time, are none.
  auto filter = makeOperator(LogicalOperatorKind::kFilter);
  filter->column_names = expand->column_names;
  filter->column_types = expand->column_types;
  std::vector<BoundExpressionPtr> held;
  held.push_back(BoundExpression::makeColumn(width, call.type));
  filter->expressions.push_back(ExpressionBinder::bindBuiltin("isnotnull", std::move(held)));
  filter->children.push_back(std::move(expand));
  return filter;
}

BoundExpressionPtr sessionIsNotEmpty(idx_t column, const DataType& session_type) {
  auto field = [&](idx_t index) {
    return BoundExpression::makeField(BoundExpression::makeColumn(column, session_type), index);
  };
  std::vector<BoundExpressionPtr> bounds;
  bounds.push_back(field(1));
  bounds.push_back(field(0));
  return ExpressionBinder::bindBuiltin(">", std::move(bounds));
}

LogicalOperatorPtr applyRowChangingWindow(LogicalOperatorPtr input,
                                          std::vector<BoundExpressionPtr>& expressions,
                                          const std::vector<sql::SourcePosition>& positions,
                                          const sql::Statement& statement) {
  BoundExpressionPtr call;
  for (size_t index = 0; index < expressions.size(); ++index) {
    const BoundExpression* found = findRowChangingCall(*expressions[index]);
    if (found == nullptr)
      continue;
    if (call && !sameExpression(*found, *call)) {
      throw Error(ErrorClass::NOT_SUPPORTED,
                  "A SELECT may have one sliding or session window, not two different ones.")
          .withLocation(statement.locate(positions[index]));
    }
    if (!call)
      call = copyExpression(*found);
  }
  if (!call)
    return input;
  idx_t column = input->column_types.size();
  LogicalOperatorPtr rows = isTimeWindowCall(*call, "session_window")
                                ? keepRowsInSessions(std::move(input), *call)
                                : expandSlidingWindow(std::move(input), *call);
  for (BoundExpressionPtr& expr : expressions)
    replaceCall(expr, *call, column);
  return rows;
}

}  // namespace sluice
