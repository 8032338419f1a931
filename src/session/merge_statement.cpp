// src/session/merge_statement.cpp
//
// MERGE INTO target USING source ON condition WHEN ... , copy-on-write as Delta runs it
// without deletion vectors, in at most two passes and one commit ("MERGE"):
//
//  1. Which target files a change touches: the target (files that the ON condition's target
//     conjuncts rule out are skipped) joined with the source, INNER, or LEFT from the target
//     when NOT MATCHED BY SOURCE clauses exist. A file is touched by a row that a MATCHED
//     clause may change (any matched row when NOT MATCHED clauses exist, so that the second
//     pass sees every match and inserts no source row that has one) or that a NOT MATCHED BY
//     SOURCE clause may change. A target row that two source rows match fails the statement
//     (DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE), unless the only MATCHED clause
//     is an unconditional DELETE. A MERGE of NOT MATCHED clauses only skips this pass.
//  2. The touched files joined with the source again (FULL when rows may be inserted, else
//     LEFT from the target; for an insert-only MERGE the source rows without a match, by an
//     anti join with the whole target). Each joined row takes the first clause of its kind
//     whose condition holds and is written updated, inserted, or kept as it was; deleted rows
//     and source rows no clause inserts are dropped. The commit removes the touched files.
//     A table with delta.enableChangeDataFeed keeps the deleted rows as changes, and each
//     written row carries its kind and the target row as it was, for its change data files.
//     With deletion vectors (deletesByVector) no file is removed: the positions of
//     the target rows a clause updates or deletes go to the commit's deletion vectors, and
//     copied rows are not written again. Pass 1 is then skipped: pass 2 reads the whole target
//     (by an INNER join when no clause needs target rows without a match) and finds target
//     rows matched twice itself (a TargetRowSet).
//
// MERGE WITH SCHEMA EVOLUTION adds the source columns the target lacks that its clauses write
// (evolveTargetSchema) to the target's schema in the same commit, as Delta does.
//
// Rows: target columns (n), the target row's file path and position (its identity, also
// telling whether a target row is present), source columns (m), and a flag telling whether a
// source row is present. The conditions and values are bound over the target's and the
// source's columns and moved to those positions.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "common/text/ascii_case.hpp"
#include "exec/chain/plan_executor.hpp"
#include "exec/dml/matched_files.hpp"
#include "exec/parallel/task_scheduler.hpp"
#include "exec/physical_planner.hpp"
#include "exec/plan_optimization.hpp"
#include "exec/table_sink.hpp"
#include "function/function_registry.hpp"
#include "planner/binder/expression_binder.hpp"
#include "planner/binder/query_binder.hpp"
#include "planner/expression/expression_rewriting.hpp"
#include "session/catalog_statements.hpp"
#include "session/dml_target.hpp"
#include "session/result_rows_builder.hpp"
#include "sql/printer.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/schema_evolution.hpp"
#include "storage/delta/table_properties.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

namespace {

using sql::MergeActionKind;
using sql::MergeClauseKind;

//! What a joined row becomes when no clause applies: kept as it was (a target row) or dropped
//! (a source row no clause inserts). Clauses are numbered from 0 in statement order.
constexpr int32_t kCopyRow = -1;
constexpr int32_t kDropRow = -2;

//! Counts of phase 2, by what each row became.
struct MergeCounts {
  explicit MergeCounts(size_t clauses) : per_clause(clauses) {}
  std::vector<std::atomic<int64_t>> per_clause;
  std::atomic<int64_t> copied{0};
  std::atomic<int64_t> source_rows{0};
};

//! What phase 1 finds: the touched files and the target rows matched more than once.
struct TouchedRows {
  std::mutex mutex;
  std::unordered_map<std::string, uint64_t> file_ids;
  std::unordered_set<uint64_t> matched_rows;
  std::set<std::string> touched_files;
  int64_t repeated_matches = 0;  // matches beyond the first of each target row
};

BoundExpressionPtr call(std::string_view name, std::vector<BoundExpressionPtr> arguments) {
  const ScalarFunctionEntry* entry = FunctionRegistry::builtin().findScalar(name);
  SLUICE_CHECK(entry != nullptr);
  return ExpressionBinder::bindBuiltinCall(*entry, name, std::move(arguments));
}

BoundExpressionPtr isNotNull(idx_t column, DataType type) {
  std::vector<BoundExpressionPtr> arguments;
  arguments.push_back(BoundExpression::makeColumn(column, std::move(type)));
  return call("isnotnull", std::move(arguments));
}

BoundExpressionPtr booleanOf(BoundExpressionKind kind, BoundExpressionPtr left,
                             BoundExpressionPtr right) {
  auto both = std::make_unique<BoundExpression>();
  both->kind = kind;
  both->type = DataType::boolean();
  both->children.push_back(std::move(left));
  both->children.push_back(std::move(right));
  return both;
}

BoundExpressionPtr constantBool(bool value) {
  return BoundExpression::makeConstant(Value::boolean(value));
}

BoundExpressionPtr constantInt(int32_t value) {
  return BoundExpression::makeConstant(Value::intValue(value));
}

//! CASE WHEN c1 THEN v1 ... ELSE otherwise END; `otherwise` alone without branches.
BoundExpressionPtr caseOf(std::vector<std::pair<BoundExpressionPtr, BoundExpressionPtr>> branches,
                          BoundExpressionPtr otherwise) {
  if (branches.empty())
    return otherwise;
  auto choice = std::make_unique<BoundExpression>();
  choice->kind = BoundExpressionKind::kCase;
  choice->type = otherwise->type;
  choice->has_else = true;
  for (auto& [when, then] : branches) {
    choice->children.push_back(std::move(when));
    choice->children.push_back(std::move(then));
  }
  choice->children.push_back(std::move(otherwise));
  return choice;
}

std::string clauseName(const sql::MergeClause& clause) {
  switch (clause.action) {
    case MergeActionKind::kUpdate:
    case MergeActionKind::kUpdateAll:
      return "UPDATE";
    case MergeActionKind::kDelete:
      return "DELETE";
    case MergeActionKind::kInsert:
    case MergeActionKind::kInsertAll:
      return "INSERT";
  }
  return "";
}

std::string metricValue(int64_t value) {
  return std::to_string(value);
}

//! Target rows seen so far, by file and position, shared by the threads: the rows a MERGE
//! deleted (each recorded once as a change), or, when pass 2 finds rows matched twice itself
//! (deletion vectors), the rows matched.
class TargetRowSet {
 public:
  //! Whether the row was not seen before (and now is).
  bool firstTime(std::string file, int64_t position) {
    std::lock_guard lock(mutex_);
    return rows_.emplace(std::move(file), position).second;
  }

