// src/exec/physical_planner.cpp
#include "exec/physical_planner.hpp"

#include <fmt/format.h>

#include <map>

#include "common/check.hpp"
#include "exec/physical/physical_expand.hpp"
#include "exec/physical/physical_expectations.hpp"
#include "exec/physical/physical_filter.hpp"
#include "exec/physical/physical_generate.hpp"
#include "exec/physical/physical_hash_aggregate.hpp"
#include "exec/physical/physical_hash_join.hpp"
#include "exec/physical/physical_limit.hpp"
#include "exec/physical/physical_projection.hpp"
#include "exec/physical/physical_recursive_cte.hpp"
#include "exec/physical/physical_replicate_rows.hpp"
#include "exec/physical/physical_result_collector.hpp"
#include "exec/physical/physical_sort.hpp"
#include "exec/physical/physical_table_write.hpp"
#include "exec/physical/physical_top_n.hpp"
#include "exec/physical/physical_ungrouped_aggregate.hpp"
#include "exec/physical/physical_union.hpp"
#include "exec/physical/physical_values.hpp"
#include "exec/physical/physical_window.hpp"
#include "exec/physical/physical_working_table_scan.hpp"
#include "exec/table_function/physical_table_source.hpp"
#include "function/scalar/nested_key_encoding.hpp"
#include "planner/expression/expression_rewriting.hpp"

