// src/session/dml_target.hpp
//
// What INSERT, DELETE and UPDATE (and MERGE after them) share: the table they change (a table
// of the catalog or delta.`/path`, at its latest version), its columns as a scope to bind
// conditions and values in, Spark's store-assignment casts into its columns, Delta's
// refusal of subqueries in DML conditions, and the rows a change data feed records.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "planner/binder/bind_context.hpp"
#include "planner/expression/bound_expression.hpp"
#include "planner/logical/logical_operator.hpp"
#include "session/catalog_statements.hpp"
#include "storage/delta/snapshot.hpp"

namespace sluice {

struct DmlTarget {
  //! The table folder, absolute.
  std::string location;
  //! The table as errors and plans name it: `spark_catalog`.`default`.`t` or delta.`/path`.
  std::string display_name;
  //! The latest version, read before the statement decides anything.
  std::shared_ptr<const delta::Snapshot> snapshot;

  const std::vector<StructField>& schema() const { return snapshot->schema; }
};

//! Resolves `name` for `command` ("INSERT", "DELETE", ...): TABLE_OR_VIEW_NOT_FOUND,
//! EXPECT_TABLE_NOT_VIEW for a view, DELTA_MISSING_DELTA_TABLE for a path without a table.
DmlTarget resolveDmlTarget(const std::vector<std::string>& name, CatalogSession& session,
                           std::string_view command);

//! The target's columns, qualified by `alias`, or by the last part of `name` without one.
Scope targetScope(const DmlTarget& target, const std::vector<std::string>& name,
                  const std::string& alias);

//! The target column that `column` (c, or t.c with the scope's qualifier) names, resolved as
//! a column reference is: UNRESOLVED_COLUMN with suggestions when there is none.
size_t resolveTargetColumn(const std::vector<std::string>& column, sql::SourcePosition position,
                           const Scope& scope, const BindContext& context,
                           const sql::Statement& statement);

//! Raises DELTA_UNSUPPORTED_SUBQUERY when `expr` holds a subquery, as Delta does for the
//! conditions and values of `operation` ("DELETE", "UPDATE").
void refuseSubqueries(const sql::Expr& expr, const sql::Statement& statement,
                      std::string_view operation);

//! Binds a WHERE condition over `scope` as a query's WHERE is: INVALID_WHERE_CONDITION for
//! aggregate and window functions, DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN unless it is a BOOLEAN
//! (a STRING or NULL is cast).
BoundExpressionPtr bindCondition(const sql::Expr& condition, const Scope& scope,
                                 const BindContext& context, const sql::Statement& statement);

//! `value` cast to `column`'s type by Spark's ANSI store assignment;
//! INCOMPATIBLE_DATA_FOR_TABLE.CANNOT_SAFELY_CAST when it may not be.
BoundExpressionPtr storeAssignmentCast(BoundExpressionPtr value, const StructField& column,
                                       const std::string& table_name);

//! NOT (COALESCE(condition, FALSE)): the rows a condition does not match.
BoundExpressionPtr notMatching(BoundExpressionPtr condition);

//! TRUE where `condition` is TRUE; raises `error_class` with `message` at the first row where
//! it is not (a filter that lets every row pass or stops the statement).
BoundExpressionPtr requireTrue(BoundExpressionPtr condition, ErrorClass error_class,
                               std::string message);

//! Whether the target records the rows its DML changes (delta.enableChangeDataFeed): its
//! writes then carry each row's kind and old image (delta::TableWriteOptions::change_data).
bool recordsChanges(const DmlTarget& target);

//! Whether the target's DML deletes rows by deletion vector instead of rewriting their files
//! (delta::writesDeletionVectors: delta.enableDeletionVectors and the protocol's feature).
bool deletesByVector(const DmlTarget& target);

//! `kind` (a delta::kChangeKind*) where `condition` is TRUE, else NULL (a row kept as it was).
BoundExpressionPtr changeKindWhere(BoundExpressionPtr condition, const char* kind);

//! The table's columns as the input's first columns: the old image of rows read from the table.
std::vector<BoundExpressionPtr> readRowImage(const DmlTarget& target);

//! Appends to `project` (which computes the table's columns, as written) the columns a write
//! that records its changes carries after them: the row's kind (a STRING) and the row before
//! the write (one expression over the projection's input per table column).
void appendChangeColumns(LogicalOperator& project, const DmlTarget& target, BoundExpressionPtr kind,
                         std::vector<BoundExpressionPtr> old_image);

//! The rows of a write that records its changes: the first columns of `rows` (the table's,
//! as written), then appendChangeColumns' columns.
LogicalOperatorPtr withChangeKind(LogicalOperatorPtr rows, const DmlTarget& target,
                                  BoundExpressionPtr kind,
                                  std::vector<BoundExpressionPtr> old_image);

//! Delta's "predicate" operation parameter: the conditions' SQL as a JSON list.
std::string predicateParameter(const std::vector<const sql::Expr*>& conditions);

}  // namespace sluice
