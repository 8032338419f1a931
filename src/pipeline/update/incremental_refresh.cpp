// src/pipeline/update/incremental_refresh.cpp
#include "pipeline/update/incremental_refresh.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "exec/table_function/delta_table_reader.hpp"
#include "planner/binder/expression_binder.hpp"
#include "planner/expression/expression_rewriting.hpp"
#include "storage/delta/appended_files.hpp"
#include "storage/delta/file_stats.hpp"
#include "storage/delta/log_store.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

namespace {

std::string_view operatorName(LogicalOperatorKind kind) {
  switch (kind) {
    case LogicalOperatorKind::kAggregate:
      return "an aggregate";
    case LogicalOperatorKind::kWindow:
      return "a window function";
    case LogicalOperatorKind::kSort:
      return "ORDER BY";
    case LogicalOperatorKind::kLimit:
    case LogicalOperatorKind::kTopN:
      return "LIMIT";
    case LogicalOperatorKind::kUnion:
      return "UNION";
    case LogicalOperatorKind::kReplicateRows:
      return "INTERSECT ALL / EXCEPT ALL";
    case LogicalOperatorKind::kJoin:
      return "a join whose both sides changed (or a FULL join, or the outer side of one)";
    default:
      return "an operator";
  }
}

//! Whether the rows of the changed scans under `plan` reach its output row by row, so that
//! the plan over the new rows gives exactly the rows it adds. `changed` counts those scans.
struct RowwiseCheck {
  bool ok = true;
  int changed = 0;
  std::optional<IncrementalizationIssue> issue;
};

RowwiseCheck rowwise(const LogicalOperator& plan, const std::set<const TableSource*>& scans) {
  RowwiseCheck check;
  if (plan.kind == LogicalOperatorKind::kScan)
    check.changed = plan.source && scans.count(plan.source.get()) ? 1 : 0;
  std::vector<RowwiseCheck> children;
  for (const LogicalOperatorPtr& child : plan.children) {
    children.push_back(rowwise(*child, scans));
    check.changed += children.back().changed;
    if (!children.back().ok && check.ok) {
      check.ok = false;
      check.issue = children.back().issue;
    }
  }
  if (!check.ok || check.changed == 0)
    return check;
  bool passes = false;
  switch (plan.kind) {
    case LogicalOperatorKind::kScan:
    case LogicalOperatorKind::kProject:
    case LogicalOperatorKind::kFilter:
    case LogicalOperatorKind::kGenerate:
    case LogicalOperatorKind::kExpectations:
      passes = true;
      break;
    case LogicalOperatorKind::kJoin: {
      int left = children[0].changed;
      int right = children[1].changed;
      switch (plan.join->type) {
        case LogicalJoinType::kInner:
          passes = left == 0 || right == 0;
          break;
        case LogicalJoinType::kLeft:
        case LogicalJoinType::kSemi:
        case LogicalJoinType::kAnti:
        case LogicalJoinType::kMark:
          passes = right == 0;
          break;
        case LogicalJoinType::kRight:
          passes = left == 0;
          break;
        case LogicalJoinType::kFull:
          passes = false;
          break;
      }
      break;
    }
    default:
      passes = false;
  }
  if (!passes) {
    check.ok = false;
    check.issue = IncrementalizationIssue{
        "OPERATOR_NOT_INCREMENTALIZABLE",
        fmt::format("The query applies {} to the changed rows.", operatorName(plan.kind))};
  }
  return check;
}

//! The grouped aggregate at the top of a query: under its final projection and HAVING
//! filters, `depth` operators down the first children.
struct TopAggregate {
  const LogicalOperator* aggregate = nullptr;
  size_t depth = 0;
  //! For each group key, the view's column (by position in the view's schema) that holds it.
  std::vector<size_t> key_columns;
  std::optional<IncrementalizationIssue> issue;
};

TopAggregate findTopAggregate(const LogicalOperator& root,
                              const std::vector<StructField>& view_schema) {
  TopAggregate found;
  const LogicalOperator* at = &root;
  const LogicalOperator* project = nullptr;
  if (at->kind == LogicalOperatorKind::kProject) {
    project = at;
    at = at->children[0].get();
    ++found.depth;
  }
  while (at->kind == LogicalOperatorKind::kFilter) {
    at = at->children[0].get();
    ++found.depth;
  }
  const LogicalOperator& aggregate = *at;
  if (aggregate.kind != LogicalOperatorKind::kAggregate || aggregate.expressions.empty()) {
    found.issue =
        IncrementalizationIssue{"NOT_A_GROUPED_AGGREGATE",
                                "The query is not a grouped aggregate under its final projection."};
    return found;
  }
  size_t keys = aggregate.expressions.size();
  const std::vector<std::string>& names = project ? project->column_names : aggregate.column_names;
  for (size_t key = 0; key < keys; ++key) {
    std::optional<size_t> output;
    if (project == nullptr) {
      output = key;
    } else {
      for (size_t column = 0; column < project->expressions.size(); ++column) {
        const BoundExpression& expression = *project->expressions[column];
        if (expression.kind == BoundExpressionKind::kColumn && expression.column_index == key) {
          output = column;
          break;
        }
      }
    }
    std::optional<size_t> view_column;
    if (output) {
      for (size_t column = 0; column < view_schema.size(); ++column) {
        if (sameIdentifier(view_schema[column].name, names[*output]) &&
            view_schema[column].type == aggregate.column_types[key])
          view_column = column;
      }
    }
    if (!view_column) {
      found.issue = IncrementalizationIssue{
          "GROUP_KEY_NOT_IN_VIEW", fmt::format("The group key {} is not a column of the view.",
                                               aggregate.expressions[key]->toString())};
      return found;
    }
    found.key_columns.push_back(*view_column);
  }
  found.aggregate = at;
  return found;
}

//! The top aggregate of `root`, which findTopAggregate found.
LogicalOperator& aggregateOf(LogicalOperatorPtr& root, const TopAggregate& top) {
  SLUICE_CHECK(top.aggregate != nullptr);
  LogicalOperator* at = root.get();
  for (size_t level = 0; level < top.depth; ++level)
    at = at->children[0].get();
  SLUICE_CHECK(at->kind == LogicalOperatorKind::kAggregate);
  return *at;
}

//! The merge of an aggregate's results: the aggregate that combines partial results. A
//! count(DISTINCT) of the new rows counts only the values its state has not seen, so its results
//! add up.
std::optional<std::string> mergeFunction(const BoundAggregate& aggregate) {
  if (aggregate.distinct)
    return aggregate.function->name() == "count" ? std::optional<std::string>("sum") : std::nullopt;
  return mergeAggregateName(aggregate);
}

//! An aggregate at the top of a query whose keys and results are all columns of the view: for
//! each column of the aggregate's output, the view's column that holds it.
struct MergeableAggregate {
  const LogicalOperator* aggregate = nullptr;
  std::vector<size_t> view_columns;
  std::optional<IncrementalizationIssue> issue;
};

MergeableAggregate findMergeableAggregate(const LogicalOperator& root,
                                          const std::vector<StructField>& view_schema) {
  MergeableAggregate found;
  const LogicalOperator* project = root.kind == LogicalOperatorKind::kProject ? &root : nullptr;
  const LogicalOperator& aggregate = project ? *root.children[0] : root;
  if (aggregate.kind != LogicalOperatorKind::kAggregate) {
    found.issue = IncrementalizationIssue{
        "NOT_A_TOP_LEVEL_AGGREGATE",
        "The query is not an aggregate under its final projection (a HAVING "
        "clause or expressions over the aggregates are not merged)."};
    return found;
  }
  for (const BoundAggregate& call : aggregate.aggregates) {
    if (!mergeFunction(call)) {
      found.issue = IncrementalizationIssue{
          "AGGREGATE_NOT_MERGEABLE",
          fmt::format("The aggregate {} cannot be merged with new rows' partial "
                      "results (only count, count(DISTINCT), sum, min and max can).",
                      call.toString())};
      return found;
    }
  }
  size_t width = aggregate.column_names.size();
  found.view_columns.assign(width, view_schema.size());
  for (size_t output = 0; output < (project ? project->expressions.size() : width); ++output) {
    size_t column = output;
    if (project) {
      const BoundExpression& expression = *project->expressions[output];
      if (expression.kind != BoundExpressionKind::kColumn) {
        found.issue = IncrementalizationIssue{
            "NOT_A_TOP_LEVEL_AGGREGATE",
            fmt::format("The view's column {} is computed from the aggregates.",
                        project->column_names[output])};
        return found;
      }
      column = expression.column_index;
    }
    const std::string& name =
        project ? project->column_names[output] : aggregate.column_names[output];
    for (size_t view_column = 0; view_column < view_schema.size(); ++view_column) {
      if (sameIdentifier(view_schema[view_column].name, name) &&
          view_schema[view_column].type == aggregate.column_types[column])
        found.view_columns[column] = view_column;
    }
  }
  for (size_t column = 0; column < width; ++column) {
    if (found.view_columns[column] == view_schema.size()) {
      found.issue = IncrementalizationIssue{
          "AGGREGATE_NOT_IN_VIEW",
          fmt::format("The aggregate's column {} is not a column of the view.",
                      aggregate.column_names[column])};
      return found;
    }
  }
  found.aggregate = &aggregate;
  return found;
}

//! The positions, among an aggregate's calls, of its count(DISTINCT) calls.
std::vector<size_t> distinctCounts(const LogicalOperator& aggregate) {
  std::vector<size_t> found;
  for (size_t index = 0; index < aggregate.aggregates.size(); ++index) {
    if (aggregate.aggregates[index].distinct)
      found.push_back(index);
  }
  return found;
}

//! The aggregate under the view's final projection of a plan findMergeableAggregate accepts.
LogicalOperator& mergeableAggregateOf(LogicalOperator& root) {
  LogicalOperator& aggregate =
      root.kind == LogicalOperatorKind::kProject ? *root.children[0] : root;
  SLUICE_CHECK(aggregate.kind == LogicalOperatorKind::kAggregate);
  return aggregate;
}

StructField nullableField(std::string name, DataType type) {
  StructField field;
  field.name = std::move(name);
  field.type = std::move(type);
  return field;
}

LogicalOperatorPtr scanOf(TableFunctionBinding binding) {
  auto scan = makeOperator(LogicalOperatorKind::kScan);
  scan->column_names = std::move(binding.column_names);
  scan->column_types = std::move(binding.column_types);
  scan->source = std::move(binding.source);
  return scan;
}

BoundExpressionPtr allOf(std::vector<BoundExpressionPtr> conditions) {
  BoundExpressionPtr all = std::move(conditions[0]);
  for (size_t index = 1; index < conditions.size(); ++index) {
    auto both = std::make_unique<BoundExpression>();
    both->kind = BoundExpressionKind::kAnd;
    both->type = DataType::boolean();
    both->children.push_back(std::move(all));
    both->children.push_back(std::move(conditions[index]));
    all = std::move(both);
  }
  return all;
}

//! The new rows' partial results for the merge, with 0 for each count(DISTINCT): what the
//! new rows add to those counts comes from the values their state had not seen.
LogicalOperatorPtr withoutDistinctCounts(LogicalOperatorPtr partial,
                                         const std::vector<size_t>& distinct) {
  size_t keys = partial->expressions.size();
  auto project = makeOperator(LogicalOperatorKind::kProject);
  project->column_names = partial->column_names;
  project->column_types = partial->column_types;
  for (size_t column = 0; column < partial->column_types.size(); ++column) {
    const DataType& type = partial->column_types[column];
    bool counted = column >= keys &&
                   std::find(distinct.begin(), distinct.end(), column - keys) != distinct.end();
    project->expressions.push_back(counted
                                       ? BoundExpression::makeConstant(Value::fromInt64(type, 0))
                                       : BoundExpression::makeColumn(column, type));
  }
  project->children.push_back(std::move(partial));
  return project;
}

//! The count of `unseen` pairs (columns: the group keys, then the counted values) per group,
//! as rows of the partial results (`names`, `types`) with the count at `column` and NULL in
//! the other results, which their merges pass over.
LogicalOperatorPtr unseenCounts(TableFunctionBinding unseen, size_t keys, size_t column,
                                const std::vector<std::string>& names,
                                const std::vector<DataType>& types) {
  LogicalOperatorPtr pairs = scanOf(std::move(unseen));
  auto counted = makeOperator(LogicalOperatorKind::kAggregate);
  for (size_t key = 0; key < keys; ++key) {
    counted->expressions.push_back(BoundExpression::makeColumn(key, pairs->column_types[key]));
    counted->column_names.push_back(pairs->column_names[key]);
    counted->column_types.push_back(pairs->column_types[key]);
  }
  BoundAggregate count =
      aggregateOverColumn("count", keys, pairs->column_types[keys], pairs->column_names[keys]);
  counted->column_names.push_back("unseen");
  counted->column_types.push_back(count.function->returnType());
  counted->aggregates.push_back(std::move(count));
  counted->children.push_back(std::move(pairs));

  auto shaped = makeOperator(LogicalOperatorKind::kProject);
  shaped->column_names = names;
  shaped->column_types = types;
  for (size_t index = 0; index < types.size(); ++index) {
    if (index < keys) {
      shaped->expressions.push_back(BoundExpression::makeColumn(index, types[index]));
    } else if (index == column) {
      shaped->expressions.push_back(ExpressionBinder::castTo(
          BoundExpression::makeColumn(keys, counted->column_types[keys]), types[index]));
    } else {
      shaped->expressions.push_back(BoundExpression::makeConstant(Value::null(types[index])));
    }
  }
  shaped->children.push_back(std::move(counted));
  return shaped;
}

//! The distinct group keys of `new_rows`' aggregate (its input over the new rows).
LogicalOperatorPtr newKeys(LogicalOperatorPtr& new_rows, const std::vector<StructField>& schema) {
  LogicalOperator& aggregate = aggregateOf(new_rows, findTopAggregate(*new_rows, schema));
  auto keys = makeOperator(LogicalOperatorKind::kAggregate);
  for (size_t key = 0; key < aggregate.expressions.size(); ++key) {
    keys->column_names.push_back(fmt::format("key{}", key));
    keys->column_types.push_back(aggregate.column_types[key]);
  }
  keys->expressions = std::move(aggregate.expressions);
  keys->children = std::move(aggregate.children);
  return keys;
}

LogicalOperatorPtr keyJoin(LogicalJoinType type, LogicalOperatorPtr rows, LogicalOperatorPtr keys,
                           std::vector<BoundExpressionPtr> row_keys) {
  auto join = makeOperator(LogicalOperatorKind::kJoin);
  join->join = std::make_unique<LogicalJoin>();
  join->join->type = type;
  for (size_t key = 0; key < row_keys.size(); ++key) {
    JoinKey pair;
    pair.left = std::move(row_keys[key]);
    pair.right = BoundExpression::makeColumn(key, keys->column_types[key]);
    pair.null_safe = true;  // a NULL key is a group like any other
    join->join->keys.push_back(std::move(pair));
  }
  join->column_names = rows->column_names;
  join->column_types = rows->column_types;
  join->children.push_back(std::move(rows));
  join->children.push_back(std::move(keys));
  return join;
}

}  // namespace

