// src/exec/dml/matched_files.cpp
#include "exec/dml/matched_files.hpp"

#include <atomic>

#include "exec/expression/expression_evaluator.hpp"
#include "exec/parallel/task_scheduler.hpp"
#include "exec/plan_optimization.hpp"
#include "exec/table_function/delta_table_reader.hpp"
#include "planner/expression/expression_rewriting.hpp"
#include "storage/delta/deletion_vector.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/file_stats.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

namespace {

//! The scan predicates the optimizer derives from `condition` over a scan of `snapshot`: the
//! same lowering a query's filter gets, so DML skips the files a SELECT would.
std::vector<ScanPredicate> skippingPredicates(
    const std::shared_ptr<const delta::Snapshot>& snapshot, const BoundExpression& condition,
    const ExecContext& context) {
  auto filter = makeOperator(LogicalOperatorKind::kFilter);
  LogicalOperatorPtr scan = scanOfFiles(snapshot, {}, "");
  filter->column_names = scan->column_names;
  filter->column_types = scan->column_types;
  filter->expressions.push_back(copyExpression(condition));
  filter->children.push_back(std::move(scan));
  LogicalOperatorPtr optimized = optimizePlan(std::move(filter), context);
  for (LogicalOperator* node = optimized.get(); node != nullptr;
       node = node->children.empty() ? nullptr : node->children[0].get()) {
    if (node->kind == LogicalOperatorKind::kScan)
      return node->pushdown.predicates;
  }
  return {};
}

//! Counts the rows of `file` that `condition` matches; with `positions`, also gathers their
//! positions in the file.
int64_t countMatches(const delta::Snapshot& snapshot, const delta::AddFile& file,
                     const BoundExpression& condition, const std::vector<ScanPredicate>& predicates,
                     const ExecContext& context, std::vector<uint64_t>* positions) {
  std::vector<bool> read(snapshot.schema.size(), false);
  markColumns(condition, read);
  std::vector<std::string> columns;
  for (size_t column = 0; column < snapshot.schema.size(); ++column) {
    if (read[column])
      columns.push_back(snapshot.schema[column].name);
  }
  // A condition that reads no column (WHERE rand() < 0.5) still needs the rows counted.
  if (columns.empty() && !snapshot.schema.empty())
    columns.push_back(snapshot.schema[0].name);
  delta::DeltaTableScan scan(snapshot, columns, {file}, predicates);
  if (positions)
    scan.includeRowIdentity();
  ExpressionEvaluator evaluator(context);
  int64_t matched = 0;
  Batch read_batch;
  while (scan.next(read_batch)) {
    // The condition indexes the table's columns: put the read ones in their places.
    Batch batch;
    batch.num_rows = read_batch.num_rows;
    size_t next = 0;
    for (size_t column = 0; column < snapshot.schema.size(); ++column) {
      bool is_read = next < columns.size() && snapshot.schema[column].name == columns[next];
      batch.columns.push_back(is_read ? std::move(read_batch.columns[next++])
                                      : Vector::nullConstant(snapshot.schema[column].type));
    }
    Vector result = evaluator.evaluate(condition, batch);
    for (idx_t row = 0; row < batch.num_rows; ++row) {
      if (!isTrue(result, row))
        continue;
      ++matched;
      // The row identity follows the read columns: the file's path, then the position.
      if (positions)
        positions->push_back(
            static_cast<uint64_t>(read_batch.columns[columns.size() + 1].at<int64_t>(row)));
    }
  }
  return matched;
}

}  // namespace

MatchedFiles findMatchedFiles(const std::shared_ptr<const delta::Snapshot>& snapshot,
                              const BoundExpression* condition, const ExecContext& context,
                              bool with_positions) {
  MatchedFiles matched;
  if (condition == nullptr) {
    for (const auto& [path, file] : snapshot->files) {
      matched.files.push_back(file);
      matched.num_matched_rows += delta::liveRecordCount(file).value_or(0);
    }
    return matched;
  }
  std::vector<ScanPredicate> predicates = skippingPredicates(snapshot, *condition, context);
  std::vector<delta::AddFile> candidates = delta::liveFiles(*snapshot, predicates);
  matched.num_files_read = static_cast<int64_t>(candidates.size());
  std::vector<int64_t> counts(candidates.size(), 0);
  std::vector<std::vector<uint64_t>> positions(with_positions ? candidates.size() : 0);
  TaskScheduler::shared().parallelFor(candidates.size(), [&](size_t index) {
    counts[index] = countMatches(*snapshot, candidates[index], *condition, predicates, context,
                                 with_positions ? &positions[index] : nullptr);
  });
  for (size_t index = 0; index < candidates.size(); ++index) {
    if (counts[index] == 0)
      continue;
    if (with_positions)
      matched.positions[candidates[index].path] = std::move(positions[index]);
    matched.files.push_back(std::move(candidates[index]));
    matched.num_matched_rows += counts[index];
  }
  return matched;
}

LogicalOperatorPtr scanOfFiles(const std::shared_ptr<const delta::Snapshot>& snapshot,
                               std::vector<delta::AddFile> files, const std::string& display_name,
                               bool row_identity) {
  auto selection = std::make_shared<delta::Snapshot>(*snapshot);
  selection->files.clear();
  for (delta::AddFile& file : files) {
    std::string path = delta::decodeUriPath(file.path);
    selection->files.emplace(std::move(path), std::move(file));
  }
  TableFunctionBinding binding =
      deltaSnapshotBinding(display_name, std::move(selection), row_identity);
  auto scan = makeOperator(LogicalOperatorKind::kScan);
  scan->column_names = std::move(binding.column_names);
  scan->column_types = std::move(binding.column_types);
  scan->source = std::move(binding.source);
  return scan;
}

}  // namespace sluice