 private:
  std::mutex mutex_;
  std::set<std::pair<std::string, int64_t>> rows_;
};

[[noreturn]] void throwMultipleMatches() {
  throw Error(ErrorClass::DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE,
              "Cannot perform Merge as multiple source rows matched and attempted to modify the "
              "same target row in the Delta table in possibly conflicting ways. By SQL semantics "
              "of Merge, when multiple source rows match on the same target row, the result may "
              "be ambiguous as it is unclear which source row should be used to update or delete "
              "the matching target row. You can preprocess the source table to eliminate the "
              "possibility of multiple matches.");
}

class MergeRunner {
 public:
  MergeRunner(const sql::MergeStatement& merge, CatalogSession& session)
      : merge_(merge), session_(session), context_(session.bindContext()) {}

  StatementResult run() {
    target_ = resolveDmlTarget(merge_.target, session_, "MERGE");
    bindSource();
    if (merge_.schema_evolution)
      evolveTargetSchema();
    bindClauses();

    bool has_matched = false;
    bool has_by_source = false;
    for (const sql::MergeClause& clause : merge_.clauses) {
      has_matched |= clause.kind == MergeClauseKind::kMatched;
      has_by_source |= clause.kind == MergeClauseKind::kNotMatchedBySource;
      has_inserts_ |= clause.kind == MergeClauseKind::kNotMatched;
    }
    // Only a MERGE that may change rows is refused by an append-only table.
    if (has_matched || has_by_source)
      delta::refuseIfAppendOnly(target_.snapshot->metadata, target_.display_name);
    bool insert_only = !has_matched && !has_by_source;
    if (!insert_only && deletesByVector(target_))
      deleted_rows_ = std::make_shared<delta::RowDeletions>();
    std::vector<delta::AddFile> touched;
    if (deleted_rows_)
      touched = allFiles();
    else if (!insert_only)
      touched = findTouchedFiles(has_by_source);
    // An insert-only MERGE only adds files, whose rows are its inserts: it needs no change
    // data files.
    records_changes_ = recordsChanges(target_) && !insert_only;
    if (!insert_only && touched.empty() && !has_inserts_)
      return result(0, 0, 0);

    auto counts = std::make_shared<MergeCounts>(merge_.clauses.size());
    LogicalOperatorPtr rows = insert_only
                                  ? unmatchedSourceRows(counts)
                                  : joinedRows(touched, has_inserts_, has_by_source, counts);
    rows = optimizePlan(writtenRows(std::move(rows), counts), context_.exec);

    delta::TableWriteOptions options;
    options.mode = delta::WriteMode::kAppend;
    options.read_version = target_.snapshot->version;
    if (!deleted_rows_)
      options.replaced_files = touched;
    options.deleted_rows = deleted_rows_;
    options.evolved_metadata = evolved_metadata_;
    options.reads_table = true;
    options.skip_empty_commit = true;
    options.operation = "MERGE";
    options.operation_parameters = parameters();
    options.change_data = records_changes_;
    int64_t repeated = repeated_matches_;
    auto totals = [this, counts, repeated]() {
      Totals totals;
      for (size_t index = 0; index < merge_.clauses.size(); ++index) {
        const sql::MergeClause& clause = merge_.clauses[index];
        int64_t rows = counts->per_clause[index].load();
        bool by_source = clause.kind == MergeClauseKind::kNotMatchedBySource;
        switch (clause.action) {
          case MergeActionKind::kUpdate:
          case MergeActionKind::kUpdateAll:
            (by_source ? totals.by_source_updated : totals.matched_updated) += rows;
            break;
          case MergeActionKind::kDelete:
            (by_source ? totals.by_source_deleted : totals.matched_deleted) += rows;
            break;
          case MergeActionKind::kInsert:
          case MergeActionKind::kInsertAll:
            totals.inserted += rows;
            break;
        }
      }
      // An unconditional DELETE may match a target row more than once; it is deleted once.
      totals.matched_deleted -= repeated;
      return totals;
    };
    options.operation_metrics = [counts, totals](const delta::TableWriteResult& written) {
      Totals t = totals();
      delta::Json metrics = delta::Json::object();
      metrics["numSourceRows"] = metricValue(counts->source_rows.load());
      metrics["numTargetRowsInserted"] = metricValue(t.inserted);
      metrics["numTargetRowsUpdated"] = metricValue(t.matched_updated + t.by_source_updated);
      metrics["numTargetRowsMatchedUpdated"] = metricValue(t.matched_updated);
      metrics["numTargetRowsNotMatchedBySourceUpdated"] = metricValue(t.by_source_updated);
      metrics["numTargetRowsDeleted"] = metricValue(t.matched_deleted + t.by_source_deleted);
      metrics["numTargetRowsMatchedDeleted"] = metricValue(t.matched_deleted);
      metrics["numTargetRowsNotMatchedBySourceDeleted"] = metricValue(t.by_source_deleted);
      metrics["numTargetRowsCopied"] = metricValue(counts->copied.load());
      metrics["numOutputRows"] = metricValue(written.num_rows);
      metrics["numTargetFilesAdded"] = metricValue(written.num_files);
      metrics["numTargetFilesRemoved"] = metricValue(written.num_removed_files);
      metrics["numTargetBytesAdded"] = metricValue(written.num_bytes);
      metrics["numTargetBytesRemoved"] = metricValue(written.num_removed_bytes);
      metrics["numTargetChangeFilesAdded"] = metricValue(written.num_change_files);
      metrics["numTargetDeletionVectorsAdded"] = metricValue(written.num_vectors_added);
      metrics["numTargetDeletionVectorsRemoved"] = metricValue(written.num_vectors_removed);
      metrics["numTargetDeletionVectorsUpdated"] = metricValue(written.num_vectors_updated);
      return metrics;
    };
    delta::TableWriteResult written =
        writeToTable(rows.get(), context_.exec, target_.location, std::move(options));
    (void)written;
    Totals t = totals();
    return result(t.matched_updated + t.by_source_updated, t.matched_deleted + t.by_source_deleted,
                  t.inserted);
  }