ViewInputReads::ViewInputReads(const DatasetLocations& locations,
                               std::map<std::string, int64_t> versions,
                               std::map<std::string, std::vector<delta::AddFile>> appended)
    : locations_(locations), appended_(std::move(appended)), versions_(std::move(versions)) {}

TableFunctionBinding ViewInputReads::read(const Dataset& dataset,
                                          const std::vector<StructField>& schema,
                                          const DatasetReadMode&) const {
  std::string location = locations_.locationOf(dataset);
  if (!delta::tableExists(location))
    return readWholeDataset(dataset, schema, location);
  std::string key = datasetKey(dataset.name);
  delta::TimeTravel version;
  auto pinned = versions_.find(key);
  if (pinned != versions_.end())
    version.version = pinned->second;
  auto snapshot = std::make_shared<delta::Snapshot>(delta::openSnapshot(location, version));
  versions_[key] = snapshot->version;
  locations_read_[key] = location;
  std::vector<delta::AddFile> live;
  for (const auto& [path, file] : snapshot->files)
    live.push_back(file);
  sizes_[key] = filesSize(live);
  auto appended = appended_.find(key);
  if (appended != appended_.end()) {
    snapshot->files.clear();
    for (const delta::AddFile& file : appended->second)
      snapshot->files[file.path] = file;
  }
  TableFunctionBinding binding = deltaSnapshotBinding(dataset.name.toString(), std::move(snapshot));
  scans_[binding.source.get()] = key;
  return binding;
}

