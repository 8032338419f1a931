// src/pipeline/update/insert_by_name.cpp
#include "pipeline/update/insert_by_name.hpp"

#include "planner/binder/expression_binder.hpp"

namespace sluice {

LogicalOperatorPtr projectByName(LogicalOperatorPtr plan, const std::vector<StructField>& table) {
  auto project = makeOperator(LogicalOperatorKind::kProject);
  for (const StructField& column : table) {
    BoundExpressionPtr value;
    for (size_t index = 0; index < plan->column_names.size(); ++index) {
      if (sameIdentifier(plan->column_names[index], column.name)) {
        value = ExpressionBinder::castTo(
            BoundExpression::makeColumn(index, plan->column_types[index]), column.type);
        break;
      }
    }
    if (!value)
      value = BoundExpression::makeConstant(Value::null(column.type));
    project->expressions.push_back(std::move(value));
    project->column_names.push_back(column.name);
    project->column_types.push_back(column.type);
  }
  project->children.push_back(std::move(plan));
  return project;
}

}  // namespace sluice