 private:
  struct Totals {
    int64_t inserted = 0;
    int64_t matched_updated = 0;
    int64_t by_source_updated = 0;
    int64_t matched_deleted = 0;
    int64_t by_source_deleted = 0;
  };

  //! What a clause does, bound: its condition and, for UPDATE and INSERT, one value per
  //! target column (null: the target's own value, or NULL for an insert).
  struct BoundClause {
    BoundExpressionPtr condition;
    std::vector<BoundExpressionPtr> values;
  };

  size_t targetWidth() const { return target_.schema().size(); }
  //! Where source column `column` sits in a joined row.
  idx_t sourceAt(size_t column) const { return targetWidth() + 2 + column; }
  idx_t filePathAt() const { return targetWidth(); }
  idx_t rowIndexAt() const { return targetWidth() + 1; }
  idx_t sourcePresentAt() const { return sourceAt(source_types_.size()); }

  void bindSource() {
    QueryBinder binder(context_, merge_);
    Scope scope;
    source_plan_ = binder.bindFromItem(*merge_.source, scope);
    for (size_t column = 0; column < scope.size(); ++column) {
      if (scope[column].hidden)
        break;
      source_scope_.push_back(scope[column]);
      source_types_.push_back(scope[column].type);
    }
    // Hidden columns (read_files' _metadata) are reachable by name only; keep them out of
    // the rows joined: a projection of the visible ones.
    if (source_scope_.size() != source_plan_->column_names.size()) {
      auto project = makeOperator(LogicalOperatorKind::kProject);
      for (size_t column = 0; column < source_scope_.size(); ++column) {
        project->column_names.push_back(source_plan_->column_names[column]);
        project->column_types.push_back(source_types_[column]);
        project->expressions.push_back(BoundExpression::makeColumn(column, source_types_[column]));
      }
      project->children.push_back(std::move(source_plan_));
      source_plan_ = std::move(project);
    }
  }

  //! Binds `expr` over `scope` (the target's columns, then the source's, or one of them) and
  //! moves its columns to their places in a joined row. Columns that do not resolve raise
  //! DELTA_MERGE_UNRESOLVED_EXPRESSION naming `clause`, as Delta does.
  BoundExpressionPtr bindExpr(const sql::Expr& expr, const Scope& scope, bool target_columns,
                              bool source_columns, const std::string& clause, bool condition) {
    refuseSubqueries(expr, merge_, "MERGE");
    BoundExpressionPtr bound;
    try {
      bound = condition ? bindCondition(expr, scope, context_, merge_)
                        : ExpressionBinder(context_, merge_, scope).bind(expr);
    } catch (Error& error) {
      if (error.errorClass() != ErrorClass::UNRESOLVED_COLUMN)
        throw;
      std::vector<std::string> columns;
      for (const ScopeColumn& column : scope) {
        columns.push_back(
            column.qualifier.empty()
                ? quoteName(column.name)
                : fmt::format("{}.{}", quoteName(column.qualifier), quoteName(column.name)));
      }
      throw Error(ErrorClass::DELTA_MERGE_UNRESOLVED_EXPRESSION,
                  fmt::format("Cannot resolve {} in {} given columns {}.", unresolvedName(error),
                              clause, fmt::join(columns, ", ")))
          .withLocation(error.location() ? *error.location() : merge_.locate(expr.position));
    }
    // Move the columns to a joined row's layout.
    size_t n = targetWidth();
    std::vector<BoundExpressionPtr> places;
    if (target_columns) {
      for (size_t column = 0; column < n; ++column)
        places.push_back(BoundExpression::makeColumn(column, target_.schema()[column].type));
    }
    if (source_columns) {
      for (size_t column = 0; column < source_types_.size(); ++column)
        places.push_back(BoundExpression::makeColumn(sourceAt(column), source_types_[column]));
    }
    return substituteColumns(*bound, places);
  }

  //! The name an UNRESOLVED_COLUMN error reports (`a`.`b`), or "an expression".
  static std::string unresolvedName(const Error& error) {
    const std::string& message = error.message();
    size_t start = message.find("with name ");
    size_t end = message.find(" cannot be resolved");
    if (start == std::string::npos || end == std::string::npos || end < start + 10)
      return "an expression";
    return message.substr(start + 10, end - start - 10);
  }