TableFunctionBinding ViewInputReads::streamTable(const QualifiedTableName& name,
                                                 const std::string& location,
                                                 const DatasetReadMode&) const {
  return deltaLatestBinding(name.toString(), location);
}

std::set<const TableSource*> ViewInputReads::scansOf(const std::set<std::string>* keys) const {
  std::set<const TableSource*> scans;
  for (const auto& [source, key] : scans_) {
    if (keys == nullptr || keys->count(key))
      scans.insert(source);
  }
  return scans;
}

FilesSize filesSize(const std::vector<delta::AddFile>& files) {
  FilesSize size;
  size.rows = 0;
  for (const delta::AddFile& file : files) {
    size.bytes += static_cast<double>(file.size);
    std::optional<int64_t> records;
    if (size.rows && file.stats)
      records = delta::parseFileStats(*file.stats, {}).num_records;
    if (records)
      *size.rows += static_cast<double>(*records);
    else
      size.rows.reset();
  }
  return size;
}

SourceChanges sourceChanges(const ViewRefreshRecord& last, const ViewInputReads& now,
                            std::map<std::string, std::vector<delta::AddFile>>& appended) {
  SourceChanges changes;
  for (const auto& [key, version] : now.versions()) {
    auto before = last.source_versions.find(key);
    if (before != last.source_versions.end() && before->second == version)
      continue;
    changes.changed.insert(key);
    if (before == last.source_versions.end() || before->second > version) {
      changes.not_append_only = key;
      continue;
    }
    delta::AppendedFiles files =
        delta::filesAppendedBetween(now.locations().at(key), before->second + 1, version);
    if (files.first_change_version) {
      changes.not_append_only = key;
      continue;
    }
    FilesSize added = filesSize(files.files);
    const FilesSize& total = now.sizes().at(key);
    bool by_rows = added.rows && total.rows;
    changes.appended_size += by_rows ? *added.rows : added.bytes;
    changes.total_size += by_rows ? *total.rows : total.bytes;
    appended[key] = std::move(files.files);
  }
  return changes;
}