namespace sluice {

namespace {

std::vector<SortKey> sortKeys(const LogicalOperator& logical) {
  std::vector<SortKey> keys;
  for (const SortSpec& spec : logical.sort_keys) {
    keys.push_back({spec.column, spec.ascending, spec.nulls_first});
  }
  return keys;
}

//! The working table of each recursive CTE being planned, by its recursion's id, for the
//! scans of its recursive term.
using WorkingTables = std::map<uint64_t, std::shared_ptr<WorkingTable>>;

PhysicalOperatorPtr plan(LogicalOperator& logical, const ExecContext& context,
                         WorkingTables& tables);

bool hasEncodedGroupKey(const LogicalOperator& aggregate) {
  for (const BoundExpressionPtr& key : aggregate.expressions) {
    if (isEncodedKeyType(key->type))
      return true;
  }
  return false;
}

//! An aggregate with STRUCT or ARRAY keys groups by their encodings (nested_key_encoding.hpp);
//! a projection above it decodes them.
PhysicalOperatorPtr planEncodedKeyAggregate(LogicalOperator& logical, const ExecContext& context,
                                            WorkingTables& tables) {
  std::vector<DataType> types = logical.column_types;
  std::vector<BoundExpressionPtr> outputs;
  for (idx_t column = 0; column < types.size(); ++column) {
    bool key = column < logical.expressions.size();
    if (!key || !isEncodedKeyType(types[column])) {
      outputs.push_back(BoundExpression::makeColumn(column, types[column]));
      continue;
    }
    logical.expressions[column] = encodeNestedKey(std::move(logical.expressions[column]));
    outputs.push_back(
        decodeNestedKey(BoundExpression::makeColumn(column, DataType::binary()), types[column]));
    types[column] = DataType::binary();
  }
  auto aggregate = std::make_unique<PhysicalHashAggregate>(
      std::move(types), std::move(logical.expressions), std::move(logical.aggregates));
  aggregate->children.push_back(plan(*logical.children[0], context, tables));
  auto decode = std::make_unique<PhysicalProjection>(logical.column_types, std::move(outputs));
  decode->children.push_back(std::move(aggregate));
  return decode;
}

bool hasEncodedSortKey(const LogicalOperator& sort) {
  for (const SortSpec& spec : sort.sort_keys) {
    if (isEncodedKeyType(sort.column_types[spec.column]))
      return true;
  }
  return false;
}

//! A sort or top-N by STRUCT or ARRAY values sorts by their encodings, which a projection
//! below it appends to the rows and one above it drops.
PhysicalOperatorPtr planEncodedKeySort(LogicalOperator& logical, const ExecContext& context,
                                       WorkingTables& tables) {
  const std::vector<DataType>& types = logical.column_types;
  std::vector<BoundExpressionPtr> with_encodings;
  for (idx_t column = 0; column < types.size(); ++column)
    with_encodings.push_back(BoundExpression::makeColumn(column, types[column]));
  std::vector<DataType> encoded_types = types;
  std::vector<SortKey> keys = sortKeys(logical);
  for (SortKey& key : keys) {
    if (!isEncodedKeyType(types[key.column]))
      continue;
    with_encodings.push_back(
        encodeNestedKey(BoundExpression::makeColumn(key.column, types[key.column])));
    encoded_types.push_back(DataType::binary());
    key.column = encoded_types.size() - 1;
  }
  auto encode = std::make_unique<PhysicalProjection>(encoded_types, std::move(with_encodings));
  encode->children.push_back(plan(*logical.children[0], context, tables));
  PhysicalOperatorPtr sort;
  if (logical.kind == LogicalOperatorKind::kTopN) {
    sort = std::make_unique<PhysicalTopN>(encoded_types, std::move(keys), logical.limit,
                                          logical.offset);
  } else {
    sort = std::make_unique<PhysicalSort>(encoded_types, std::move(keys));
  }
  sort->children.push_back(std::move(encode));
  std::vector<BoundExpressionPtr> columns;
  for (idx_t column = 0; column < types.size(); ++column)
    columns.push_back(BoundExpression::makeColumn(column, types[column]));
  auto drop = std::make_unique<PhysicalProjection>(types, std::move(columns));
  drop->children.push_back(std::move(sort));
  return drop;
}

//! A recursive CTE: its anchor and its step become plans of their own, run by the operator.
PhysicalOperatorPtr planRecursiveCte(LogicalOperator& logical, const ExecContext& context,
                                     WorkingTables& tables) {
  auto table = std::make_shared<WorkingTable>();
  tables[logical.recursion.id] = table;
  auto whole = [&](LogicalOperator& part) {
    auto collector = std::make_unique<PhysicalResultCollector>(part.column_types);
    collector->children.push_back(plan(part, context, tables));
    return collector;
  };
  PhysicalOperatorPtr anchor = whole(*logical.children[0]);
  PhysicalOperatorPtr step = whole(*logical.children[1]);
  PhysicalRecursiveCte::Limits limits{logical.limit, logical.recursion.max_level};
  return std::make_unique<PhysicalRecursiveCte>(logical.column_types, std::move(anchor),
                                                std::move(step), std::move(table), limits,
                                                logical.location);
}

PhysicalOperatorPtr plan(LogicalOperator& logical, const ExecContext& context,
                         WorkingTables& tables) {
  PhysicalOperatorPtr physical;
  if ((logical.kind == LogicalOperatorKind::kSort || logical.kind == LogicalOperatorKind::kTopN) &&
      hasEncodedSortKey(logical))
    return planEncodedKeySort(logical, context, tables);
  switch (logical.kind) {
    case LogicalOperatorKind::kSingleRow: {
      // One row without columns.
      std::vector<std::vector<BoundExpressionPtr>> rows(1);
      return std::make_unique<PhysicalValues>(std::vector<DataType>{}, std::move(rows));
    }
    case LogicalOperatorKind::kValues:
      return std::make_unique<PhysicalValues>(logical.column_types, std::move(logical.rows));
    case LogicalOperatorKind::kScan: {
      // Every source the engine's table functions bind is a PhysicalTableSource.
      const auto* source = dynamic_cast<const PhysicalTableSource*>(logical.source.get());
      SLUICE_CHECK(source != nullptr);
      return source->createScan(logical.column_types, std::move(logical.pushdown));
    }
    case LogicalOperatorKind::kProject:
      physical = std::make_unique<PhysicalProjection>(logical.column_types,
                                                      std::move(logical.expressions));
      break;
    case LogicalOperatorKind::kFilter:
      physical =
          std::make_unique<PhysicalFilter>(logical.column_types, std::move(logical.expressions[0]));
      break;
    case LogicalOperatorKind::kSort:
      physical = std::make_unique<PhysicalSort>(logical.column_types, sortKeys(logical));
      break;
    case LogicalOperatorKind::kAggregate:
      // Without keys there is one group: no hash table.
      if (logical.expressions.empty()) {
        physical = std::make_unique<PhysicalUngroupedAggregate>(logical.column_types,
                                                                std::move(logical.aggregates));
      } else if (hasEncodedGroupKey(logical)) {
        return planEncodedKeyAggregate(logical, context, tables);
      } else {
        physical = std::make_unique<PhysicalHashAggregate>(
            logical.column_types, std::move(logical.expressions), std::move(logical.aggregates));
      }
      break;
    case LogicalOperatorKind::kTopN:
      physical = std::make_unique<PhysicalTopN>(logical.column_types, sortKeys(logical),
                                                logical.limit, logical.offset);
      break;
    case LogicalOperatorKind::kJoin: {
      PhysicalOperatorPtr left = plan(*logical.children[0], context, tables);
      PhysicalOperatorPtr right = plan(*logical.children[1], context, tables);
      return PhysicalHashJoin::create(
          logical.column_types, *logical.join, logical.children[0]->column_types,
          logical.children[1]->column_types, std::move(left), std::move(right));
    }
    case LogicalOperatorKind::kWindow: {
      std::vector<SortKey> keys;
      for (const SortSpec& spec : logical.order_keys)
        keys.push_back({spec.column, spec.ascending, spec.nulls_first});
      physical = std::make_unique<PhysicalWindow>(
          logical.column_types, logical.children[0]->column_types.size(), logical.partition_columns,
          std::move(keys), std::move(logical.window_functions));
      break;
    }
    case LogicalOperatorKind::kLimit:
      physical =
          std::make_unique<PhysicalLimit>(logical.column_types, logical.limit, logical.offset);
      break;
    case LogicalOperatorKind::kUnion:
      physical = std::make_unique<PhysicalUnion>(logical.column_types);
      break;
    case LogicalOperatorKind::kReplicateRows:
      physical = std::make_unique<PhysicalReplicateRows>(logical.column_types, logical.replicate);
      break;
    case LogicalOperatorKind::kExpectations:
      physical =
          std::make_unique<PhysicalExpectations>(logical.column_types, logical.expectation_check);
      break;
    case LogicalOperatorKind::kExpand:
      physical = std::make_unique<PhysicalExpand>(logical.column_types, std::move(logical.rows));
      break;
    case LogicalOperatorKind::kRecursiveCte:
      return planRecursiveCte(logical, context, tables);
    case LogicalOperatorKind::kWorkingTableScan: {
      auto table = tables.find(logical.recursion.id);
      SLUICE_CHECK(table != tables.end());
      return std::make_unique<PhysicalWorkingTableScan>(logical.column_types, table->second);
    }
    case LogicalOperatorKind::kGenerate:
      physical = std::make_unique<PhysicalGenerate>(
          logical.column_types, logical.children[0]->column_types.size(), logical.generator,
          std::move(logical.expressions));
      break;
  }
  SLUICE_CHECK(physical != nullptr);
  for (auto& child : logical.children)
    physical->children.push_back(plan(*child, context, tables));
  return physical;
}

}  // namespace

PhysicalOperatorPtr createWritePlan(LogicalOperator& logical, const ExecContext& context,
                                    std::string table_path, delta::TableWriteOptions options,
                                    std::vector<SortKey> order) {
  auto write = std::make_unique<PhysicalTableWrite>(std::move(table_path), std::move(options),
                                                    logical.column_types);
  WorkingTables tables;
  PhysicalOperatorPtr rows = plan(logical, context, tables);
  if (!order.empty()) {
    auto sort = std::make_unique<PhysicalSort>(logical.column_types, std::move(order));
    sort->children.push_back(std::move(rows));
    rows = std::move(sort);
  }
  write->children.push_back(std::move(rows));
  return write;
}

PhysicalOperatorPtr createPhysicalPlan(LogicalOperator& logical, const ExecContext& context) {
  auto collector = std::make_unique<PhysicalResultCollector>(logical.column_types);
  WorkingTables tables;
  collector->children.push_back(plan(logical, context, tables));
  return collector;
}

}  // namespace sluice