  //! MERGE WITH SCHEMA EVOLUTION: the source columns the target lacks that an UPDATE SET * or
  //! INSERT * clause, or an assignment by name, writes are added at the end of the target's
  //! schema (in source order), committed with the MERGE. The target is then bound and read
  //! with them (NULL in the rows already written).
  void evolveTargetSchema() {
    // The folded names written and not yet in the target; each leaves the set once added.
    std::set<std::string> missing;
    for (const sql::MergeClause& clause : merge_.clauses) {
      if (clause.action == MergeActionKind::kUpdateAll ||
          clause.action == MergeActionKind::kInsertAll) {
        for (const ScopeColumn& column : source_scope_)
          missing.insert(foldIdentifier(column.name));
      }
      for (const sql::Assignment& assignment : clause.assignments)
        missing.insert(foldIdentifier(assignment.column.back()));
    }
    for (const StructField& field : target_.schema())
      missing.erase(foldIdentifier(field.name));
    std::vector<StructField> added;
    for (size_t column = 0; column < source_scope_.size(); ++column) {
      const std::string& name = source_scope_[column].name;
      if (missing.erase(foldIdentifier(name)) > 0)
        added.push_back(StructField{name, source_types_[column], true, ""});
    }
    if (added.empty())
      return;
    evolved_metadata_ = delta::withColumnsAdded(target_.snapshot->metadata, added);
    target_.snapshot = std::make_shared<const delta::Snapshot>(
        delta::withMetadata(*target_.snapshot, *evolved_metadata_));
  }

  void bindClauses() {
    Scope target_scope = targetScope(target_, merge_.target, merge_.alias);
    Scope both = target_scope;
    both.insert(both.end(), source_scope_.begin(), source_scope_.end());
    condition_ = bindExpr(*merge_.condition, both, true, true, "search condition", true);
    const std::vector<StructField>& schema = target_.schema();
    for (const sql::MergeClause& clause : merge_.clauses) {
      BoundClause bound;
      bool target_columns = clause.kind != MergeClauseKind::kNotMatched;
      bool source_columns = clause.kind != MergeClauseKind::kNotMatchedBySource;
      const Scope& scope = !target_columns ? source_scope_ : !source_columns ? target_scope : both;
      std::string name = clauseName(clause);
      if (clause.condition) {
        bound.condition = bindExpr(*clause.condition, scope, target_columns, source_columns,
                                   name + " condition", true);
      }
      if (clause.action == MergeActionKind::kDelete) {
        clauses_.push_back(std::move(bound));
        continue;
      }
      bound.values.resize(schema.size());
      if (clause.action == MergeActionKind::kUpdateAll ||
          clause.action == MergeActionKind::kInsertAll) {
        // Every target column from the source column of its name.
        for (size_t column = 0; column < schema.size(); ++column) {
          std::optional<size_t> found;
          for (size_t index = 0; index < source_scope_.size() && !found; ++index) {
            if (foldIdentifier(source_scope_[index].name) == foldIdentifier(schema[column].name))
              found = index;
          }
          // With schema evolution a target column the source lacks keeps its value (UPDATE) or
          // is NULL (INSERT).
          if (!found && merge_.schema_evolution)
            continue;
          if (!found) {
            std::vector<std::string> columns;
            for (const ScopeColumn& source : source_scope_)
              columns.push_back(quoteName(source.name));
            throw Error(ErrorClass::DELTA_MERGE_UNRESOLVED_EXPRESSION,
                        fmt::format("Cannot resolve {} in {} clause given columns {}.",
                                    quoteName(schema[column].name), name, fmt::join(columns, ", ")))
                .withLocation(merge_.locate(clause.position));
          }
          BoundExpressionPtr value =
              BoundExpression::makeColumn(sourceAt(*found), source_types_[*found]);
          try {
            bound.values[column] =
                storeAssignmentCast(std::move(value), schema[column], target_.display_name);
          } catch (Error& error) {
            throw error.withLocation(merge_.locate(clause.position));
          }
        }
        clauses_.push_back(std::move(bound));
        continue;
      }
      for (const sql::Assignment& assignment : clause.assignments) {
        size_t column = resolveTargetColumn(assignment.column, assignment.position, target_scope,
                                            context_, merge_);
        if (bound.values[column]) {
          throw Error(ErrorClass::DELTA_CONFLICT_SET_COLUMN,
                      fmt::format("There is a conflict from these SET columns: [{}].",
                                  quoteName(schema[column].name)))
              .withLocation(merge_.locate(assignment.position));
        }
        BoundExpressionPtr value = bindExpr(*assignment.value, scope, target_columns,
                                            source_columns, name + " clause", false);
        try {
          bound.values[column] =
              storeAssignmentCast(std::move(value), schema[column], target_.display_name);
        } catch (Error& error) {
          throw error.withLocation(merge_.locate(assignment.value->position));
        }
      }
      clauses_.push_back(std::move(bound));
    }
  }

  //! The target's live files with their rows' identity.
  LogicalOperatorPtr targetScan(std::vector<delta::AddFile> files) const {
    return scanOfFiles(target_.snapshot, std::move(files), target_.display_name,
                       /*row_identity=*/true);
  }

  std::vector<delta::AddFile> allFiles() const {
    std::vector<delta::AddFile> files;
    for (const auto& [path, file] : target_.snapshot->files)
      files.push_back(file);
    return files;
  }