std::vector<TechniqueInformation> incrementalTechniques(
    const LogicalOperator& plan, const std::set<const TableSource*>& changed_scans,
    bool has_expectations, const std::vector<StructField>& view_schema,
    bool distinct_states_current) {
  TechniqueInformation append_only;
  append_only.maintenance_type = MaintenanceType::kAppendOnly;
  RowwiseCheck whole = rowwise(plan, changed_scans);
  if (!whole.ok)
    append_only.issues.push_back(*whole.issue);

  TechniqueInformation group;
  group.maintenance_type = MaintenanceType::kGroupAggregate;
  MergeableAggregate mergeable = findMergeableAggregate(plan, view_schema);
  if (mergeable.issue) {
    group.issues.push_back(*mergeable.issue);
  } else {
    RowwiseCheck input = rowwise(*mergeable.aggregate->children[0], changed_scans);
    if (!input.ok)
      group.issues.push_back(*input.issue);
    if (!distinct_states_current && !distinctCounts(*mergeable.aggregate).empty()) {
      group.issues.push_back(IncrementalizationIssue{
          "DISTINCT_STATE_NOT_CURRENT",
          "The values the view's count(DISTINCT) has seen are not kept as its last refresh "
          "left them; this refresh gathers them again."});
    }
  }

  TechniqueInformation generic;
  generic.maintenance_type = MaintenanceType::kGenericAggregate;
  TopAggregate top = findTopAggregate(plan, view_schema);
  if (top.issue) {
    generic.issues.push_back(*top.issue);
  } else {
    RowwiseCheck input = rowwise(*top.aggregate->children[0], changed_scans);
    if (!input.ok)
      generic.issues.push_back(*input.issue);
  }
  if (has_expectations) {
    IncrementalizationIssue expectations = IncrementalizationIssue{
        "EXPECTATIONS_ON_VIEW",
        "The view has expectations, which its kept rows would be checked and counted by again."};
    group.issues.push_back(expectations);
    generic.issues.push_back(expectations);
  }
  return {std::move(append_only), std::move(group), std::move(generic)};
}

