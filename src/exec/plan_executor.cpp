#include "exec/plan_executor.hpp"

#include "exec/expression/expression_evaluator.hpp"
#include "exec/expression/vector_copy.hpp"

namespace sluice {

namespace {

Batch singleRow() {
  Batch batch;
  batch.num_rows = 1;
  return batch;
}

std::vector<Batch> executeValues(const LogicalOperator& plan, const ExecContext& context) {
  ExpressionEvaluator evaluator(context);
  Batch input = singleRow();
  idx_t num_rows = plan.rows.size();
  Batch output;
  output.num_rows = num_rows;
  for (size_t column = 0; column < plan.column_types.size(); ++column) {
    Vector vector(plan.column_types[column], std::max<idx_t>(num_rows, 1));
    for (idx_t row = 0; row < num_rows; ++row) {
      Vector value = evaluator.evaluate(*plan.rows[row][column], input);
      vector.setValue(row, value.getValue(0));
    }
    output.columns.push_back(std::move(vector));
  }
  return {std::move(output)};
}

std::vector<Batch> executeProject(const LogicalOperator& plan, const ExecContext& context) {
  ExpressionEvaluator evaluator(context);
  std::vector<Batch> outputs;
  for (const Batch& input : executePlan(*plan.children[0], context)) {
    Batch output;
    output.num_rows = input.num_rows;
    for (const auto& expr : plan.expressions) {
      Vector value = evaluator.evaluate(*expr, input);
      // Results leave as flat vectors so that consumers never see a constant.
      value.flatten(input.num_rows);
      output.columns.push_back(std::move(value));
    }
    outputs.push_back(std::move(output));
  }
  return outputs;
}

Batch compact(const Batch& input, const std::vector<uint32_t>& selected) {
  Batch output;
  output.num_rows = selected.size();
  RowSet rows{selected.data(), selected.size()};
  for (const Vector& column : input.columns) {
    Vector target(column.type(), std::max<idx_t>(selected.size(), 1));
    gatherRows(column, rows, target);
    output.columns.push_back(std::move(target));
  }
  return output;
}

std::vector<Batch> executeFilter(const LogicalOperator& plan, const ExecContext& context) {
  ExpressionEvaluator evaluator(context);
  std::vector<Batch> outputs;
  for (const Batch& input : executePlan(*plan.children[0], context)) {
    Vector predicate = evaluator.evaluate(*plan.expressions[0], input);
    std::vector<uint32_t> selected;
    for (idx_t row = 0; row < input.num_rows; ++row) {
      if (!predicate.isNull(row) && predicate.at<uint8_t>(row) != 0) {
        selected.push_back(static_cast<uint32_t>(row));
      }
    }
    if (!selected.empty()) outputs.push_back(compact(input, selected));
  }
  return outputs;
}

std::vector<Batch> executeLimit(const LogicalOperator& plan, const ExecContext& context) {
  std::vector<Batch> outputs;
  int64_t to_skip = plan.offset;
  int64_t to_keep = plan.limit < 0 ? INT64_MAX : plan.limit;
  for (const Batch& input : executePlan(*plan.children[0], context)) {
    std::vector<uint32_t> selected;
    for (idx_t row = 0; row < input.num_rows && to_keep > 0; ++row) {
      if (to_skip > 0) {
        --to_skip;
        continue;
      }
      selected.push_back(static_cast<uint32_t>(row));
      --to_keep;
    }
    if (!selected.empty()) outputs.push_back(compact(input, selected));
  }
  return outputs;
}

}  // namespace

std::vector<Batch> executePlan(const LogicalOperator& plan, const ExecContext& context) {
  switch (plan.kind) {
    case LogicalOperatorKind::kSingleRow: return {singleRow()};
    case LogicalOperatorKind::kValues: return executeValues(plan, context);
    case LogicalOperatorKind::kProject: return executeProject(plan, context);
    case LogicalOperatorKind::kFilter: return executeFilter(plan, context);
    case LogicalOperatorKind::kLimit: return executeLimit(plan, context);
  }
  SLUICE_UNREACHABLE("unknown logical operator");
}

}  // namespace sluice