  //! The source's rows, each with a flag that counts them (`counts`, when given) and is TRUE.
  LogicalOperatorPtr flaggedSource(const std::shared_ptr<MergeCounts>& counts) {
    BoundScalarFunction flag;
    flag.name = "source_row";
    flag.return_type = DataType::boolean();
    flag.deterministic = false;  // never folded: a NULL after an outer join means no source row
    flag.kernel = [counts](const ExecContext&, const ArgumentVectors&, const RowSet& rows,
                           Vector& result) {
      forEachRow(rows, [&](idx_t row) { result.mutableData<bool>()[row] = true; });
      if (counts)
        counts->source_rows += static_cast<int64_t>(rows.count);
    };
    auto project = makeOperator(LogicalOperatorKind::kProject);
    for (size_t column = 0; column < source_types_.size(); ++column) {
      project->column_names.push_back(source_scope_[column].name);
      project->column_types.push_back(source_types_[column]);
      project->expressions.push_back(BoundExpression::makeColumn(column, source_types_[column]));
    }
    project->column_names.push_back("__source_row");
    project->column_types.push_back(DataType::boolean());
    project->expressions.push_back(BoundExpression::makeCall(std::move(flag), {}));
    project->children.push_back(copyPlan());
    return project;
  }

  //! The source plan, bound anew for each pass that reads it.
  LogicalOperatorPtr copyPlan() {
    if (source_plan_) {
      LogicalOperatorPtr plan = std::move(source_plan_);
      return plan;
    }
    QueryBinder binder(context_, merge_);
    Scope scope;
    LogicalOperatorPtr plan = binder.bindFromItem(*merge_.source, scope);
    if (plan->column_names.size() != source_types_.size()) {
      auto project = makeOperator(LogicalOperatorKind::kProject);
      for (size_t column = 0; column < source_types_.size(); ++column) {
        project->column_names.push_back(plan->column_names[column]);
        project->column_types.push_back(source_types_[column]);
        project->expressions.push_back(BoundExpression::makeColumn(column, source_types_[column]));
      }
      project->children.push_back(std::move(plan));
      plan = std::move(project);
    }
    return plan;
  }

  //! target ⋈ source on the ON condition: the target's columns and identity, then the
  //! source's and its flag.
  LogicalOperatorPtr join(LogicalJoinType type, LogicalOperatorPtr target,
                          LogicalOperatorPtr source) {
    auto joined = makeOperator(LogicalOperatorKind::kJoin);
    joined->column_names = target->column_names;
    joined->column_types = target->column_types;
    joined->column_names.insert(joined->column_names.end(), source->column_names.begin(),
                                source->column_names.end());
    joined->column_types.insert(joined->column_types.end(), source->column_types.begin(),
                                source->column_types.end());
    joined->join = std::make_unique<LogicalJoin>();
    joined->join->type = type;
    addJoinCondition(copyExpression(*condition_), target->column_names.size(), *joined->join);
    joined->children.push_back(std::move(target));
    joined->children.push_back(std::move(source));
    return joined;
  }

  //! The OR of the conditions of the clauses of `kind`; TRUE when one has none, FALSE when
  //! there is no such clause.
  BoundExpressionPtr anyClause(MergeClauseKind kind) const {
    BoundExpressionPtr any;
    for (size_t index = 0; index < clauses_.size(); ++index) {
      if (merge_.clauses[index].kind != kind)
        continue;
      if (!clauses_[index].condition)
        return constantBool(true);
      BoundExpressionPtr condition = copyExpression(*clauses_[index].condition);
      any = any ? booleanOf(BoundExpressionKind::kOr, std::move(any), std::move(condition))
                : std::move(condition);
    }
    return any ? std::move(any) : constantBool(false);
  }

  //! Phase 1: the files holding a row that a clause may change.
  std::vector<delta::AddFile> findTouchedFiles(bool has_by_source) {
    LogicalOperatorPtr joined =
        join(has_by_source ? LogicalJoinType::kLeft : LogicalJoinType::kInner,
             targetScan(allFiles()), flaggedSource(nullptr));
    // touch: a matched row a MATCHED clause may change (any, when rows may be inserted), or a
    // target row without match that a NOT MATCHED BY SOURCE clause may change.
    BoundExpressionPtr matched_touch =
        has_inserts_ ? constantBool(true) : anyClause(MergeClauseKind::kMatched);
    std::vector<std::pair<BoundExpressionPtr, BoundExpressionPtr>> branches;
    branches.emplace_back(isNotNull(sourcePresentAt(), DataType::boolean()),
                          std::move(matched_touch));
    BoundExpressionPtr touch =
        caseOf(std::move(branches), anyClause(MergeClauseKind::kNotMatchedBySource));

    auto state = std::make_shared<TouchedRows>();
    BoundScalarFunction record;
    record.name = "record_touched_rows";
    record.argument_types = {DataType::string(), DataType::longType(), DataType::boolean(),
                             DataType::boolean()};
    record.return_type = DataType::boolean();
    record.deterministic = false;
    record.kernel = [state](const ExecContext&, const ArgumentVectors& arguments,
                            const RowSet& rows, Vector& result) {
      const Vector& paths = *arguments[0];
      const Vector& positions = *arguments[1];
      const Vector& matched = *arguments[2];
      const Vector& touched = *arguments[3];
      std::lock_guard<std::mutex> lock(state->mutex);
      forEachRow(rows, [&](idx_t row) {
        result.mutableData<bool>()[row] = false;
        if (paths.isNull(row))
          return;
        std::string path = paths.at<StringView>(row).str();
        if (isTrue(touched, row))
          state->touched_files.insert(path);
        if (!isTrue(matched, row))
          return;
        auto [file, added] = state->file_ids.emplace(path, state->file_ids.size());
        uint64_t key = (file->second << 40) | static_cast<uint64_t>(positions.at<int64_t>(row));
        if (!state->matched_rows.insert(key).second)
          ++state->repeated_matches;
      });
    };
    std::vector<BoundExpressionPtr> arguments;
    arguments.push_back(BoundExpression::makeColumn(filePathAt(), DataType::string()));
    arguments.push_back(BoundExpression::makeColumn(rowIndexAt(), DataType::longType()));
    arguments.push_back(isNotNull(sourcePresentAt(), DataType::boolean()));
    arguments.push_back(std::move(touch));
    auto filter = makeOperator(LogicalOperatorKind::kFilter);
    filter->column_names = joined->column_names;
    filter->column_types = joined->column_types;
    filter->expressions.push_back(
        BoundExpression::makeCall(std::move(record), std::move(arguments)));
    filter->children.push_back(std::move(joined));

    LogicalOperatorPtr plan = optimizePlan(std::move(filter), context_.exec);
    PhysicalOperatorPtr physical = createPhysicalPlan(*plan, context_.exec);
    PlanExecutor(context_.exec, TaskScheduler::shared()).run(*physical);

    if (state->repeated_matches > 0) {
      if (!onlyUnconditionalDelete())
        throwMultipleMatches();
      repeated_matches_ = state->repeated_matches;
    }
    std::vector<delta::AddFile> touched;
    for (const auto& [path, file] : target_.snapshot->files) {
      if (state->touched_files.count(file.path))
        touched.push_back(file);
    }
    return touched;
  }

