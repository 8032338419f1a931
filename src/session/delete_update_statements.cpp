// src/session/delete_update_statements.cpp
//
// DELETE FROM t [WHERE c] and UPDATE t SET col = e, ... [WHERE c] as Delta runs them. Copy-on-
// write: the files holding a row the condition matches are read again and written anew without
// the deleted rows, or with the updated ones, and the commit removes the old files and adds the
// new ones ("DELETE" / "UPDATE" with Delta's operationMetrics). With deletion vectors
// (delta::writesDeletionVectors): the matching rows' positions are found in the first pass,
// the commit gives their files deletion vectors, and only UPDATE's new rows are written.
// Files that hold no matching row stay; those the file statistics rule out are never read. A
// DELETE without WHERE removes every file unread. When nothing matches, nothing is committed,
// as in Delta. Both answer with num_affected_rows. A table with delta.enableChangeDataFeed
// also gets the deleted rows, and the updated ones before and after, in change data files of
// the same commit; a DELETE without WHERE needs none (its removes are the deletes).
#include <fmt/format.h>

#include <set>

#include "exec/dml/matched_files.hpp"
#include "exec/table_sink.hpp"
#include "planner/binder/expression_binder.hpp"
#include "planner/expression/expression_rewriting.hpp"
#include "session/catalog_statements.hpp"
#include "session/dml_target.hpp"
#include "session/result_rows_builder.hpp"
#include "storage/delta/table_properties.hpp"