LogicalOperatorPtr groupAggregatePlan(LogicalOperatorPtr new_rows,
                                      std::optional<TableFunctionBinding> view_rows,
                                      const std::vector<StructField>& view_schema,
                                      std::vector<TableFunctionBinding> unseen_pairs) {
  MergeableAggregate mergeable = findMergeableAggregate(*new_rows, view_schema);
  SLUICE_CHECK(mergeable.aggregate != nullptr);
  LogicalOperatorPtr partial = std::move(new_rows);
  if (partial->kind == LogicalOperatorKind::kProject)
    partial = std::move(partial->children[0]);
  size_t keys = partial->expressions.size();

  auto both = makeOperator(LogicalOperatorKind::kUnion);
  both->column_names = partial->column_names;
  both->column_types = partial->column_types;
  std::vector<std::string> merge_names;
  for (const BoundAggregate& call : partial->aggregates)
    merge_names.push_back(*mergeFunction(call));

  // The view's rows in the aggregate's columns, then the new rows' partial results.
  if (view_rows) {
    LogicalOperatorPtr kept = scanOf(std::move(*view_rows));
    auto as_partial = makeOperator(LogicalOperatorKind::kProject);
    for (size_t column = 0; column < partial->column_names.size(); ++column) {
      size_t view_column = mergeable.view_columns[column];
      as_partial->expressions.push_back(
          BoundExpression::makeColumn(view_column, kept->column_types[view_column]));
      as_partial->column_names.push_back(partial->column_names[column]);
      as_partial->column_types.push_back(partial->column_types[column]);
    }
    as_partial->children.push_back(std::move(kept));
    both->children.push_back(std::move(as_partial));
  }
  std::vector<size_t> distinct = distinctCounts(*partial);
  SLUICE_CHECK(distinct.size() == unseen_pairs.size());
  if (distinct.empty()) {
    both->children.push_back(std::move(partial));
  } else {
    both->children.push_back(withoutDistinctCounts(std::move(partial), distinct));
    for (size_t index = 0; index < distinct.size(); ++index) {
      both->children.push_back(unseenCounts(std::move(unseen_pairs[index]), keys,
                                            keys + distinct[index], both->column_names,
                                            both->column_types));
    }
  }

  // Grouped again by the keys, each result merged.
  auto merged = makeOperator(LogicalOperatorKind::kAggregate);
  for (size_t key = 0; key < keys; ++key) {
    merged->expressions.push_back(BoundExpression::makeColumn(key, both->column_types[key]));
    merged->column_names.push_back(both->column_names[key]);
    merged->column_types.push_back(both->column_types[key]);
  }
  for (size_t index = 0; index < merge_names.size(); ++index) {
    size_t column = keys + index;
    BoundAggregate call = aggregateOverColumn(
        merge_names[index], column, both->column_types[column], both->column_names[column]);
    merged->column_names.push_back(both->column_names[column]);
    merged->column_types.push_back(call.function->returnType());
    merged->aggregates.push_back(std::move(call));
  }
  merged->children.push_back(std::move(both));

  // In the view's columns, each of its type (a merged sum may be wider).
  auto view = makeOperator(LogicalOperatorKind::kProject);
  for (size_t view_column = 0; view_column < view_schema.size(); ++view_column) {
    size_t column = 0;
    while (mergeable.view_columns[column] != view_column)
      ++column;
    view->expressions.push_back(
        ExpressionBinder::castTo(BoundExpression::makeColumn(column, merged->column_types[column]),
                                 view_schema[view_column].type));
    view->column_names.push_back(view_schema[view_column].name);
    view->column_types.push_back(view_schema[view_column].type);
  }
  view->children.push_back(std::move(merged));
  return view;
}