  //! Whether the only MATCHED clause is an unconditional DELETE: then a target row may match
  //! several source rows (it is deleted once).
  bool onlyUnconditionalDelete() const {
    bool only_unconditional_delete = false;
    size_t matched_clauses = 0;
    for (const sql::MergeClause& clause : merge_.clauses) {
      if (clause.kind != MergeClauseKind::kMatched)
        continue;
      ++matched_clauses;
      only_unconditional_delete = clause.action == MergeActionKind::kDelete && !clause.condition;
    }
    return matched_clauses == 1 && only_unconditional_delete;
  }

  //! Phase 2 of a MERGE with MATCHED or NOT MATCHED BY SOURCE clauses: the touched files'
  //! rows joined with the source's. With deletion vectors, target rows without a match are
  //! needed only by NOT MATCHED BY SOURCE clauses (the others stay where they are): without
  //! those and without inserts, the join is INNER. (With inserts it stays FULL: a RIGHT join
  //! would build its hash table from the whole target.)
  LogicalOperatorPtr joinedRows(std::vector<delta::AddFile> touched, bool has_inserts,
                                bool has_by_source, const std::shared_ptr<MergeCounts>& counts) {
    LogicalJoinType type = has_inserts ? LogicalJoinType::kFull : LogicalJoinType::kLeft;
    if (deleted_rows_ && !has_by_source && !has_inserts)
      type = LogicalJoinType::kInner;
    return join(type, targetScan(std::move(touched)), flaggedSource(counts));
  }

  //! Phase 2 of an insert-only MERGE: the source rows that match no target row, in the layout
  //! of joined rows (the target's columns NULL).
  LogicalOperatorPtr unmatchedSourceRows(const std::shared_ptr<MergeCounts>& counts) {
    LogicalOperatorPtr target = targetScan(allFiles());
    LogicalOperatorPtr source = flaggedSource(counts);
    size_t target_width = target->column_names.size();
    size_t source_width = source->column_names.size();
    auto anti = makeOperator(LogicalOperatorKind::kJoin);
    anti->column_names = source->column_names;
    anti->column_types = source->column_types;
    anti->join = std::make_unique<LogicalJoin>();
    anti->join->type = LogicalJoinType::kAnti;
    // The condition over source ++ target.
    std::vector<BoundExpressionPtr> places;
    for (size_t column = 0; column < target_width; ++column) {
      places.push_back(
          BoundExpression::makeColumn(source_width + column, target->column_types[column]));
    }
    for (size_t column = 0; column < source_width; ++column)
      places.push_back(BoundExpression::makeColumn(column, source->column_types[column]));
    addJoinCondition(substituteColumns(*condition_, places), source_width, *anti->join);
    anti->children.push_back(std::move(source));
    anti->children.push_back(std::move(target));

    auto project = makeOperator(LogicalOperatorKind::kProject);
    const std::vector<StructField>& schema = target_.schema();
    for (const StructField& field : schema) {
      project->column_names.push_back(field.name);
      project->column_types.push_back(field.type);
      project->expressions.push_back(BoundExpression::makeConstant(Value::null(field.type)));
    }
    project->column_names.push_back(delta::kRowFilePathColumn);
    project->column_types.push_back(DataType::string());
    project->expressions.push_back(BoundExpression::makeConstant(Value::null(DataType::string())));
    project->column_names.push_back(delta::kRowIndexColumn);
    project->column_types.push_back(DataType::longType());
    project->expressions.push_back(
        BoundExpression::makeConstant(Value::null(DataType::longType())));
    for (size_t column = 0; column < source_width; ++column) {
      project->column_names.push_back(anti->column_names[column]);
      project->column_types.push_back(anti->column_types[column]);
      project->expressions.push_back(
          BoundExpression::makeColumn(column, anti->column_types[column]));
    }
    project->children.push_back(std::move(anti));
    return project;
  }

  //! The clause each joined row takes (its number), kCopyRow or kDropRow.
  BoundExpressionPtr actionOf() const {
    auto branches_of = [&](MergeClauseKind kind) {
      std::vector<std::pair<BoundExpressionPtr, BoundExpressionPtr>> branches;
      for (size_t index = 0; index < clauses_.size(); ++index) {
        if (merge_.clauses[index].kind != kind)
          continue;
        BoundExpressionPtr condition = clauses_[index].condition
                                           ? copyExpression(*clauses_[index].condition)
                                           : constantBool(true);
        branches.emplace_back(std::move(condition), constantInt(static_cast<int32_t>(index)));
      }
      return branches;
    };
    BoundExpressionPtr target_present = isNotNull(rowIndexAt(), DataType::longType());
    BoundExpressionPtr source_present = isNotNull(sourcePresentAt(), DataType::boolean());
    std::vector<std::pair<BoundExpressionPtr, BoundExpressionPtr>> kinds;
    kinds.emplace_back(booleanOf(BoundExpressionKind::kAnd, copyExpression(*target_present),
                                 copyExpression(*source_present)),
                       caseOf(branches_of(MergeClauseKind::kMatched), constantInt(kCopyRow)));
    kinds.emplace_back(
        std::move(target_present),
        caseOf(branches_of(MergeClauseKind::kNotMatchedBySource), constantInt(kCopyRow)));
    return caseOf(std::move(kinds),
                  caseOf(branches_of(MergeClauseKind::kNotMatched), constantInt(kDropRow)));
  }