namespace sluice {

namespace {

StatementResult affectedRows(int64_t rows) {
  ResultRowsBuilder result({"num_affected_rows"}, {DataType::longType()});
  result.addRow({Value::longValue(rows)});
  return result.finish();
}

//! The commit of `rewritten` (rows of `matched`'s files, or none): copy-on-write, or with
//! `by_vector` deletion vectors for the matched positions.
delta::TableWriteResult commitRewrite(
    const DmlTarget& target, const MatchedFiles& matched, bool by_vector,
    LogicalOperatorPtr rewritten, const ExecContext& context, std::string operation,
    delta::Json parameters, std::function<delta::Json(const delta::TableWriteResult&)> metrics) {
  delta::TableWriteOptions options;
  options.change_data = rewritten && recordsChanges(target);
  options.mode = delta::WriteMode::kAppend;
  options.read_version = target.snapshot->version;
  if (by_vector) {
    options.deleted_rows = std::make_shared<delta::RowDeletions>();
    for (const auto& [path, positions] : matched.positions)
      options.deleted_rows->add(path, positions);
  } else {
    options.replaced_files = matched.files;
  }
  options.reads_table = true;
  options.operation = std::move(operation);
  options.operation_parameters = std::move(parameters);
  options.operation_metrics = std::move(metrics);
  return writeToTable(rewritten.get(), context, target.location, std::move(options));
}

std::string count(int64_t value) {
  return std::to_string(value);
}

//! The rows of `matched`'s files for which `filter` is TRUE.
LogicalOperatorPtr rowsWhere(const DmlTarget& target, const MatchedFiles& matched,
                             BoundExpressionPtr filter) {
  LogicalOperatorPtr scan = scanOfFiles(target.snapshot, matched.files, target.display_name);
  auto rows = makeOperator(LogicalOperatorKind::kFilter);
  rows->column_names = scan->column_names;
  rows->column_types = scan->column_types;
  rows->expressions.push_back(std::move(filter));
  rows->children.push_back(std::move(scan));
  return rows;
}

}  // namespace

StatementResult runDelete(const sql::DeleteStatement& del, CatalogSession& session) {
  DmlTarget target = resolveDmlTarget(del.target, session, "DELETE");
  delta::refuseIfAppendOnly(target.snapshot->metadata, target.display_name);
  BindContext context = session.bindContext();
  BoundExpressionPtr condition;
  if (del.condition) {
    refuseSubqueries(*del.condition, del, "DELETE");
    condition =
        bindCondition(*del.condition, targetScope(target, del.target, del.alias), context, del);
  }
  // Without a condition every file goes, unread: there are no rows to delete by vector.
  bool by_vector = condition && deletesByVector(target);
  MatchedFiles matched =
      findMatchedFiles(target.snapshot, condition.get(), context.exec, by_vector);
  if (matched.files.empty())
    return affectedRows(0);

  LogicalOperatorPtr kept;
  if (by_vector) {
    // Nothing is rewritten; a change data feed records the deleted rows.
    if (recordsChanges(target)) {
      kept = withChangeKind(rowsWhere(target, matched, std::move(condition)), target,
                            BoundExpression::makeConstant(Value::string(delta::kChangeKindDelete)),
                            readRowImage(target));
    }
  } else if (condition && recordsChanges(target)) {
    // Every row is read once: the deleted ones become changes, the others stay.
    LogicalOperatorPtr scan = scanOfFiles(target.snapshot, matched.files, target.display_name);
    kept = withChangeKind(std::move(scan), target,
                          changeKindWhere(std::move(condition), delta::kChangeKindDelete),
                          readRowImage(target));
  } else if (condition) {
    kept = rowsWhere(target, matched, notMatching(std::move(condition)));
  }
  std::vector<const sql::Expr*> predicates;
  if (del.condition)
    predicates.push_back(del.condition.get());
  delta::Json parameters = delta::Json::object();
  parameters["predicate"] = predicateParameter(predicates);
  int64_t deleted = matched.num_matched_rows;
  commitRewrite(target, matched, by_vector, std::move(kept), context.exec, "DELETE", parameters,
                [deleted](const delta::TableWriteResult& written) {
                  delta::Json metrics = delta::Json::object();
                  metrics["numRemovedFiles"] = count(written.num_removed_files);
                  metrics["numRemovedBytes"] = count(written.num_removed_bytes);
                  metrics["numCopiedRows"] = count(written.num_rows);
                  metrics["numDeletionVectorsAdded"] = count(written.num_vectors_added);
                  metrics["numDeletionVectorsRemoved"] = count(written.num_vectors_removed);
                  metrics["numDeletionVectorsUpdated"] = count(written.num_vectors_updated);
                  metrics["numAddedChangeFiles"] = count(written.num_change_files);
                  metrics["numDeletedRows"] = count(deleted);
                  metrics["numAddedFiles"] = count(written.num_files);
                  metrics["numAddedBytes"] = count(written.num_bytes);
                  return metrics;
                });
  return affectedRows(deleted);
}

StatementResult runUpdate(const sql::UpdateStatement& update, CatalogSession& session) {
  DmlTarget target = resolveDmlTarget(update.target, session, "UPDATE");
  delta::refuseIfAppendOnly(target.snapshot->metadata, target.display_name);
  BindContext context = session.bindContext();
  Scope scope = targetScope(target, update.target, update.alias);
  const std::vector<StructField>& schema = target.schema();

  // SET: each column once, its value cast into the column by store assignment.
  std::vector<BoundExpressionPtr> values(schema.size());
  for (const sql::Assignment& assignment : update.assignments) {
    size_t column =
        resolveTargetColumn(assignment.column, assignment.position, scope, context, update);
    if (values[column]) {
      throw Error(ErrorClass::DELTA_CONFLICT_SET_COLUMN,
                  fmt::format("There is a conflict from these SET columns: [{}].",
                              quoteName(schema[column].name)))
          .withLocation(update.locate(assignment.position));
    }
    refuseSubqueries(*assignment.value, update, "UPDATE");
    BoundExpressionPtr value;
    try {
      value = storeAssignmentCast(ExpressionBinder(context, update, scope).bind(*assignment.value),
                                  schema[column], target.display_name);
    } catch (Error& error) {
      throw error.withLocation(update.locate(assignment.value->position));
    }
    values[column] = std::move(value);
  }
  BoundExpressionPtr condition;
  if (update.condition) {
    refuseSubqueries(*update.condition, update, "UPDATE");
    condition = bindCondition(*update.condition, scope, context, update);
  }
  bool by_vector = condition && deletesByVector(target);
  MatchedFiles matched =
      findMatchedFiles(target.snapshot, condition.get(), context.exec, by_vector);
  if (matched.files.empty())
    return affectedRows(0);

  // Every row of the matched files is written again: CASE WHEN condition THEN value ELSE col.
  // With deletion vectors only the matching rows are, updated (their old rows are deleted);
  // the condition is then spent on the filter.
  LogicalOperatorPtr scan = by_vector
                                ? rowsWhere(target, matched, std::move(condition))
                                : scanOfFiles(target.snapshot, matched.files, target.display_name);
  auto project = makeOperator(LogicalOperatorKind::kProject);
  for (size_t column = 0; column < schema.size(); ++column) {
    project->column_names.push_back(schema[column].name);
    project->column_types.push_back(schema[column].type);
    BoundExpressionPtr old_value = BoundExpression::makeColumn(column, schema[column].type);
    if (!values[column]) {
      project->expressions.push_back(std::move(old_value));
      continue;
    }
    if (!condition) {
      project->expressions.push_back(std::move(values[column]));
      continue;
    }
    auto choice = std::make_unique<BoundExpression>();
    choice->kind = BoundExpressionKind::kCase;
    choice->type = schema[column].type;
    choice->has_else = true;
    choice->children.push_back(copyExpression(*condition));
    choice->children.push_back(std::move(values[column]));
    choice->children.push_back(std::move(old_value));
    project->expressions.push_back(std::move(choice));
  }
  project->children.push_back(std::move(scan));
  if (recordsChanges(target)) {
    // The row's kind (read in the same scan as the condition) and the read row as its old
    // image follow the updated row.
    BoundExpressionPtr kind =
        condition ? changeKindWhere(std::move(condition), delta::kChangeKindUpdate)
                  : BoundExpression::makeConstant(Value::string(delta::kChangeKindUpdate));
    appendChangeColumns(*project, target, std::move(kind), readRowImage(target));
  }

  std::vector<const sql::Expr*> predicates;
  if (update.condition)
    predicates.push_back(update.condition.get());
  delta::Json parameters = delta::Json::object();
  parameters["predicate"] = predicateParameter(predicates);
  int64_t updated = matched.num_matched_rows;
  commitRewrite(target, matched, by_vector, std::move(project), context.exec, "UPDATE", parameters,
                [updated](const delta::TableWriteResult& written) {
                  delta::Json metrics = delta::Json::object();
                  metrics["numRemovedFiles"] = count(written.num_removed_files);
                  metrics["numRemovedBytes"] = count(written.num_removed_bytes);
                  metrics["numCopiedRows"] = count(written.num_rows - updated);
                  metrics["numDeletionVectorsAdded"] = count(written.num_vectors_added);
                  metrics["numDeletionVectorsRemoved"] = count(written.num_vectors_removed);
                  metrics["numDeletionVectorsUpdated"] = count(written.num_vectors_updated);
                  metrics["numAddedChangeFiles"] = count(written.num_change_files);
                  metrics["numUpdatedRows"] = count(updated);
                  metrics["numAddedFiles"] = count(written.num_files);
                  metrics["numAddedBytes"] = count(written.num_bytes);
                  return metrics;
                });
  return affectedRows(updated);
}

}  // namespace sluice
