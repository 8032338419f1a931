#include "planner/logical/logical_operator.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "planner/logical/logical_window.hpp"

namespace sluice {

LogicalOperatorPtr makeOperator(LogicalOperatorKind kind) {
  auto op = std::make_unique<LogicalOperator>();
  op->kind = kind;
  return op;
}

std::vector<std::string> LogicalOperator::readColumnNames() const {
  std::vector<std::string> names;
  for (size_t column = 0; column < column_names.size(); ++column) {
    if (pushdown.readsColumn(column))
      names.push_back(column_names[column]);
  }
  return names;
}

std::string LogicalOperator::sortKeysText() const {
  std::string keys;
  for (const SortSpec& key : sort_keys) {
    if (!keys.empty())
      keys += ", ";
    keys += fmt::format("{} {} NULLS {}", column_names[key.column], key.ascending ? "ASC" : "DESC",
                        key.nulls_first ? "FIRST" : "LAST");
  }
  return keys;
}

std::string LogicalOperator::pushedPredicates() const {
  if (pushdown.predicates.empty())
    return "";
  std::vector<std::string> texts;
  for (const ScanPredicate& predicate : pushdown.predicates)
    texts.push_back(predicate.toString());
  return fmt::format(" skipping by [{}]", fmt::join(texts, " AND "));
}

std::string LogicalOperator::explain(int depth) const {
  std::string line(static_cast<size_t>(depth) * 2, ' ');
  auto joinExpressions = [](const std::vector<BoundExpressionPtr>& list) {
    std::string out;
    for (size_t i = 0; i < list.size(); ++i) {
      if (i > 0)
        out += ", ";
      out += list[i]->toString();
    }
    return out;
  };
  switch (kind) {
    case LogicalOperatorKind::kSingleRow:
      line += "SingleRow";
      break;
    case LogicalOperatorKind::kValues:
      line += fmt::format("Values [{} rows]", rows.size());
      break;
    case LogicalOperatorKind::kProject:
      line += fmt::format("Project [{}]", joinExpressions(expressions));
      break;
    case LogicalOperatorKind::kFilter:
      line += fmt::format("Filter {}", expressions[0]->toString());
      break;
    case LogicalOperatorKind::kLimit:
      line += fmt::format("Limit {} offset {}", limit, offset);
      break;
    case LogicalOperatorKind::kSort: {
      line += fmt::format("Sort [{}]", sortKeysText());
      break;
    }
    case LogicalOperatorKind::kTopN:
      line += fmt::format("TopN [{}] limit {} offset {}", sortKeysText(), limit, offset);
      break;
    case LogicalOperatorKind::kScan:
      line += source->explain(fmt::format("{}", fmt::join(readColumnNames(), ", "))) +
              pushedPredicates();
      break;
    case LogicalOperatorKind::kAggregate: {
      std::string calls;
      for (const BoundAggregate& aggregate : aggregates)
        calls += (calls.empty() ? "" : ", ") + aggregate.toString();
      line += fmt::format("Aggregate [{}] [{}]", joinExpressions(expressions), calls);
      break;
    }
    case LogicalOperatorKind::kJoin:
      line += "Join " + join->describe();
      break;
    case LogicalOperatorKind::kExpectations: {
      std::string checks;
      for (const BoundExpectation& expectation : expectation_check->expectations) {
        checks += (checks.empty() ? "" : ", ") + expectation.counts->name + ": " +
                  expectation.condition->toString();
      }
      line += fmt::format("Expectations [{}]", checks);
      break;
    }
    case LogicalOperatorKind::kUnion:
      line += fmt::format("Union [{}]", fmt::join(column_names, ", "));
      break;
    case LogicalOperatorKind::kReplicateRows:
      line += "ReplicateRows " + replicate.toString();
      break;
    case LogicalOperatorKind::kWindow:
      line += explainWindow(*this);
      break;
    case LogicalOperatorKind::kExpand: {
      std::vector<std::string> projections;
      for (const auto& projection : rows)
        projections.push_back("[" + joinExpressions(projection) + "]");
      line += fmt::format("Expand [{}]", fmt::join(projections, ", "));
      break;
    }
    case LogicalOperatorKind::kRecursiveCte:
      line += fmt::format("RecursiveCte #{} [{}]", recursion.id, fmt::join(column_names, ", "));
      if (recursion.max_level)
        line += fmt::format(" max level {}", *recursion.max_level);
      if (limit >= 0)
        line += fmt::format(" limit {}", limit);
      break;
    case LogicalOperatorKind::kWorkingTableScan:
      line += fmt::format("WorkingTableScan #{} [{}]", recursion.id, fmt::join(column_names, ", "));
      break;
    case LogicalOperatorKind::kGenerate: {
      // The generated columns are the ones after the input's.
      std::vector<std::string> generated(
          column_names.begin() + static_cast<std::ptrdiff_t>(children[0]->column_names.size()),
          column_names.end());
      std::string rows =
          generator.kind == GeneratorKind::kStack ? fmt::format("{}, ", generator.stack_rows) : "";
      line += fmt::format("Generate {}({}{}) [{}]", generator.name, rows,
                          joinExpressions(expressions), fmt::join(generated, ", "));
      break;
    }
  }
  line += '\n';
  for (const auto& child : children)
    line += child->explain(depth + 1);
  return line;
}

LogicalOperatorPtr sortKeepingColumns(LogicalOperatorPtr input, std::vector<SortSpec> keys,
                                      idx_t visible) {
  auto sort = std::make_unique<LogicalOperator>();
  sort->kind = LogicalOperatorKind::kSort;
  sort->column_names = input->column_names;
  sort->column_types = input->column_types;
  sort->sort_keys = std::move(keys);
  sort->children.push_back(std::move(input));
  if (sort->column_names.size() == visible)
    return sort;

  auto visible_columns = std::make_unique<LogicalOperator>();
  visible_columns->kind = LogicalOperatorKind::kProject;
  for (idx_t index = 0; index < visible; ++index) {
    visible_columns->expressions.push_back(
        BoundExpression::makeColumn(index, sort->column_types[index]));
    visible_columns->column_names.push_back(sort->column_names[index]);
    visible_columns->column_types.push_back(sort->column_types[index]);
  }
  visible_columns->children.push_back(std::move(sort));
  return visible_columns;
}

}  // namespace sluice