  //! The rows written: each joined row's action decided, counted, and applied.
  LogicalOperatorPtr writtenRows(LogicalOperatorPtr joined,
                                 const std::shared_ptr<MergeCounts>& counts) {
    size_t width = joined->column_names.size();
    auto decided = makeOperator(LogicalOperatorKind::kProject);
    for (size_t column = 0; column < width; ++column) {
      decided->column_names.push_back(joined->column_names[column]);
      decided->column_types.push_back(joined->column_types[column]);
      decided->expressions.push_back(
          BoundExpression::makeColumn(column, joined->column_types[column]));
    }
    decided->column_names.push_back("__action");
    decided->column_types.push_back(DataType::intType());
    decided->expressions.push_back(actionOf());
    decided->children.push_back(std::move(joined));

    // Counts every row once and keeps those written.
    std::vector<bool> removes(merge_.clauses.size(), false);
    std::vector<bool> changes_target(merge_.clauses.size(), false);
    for (size_t index = 0; index < merge_.clauses.size(); ++index) {
      removes[index] = merge_.clauses[index].action == MergeActionKind::kDelete;
      changes_target[index] = merge_.clauses[index].kind != MergeClauseKind::kNotMatched;
    }
    BoundScalarFunction keep;
    keep.name = "merge_row_kept";
    keep.argument_types = {DataType::intType()};
    keep.return_type = DataType::boolean();
    keep.deterministic = false;
    // A change data feed records the deleted rows: they go on to the writer as changes, each
    // once, although an unconditional DELETE may match a target row more than once.
    bool keep_deleted = records_changes_;
    std::shared_ptr<TargetRowSet> deleted_once;
    if (keep_deleted && repeated_matches_ > 0)
      deleted_once = std::make_shared<TargetRowSet>();
    // Without pass 1 (deletion vectors), rows matched twice are found here: an error, or for
    // an unconditional DELETE, counted and recorded once.
    std::shared_ptr<TargetRowSet> matched_once;
    bool repeats_allowed = onlyUnconditionalDelete();
    if (deleted_rows_)
      matched_once = std::make_shared<TargetRowSet>();
    // With deletion vectors, copied rows stay where they are, and the target rows a clause
    // changes are deleted from their files.
    std::shared_ptr<delta::RowDeletions> deleted_rows = deleted_rows_;
    keep.kernel = [counts, removes, changes_target, keep_deleted, deleted_once, deleted_rows,
                   matched_once,
                   repeats_allowed](const ExecContext&, const ArgumentVectors& arguments,
                                    const RowSet& rows, Vector& result) {
      const Vector& actions = *arguments[0];
      std::vector<int64_t> per_clause(removes.size(), 0);
      int64_t copied = 0;
      std::map<std::string, std::vector<uint64_t>> changed_rows;
      // A joined row's target row: its file's path and its position (identity arguments).
      auto file_of = [&](idx_t row) { return arguments[1]->getValue(row).getString(); };
      auto position_of = [&](idx_t row) { return arguments[2]->at<int64_t>(row); };
      forEachRow(rows, [&](idx_t row) {
        int32_t action = actions.at<int32_t>(row);
        // A target row matched before: refused, or (an unconditional DELETE) deleted once.
        if (matched_once && !arguments[2]->isNull(row) && !arguments[3]->isNull(row) &&
            !matched_once->firstTime(file_of(row), position_of(row))) {
          if (!repeats_allowed)
            throwMultipleMatches();
          result.mutableData<bool>()[row] = false;
          return;
        }
        bool kept = true;
        if (action == kCopyRow) {
          kept = !deleted_rows;
          copied += kept ? 1 : 0;
        } else if (action == kDropRow) {
          kept = false;
        } else {
          auto clause = static_cast<size_t>(action);
          ++per_clause[clause];
          bool removed = removes[clause];
          kept = keep_deleted || !removed;
          if (removed && deleted_once) {
            kept = deleted_once->firstTime(file_of(row), position_of(row));
          }
          if (deleted_rows && changes_target[clause]) {
            changed_rows[file_of(row)].push_back(static_cast<uint64_t>(position_of(row)));
          }
        }
        result.mutableData<bool>()[row] = kept;
      });
      for (const auto& [path, positions] : changed_rows)
        deleted_rows->add(path, positions);
      for (size_t index = 0; index < per_clause.size(); ++index) {
        if (per_clause[index] != 0)
          counts->per_clause[index] += per_clause[index];
      }
      counts->copied += copied;
    };
    std::vector<BoundExpressionPtr> arguments;
    arguments.push_back(BoundExpression::makeColumn(width, DataType::intType()));
    if (deleted_once || deleted_rows) {
      keep.argument_types.push_back(DataType::string());
      keep.argument_types.push_back(DataType::longType());
      arguments.push_back(BoundExpression::makeColumn(filePathAt(), DataType::string()));
      arguments.push_back(BoundExpression::makeColumn(rowIndexAt(), DataType::longType()));
    }
    if (matched_once) {
      keep.argument_types.push_back(DataType::boolean());
      arguments.push_back(BoundExpression::makeColumn(sourcePresentAt(), DataType::boolean()));
    }
    auto kept = makeOperator(LogicalOperatorKind::kFilter);
    kept->column_names = decided->column_names;
    kept->column_types = decided->column_types;
    kept->expressions.push_back(BoundExpression::makeCall(std::move(keep), std::move(arguments)));
    kept->children.push_back(std::move(decided));

    // Each column: the value of the row's clause, else the target's own.
    const std::vector<StructField>& schema = target_.schema();
    auto written = makeOperator(LogicalOperatorKind::kProject);
    for (size_t column = 0; column < schema.size(); ++column) {
      written->column_names.push_back(schema[column].name);
      written->column_types.push_back(schema[column].type);
      std::vector<std::pair<BoundExpressionPtr, BoundExpressionPtr>> branches;
      for (size_t index = 0; index < clauses_.size(); ++index) {
        const sql::MergeClause& clause = merge_.clauses[index];
        if (clause.action == MergeActionKind::kDelete)
          continue;
        bool insert = clause.kind == MergeClauseKind::kNotMatched;
        const BoundExpressionPtr& value = clauses_[index].values[column];
        if (!value && !insert)
          continue;  // the target's own value
        std::vector<BoundExpressionPtr> equal;
        equal.push_back(BoundExpression::makeColumn(width, DataType::intType()));
        equal.push_back(constantInt(static_cast<int32_t>(index)));
        branches.emplace_back(
            call("=", std::move(equal)),
            value ? copyExpression(*value)
                  : BoundExpression::makeConstant(Value::null(schema[column].type)));
      }
      written->expressions.push_back(
          caseOf(std::move(branches), BoundExpression::makeColumn(column, schema[column].type)));
    }
    if (records_changes_)
      appendChangeKind(*written, width);
    written->children.push_back(std::move(kept));
    return written;
  }