LogicalOperatorPtr genericAggregatePlan(LogicalOperatorPtr whole, LogicalOperatorPtr new_rows,
                                        LogicalOperatorPtr new_rows_again,
                                        TableFunctionBinding view_rows,
                                        const std::vector<StructField>& view_schema) {
  TopAggregate top = findTopAggregate(*whole, view_schema);
  LogicalOperator& aggregate = aggregateOf(whole, top);

  // The groups the new rows touch, recomputed from every row with their keys.
  std::vector<BoundExpressionPtr> input_keys;
  for (const BoundExpressionPtr& key : aggregate.expressions)
    input_keys.push_back(copyExpression(*key));
  aggregate.children[0] = keyJoin(LogicalJoinType::kSemi, std::move(aggregate.children[0]),
                                  newKeys(new_rows, view_schema), std::move(input_keys));

  // The view's other groups, as they are.
  LogicalOperatorPtr kept = scanOf(std::move(view_rows));
  std::vector<BoundExpressionPtr> view_keys;
  for (size_t column : top.key_columns)
    view_keys.push_back(BoundExpression::makeColumn(column, view_schema[column].type));
  LogicalOperatorPtr others = keyJoin(LogicalJoinType::kAnti, std::move(kept),
                                      newKeys(new_rows_again, view_schema), std::move(view_keys));

  // The recomputed groups in the view's columns, by name, as the view's writes are.
  auto recomputed = makeOperator(LogicalOperatorKind::kProject);
  for (size_t column = 0; column < view_schema.size(); ++column) {
    size_t index = 0;
    while (index < whole->column_names.size() &&
           !sameIdentifier(whole->column_names[index], view_schema[column].name))
      ++index;
    SLUICE_CHECK(index < whole->column_names.size());
    recomputed->expressions.push_back(
        BoundExpression::makeColumn(index, whole->column_types[index]));
    recomputed->column_names.push_back(view_schema[column].name);
    recomputed->column_types.push_back(whole->column_types[index]);
  }
  recomputed->children.push_back(std::move(whole));

  auto all = makeOperator(LogicalOperatorKind::kUnion);
  all->column_names = others->column_names;
  all->column_types = others->column_types;
  all->children.push_back(std::move(others));
  all->children.push_back(std::move(recomputed));
  return all;
}

