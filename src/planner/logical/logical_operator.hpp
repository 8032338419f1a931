// src/planner/logical/logical_operator.hpp
//
// The logical plan: a tree of relational operators over bound expressions, each knowing the
// names and types of its output columns. EXPLAIN prints it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/error/error.hpp"
#include "function/table/table_function.hpp"
#include "planner/expression/bound_aggregate.hpp"
#include "planner/expression/bound_expression.hpp"
#include "planner/expression/bound_window.hpp"
#include "planner/logical/expectation_spec.hpp"
#include "planner/logical/generator_spec.hpp"
#include "planner/logical/logical_join.hpp"
#include "planner/logical/replicate_rows_spec.hpp"
#include "planner/logical/scan_pushdown.hpp"

namespace sluice {

enum class LogicalOperatorKind : uint8_t {
  kSingleRow,  // one row, no columns: the input of SELECT without FROM
  kValues,     // `rows` of constant-foldable expressions
  kProject,    // `expressions` over children[0]
  kFilter,     // rows of children[0] where expressions[0] is true
  kLimit,      // at most `limit` rows of children[0] after skipping `offset`
  kSort,       // children[0]'s rows ordered by `sort_keys`
  kScan,       // the rows of `source`: a table function's or a stored table's
  kAggregate,  // groups of children[0] by `expressions` (none: one global group), then `aggregates`
  kTopN,       // the first `limit` rows after `offset` of children[0] ordered by `sort_keys`
  kJoin,       // children[0] joined with children[1] by `join`
  kUnion,      // the rows of every child (UNION ALL); the children have the same column types
  kReplicateRows,     // each row of children[0] as often as `replicate` says, without its counts
  kWindow,            // children[0]'s columns, then one column per `window_functions`
  kGenerate,          // children[0]'s columns, then the rows `generator` makes of `expressions`
  kExpectations,      // children[0]'s rows, counted, dropped or failed by `expectation_check`
  kExpand,            // each row of children[0] once per projection of `rows` (grouping sets)
  kRecursiveCte,      // children[0] (the anchor), then children[1] run again over its own last
                      // output until it makes no rows: WITH RECURSIVE's UNION ALL
  kWorkingTableScan,  // the rows the kRecursiveCte of `recursion` made in its previous step
};

//! What a kRecursiveCte and the kWorkingTableScans of its recursive term share.
struct RecursionSpec {
  uint64_t id = 0;  // the same in the kRecursiveCte and its scans; unique in a statement
  //! MAX RECURSION LEVEL of the CTE; nullopt: the session's spark.sql.cteRecursionLevelLimit.
  std::optional<int64_t> max_level;
};

//! One key of a sort: a column of the input, its direction and where NULLs go.
struct SortSpec {
  idx_t column = 0;
  bool ascending = true;
  bool nulls_first = true;
};

struct LogicalOperator;
using LogicalOperatorPtr = std::unique_ptr<LogicalOperator>;

struct LogicalOperator {
  LogicalOperatorKind kind;
  std::vector<std::string> column_names;
  std::vector<DataType> column_types;
  std::vector<LogicalOperatorPtr> children;

  std::vector<BoundExpressionPtr> expressions;        // kProject, kFilter, kAggregate, kGenerate
  std::vector<std::vector<BoundExpressionPtr>> rows;  // kValues; kExpand: its projections
  int64_t limit = -1;  // kLimit, kTopN, kRecursiveCte (rows a LIMIT above needs); -1: no limit
  int64_t offset = 0;  // kLimit, kTopN
  std::vector<SortSpec> sort_keys;                      // kSort, kTopN
  std::shared_ptr<const TableSource> source;            // kScan
  ScanPushdown pushdown;                                // kScan
  std::vector<BoundAggregate> aggregates;               // kAggregate: output after the groups
  std::unique_ptr<LogicalJoin> join;                    // kJoin
  ReplicateRowsSpec replicate;                          // kReplicateRows
  std::vector<idx_t> partition_columns;                 // kWindow: PARTITION BY (input columns)
  std::vector<SortSpec> order_keys;                     // kWindow: ORDER BY (input columns)
  std::vector<BoundWindowFunction> window_functions;    // kWindow
  GeneratorSpec generator;                              // kGenerate
  std::shared_ptr<ExpectationCheck> expectation_check;  // kExpectations
  RecursionSpec recursion;                              // kRecursiveCte, kWorkingTableScan
  //! Where the operator was written, for errors raised when it is planned or run.
  std::optional<SourceLocation> location;

  //! The plan as indented text, one operator a line, for EXPLAIN.
  std::string explain(int depth = 0) const;

 private:
  //! Scans: the names of the columns read, and the predicates used to skip data, for EXPLAIN.
  std::vector<std::string> readColumnNames() const;
  std::string pushedPredicates() const;
  //! kSort, kTopN: "name ASC NULLS FIRST, ...".
  std::string sortKeysText() const;
};

//! A new operator of `kind`, its fields empty.
LogicalOperatorPtr makeOperator(LogicalOperatorKind kind);

//! `input` ordered by `keys`, without its columns from `visible` on (the hidden ones that only
//! ORDER BY needed).
LogicalOperatorPtr sortKeepingColumns(LogicalOperatorPtr input, std::vector<SortSpec> keys,
                                      idx_t visible);

}  // namespace sluice