  //! Adds to the written rows each one's kind by its clause (a copied row has none) and the
  //! target row as it was, for the change data feed.
  void appendChangeKind(LogicalOperator& written, size_t action_column) const {
    std::vector<std::pair<BoundExpressionPtr, BoundExpressionPtr>> branches;
    for (size_t index = 0; index < clauses_.size(); ++index) {
      const char* kind = delta::kChangeKindUpdate;
      if (merge_.clauses[index].action == MergeActionKind::kDelete)
        kind = delta::kChangeKindDelete;
      else if (merge_.clauses[index].kind == MergeClauseKind::kNotMatched)
        kind = delta::kChangeKindInsert;
      std::vector<BoundExpressionPtr> equal;
      equal.push_back(BoundExpression::makeColumn(action_column, DataType::intType()));
      equal.push_back(constantInt(static_cast<int32_t>(index)));
      branches.emplace_back(call("=", std::move(equal)),
                            BoundExpression::makeConstant(Value::string(kind)));
    }
    appendChangeColumns(
        written, target_,
        caseOf(std::move(branches), BoundExpression::makeConstant(Value::null(DataType::string()))),
        readRowImage(target_));
  }

  delta::Json parameters() const {
    delta::Json parameters = delta::Json::object();
    parameters["predicate"] = predicateParameter({merge_.condition.get()});
    delta::Json matched = delta::Json::array();
    delta::Json not_matched = delta::Json::array();
    delta::Json by_source = delta::Json::array();
    for (const sql::MergeClause& clause : merge_.clauses) {
      delta::Json entry = delta::Json::object();
      if (clause.condition)
        entry["predicate"] = sql::printExpression(*clause.condition);
      std::string action = clauseName(clause);
      std::transform(action.begin(), action.end(), action.begin(),
                     [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
      entry["actionType"] = action;
      switch (clause.kind) {
        case MergeClauseKind::kMatched:
          matched.push_back(entry);
          break;
        case MergeClauseKind::kNotMatched:
          not_matched.push_back(entry);
          break;
        case MergeClauseKind::kNotMatchedBySource:
          by_source.push_back(entry);
          break;
      }
    }
    parameters["matchedPredicates"] = delta::dumpJson(matched);
    parameters["notMatchedPredicates"] = delta::dumpJson(not_matched);
    parameters["notMatchedBySourcePredicates"] = delta::dumpJson(by_source);
    return parameters;
  }

  //! Databricks answers a MERGE with the rows it changed.
  static StatementResult result(int64_t updated, int64_t deleted, int64_t inserted) {
    ResultRowsBuilder result(
        {"num_affected_rows", "num_updated_rows", "num_deleted_rows", "num_inserted_rows"},
        {DataType::longType(), DataType::longType(), DataType::longType(), DataType::longType()});
    result.addRow({Value::longValue(updated + deleted + inserted), Value::longValue(updated),
                   Value::longValue(deleted), Value::longValue(inserted)});
    return result.finish();
  }

  const sql::MergeStatement& merge_;
  CatalogSession& session_;
  BindContext context_;
  DmlTarget target_;
  LogicalOperatorPtr source_plan_;
  Scope source_scope_;
  std::vector<DataType> source_types_;
  BoundExpressionPtr condition_;
  std::vector<BoundClause> clauses_;
  bool has_inserts_ = false;
  //! Whether the written rows carry their kind and old image (change data feed).
  bool records_changes_ = false;
  int64_t repeated_matches_ = 0;
  //! The target rows a clause changes, when the target takes deletion vectors.
  std::shared_ptr<delta::RowDeletions> deleted_rows_;
  //! The target's metaData with the columns schema evolution adds, if it adds any.
  std::optional<delta::Metadata> evolved_metadata_;
};

}  // namespace

StatementResult runMerge(const sql::MergeStatement& merge, CatalogSession& session) {
  return MergeRunner(merge, session).run();
}

}  // namespace sluice