std::vector<std::vector<StructField>> distinctStateSchemas(
    const LogicalOperator& plan, const std::vector<StructField>& view_schema) {
  std::vector<std::vector<StructField>> schemas;
  MergeableAggregate mergeable = findMergeableAggregate(plan, view_schema);
  if (mergeable.aggregate == nullptr)
    return schemas;
  const LogicalOperator& aggregate = *mergeable.aggregate;
  for (size_t index : distinctCounts(aggregate)) {
    std::vector<StructField> schema;
    for (size_t key = 0; key < aggregate.expressions.size(); ++key)
      schema.push_back(nullableField(fmt::format("key{}", key), aggregate.column_types[key]));
    const BoundAggregate& call = aggregate.aggregates[index];
    for (size_t value = 0; value < call.arguments.size(); ++value) {
      schema.push_back(nullableField(fmt::format("value{}", value), call.arguments[value]->type));
    }
    schemas.push_back(std::move(schema));
  }
  return schemas;
}

LogicalOperatorPtr distinctPairsPlan(LogicalOperatorPtr view_plan,
                                     const std::vector<StructField>& view_schema, size_t index) {
  std::vector<std::vector<StructField>> schemas = distinctStateSchemas(*view_plan, view_schema);
  SLUICE_CHECK(index < schemas.size());
  LogicalOperator& aggregate = mergeableAggregateOf(*view_plan);
  BoundAggregate& call = aggregate.aggregates[distinctCounts(aggregate)[index]];

  // The rows the count passes over: a NULL argument, a FILTER not true.
  LogicalOperatorPtr input = std::move(aggregate.children[0]);
  std::vector<BoundExpressionPtr> conditions;
  for (const BoundExpressionPtr& argument : call.arguments) {
    std::vector<BoundExpressionPtr> arguments;
    arguments.push_back(copyExpression(*argument));
    conditions.push_back(ExpressionBinder::bindBuiltin("isnotnull", std::move(arguments)));
  }
  if (call.filter)
    conditions.push_back(std::move(call.filter));
  auto counted = makeOperator(LogicalOperatorKind::kFilter);
  counted->column_names = input->column_names;
  counted->column_types = input->column_types;
  counted->expressions.push_back(allOf(std::move(conditions)));
  counted->children.push_back(std::move(input));

  auto pairs = makeOperator(LogicalOperatorKind::kAggregate);
  pairs->expressions = std::move(aggregate.expressions);
  for (BoundExpressionPtr& argument : call.arguments)
    pairs->expressions.push_back(std::move(argument));
  for (const StructField& field : schemas[index]) {
    pairs->column_names.push_back(field.name);
    pairs->column_types.push_back(field.type);
  }
  pairs->children.push_back(std::move(counted));
  return pairs;
}

LogicalOperatorPtr unseenPairsPlan(LogicalOperatorPtr pairs, LogicalOperatorPtr pairs_again,
                                   TableFunctionBinding state) {
  // The stored pairs among the new ones first: the hash join builds its right side, so the
  // state is probed by the few new pairs rather than built whole.
  LogicalOperatorPtr stored = scanOf(std::move(state));
  std::vector<BoundExpressionPtr> stored_columns;
  for (size_t column = 0; column < stored->column_types.size(); ++column)
    stored_columns.push_back(BoundExpression::makeColumn(column, stored->column_types[column]));
  LogicalOperatorPtr seen = keyJoin(LogicalJoinType::kSemi, std::move(stored),
                                    std::move(pairs_again), std::move(stored_columns));
  std::vector<BoundExpressionPtr> pair_columns;
  for (size_t column = 0; column < pairs->column_types.size(); ++column)
    pair_columns.push_back(BoundExpression::makeColumn(column, pairs->column_types[column]));
  return keyJoin(LogicalJoinType::kAnti, std::move(pairs), std::move(seen),
                 std::move(pair_columns));
}

}  // namespace sluice
