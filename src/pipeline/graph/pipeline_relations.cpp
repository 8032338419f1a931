// src/pipeline/graph/pipeline_relations.cpp
#include "pipeline/graph/pipeline_relations.hpp"

#include <fmt/format.h>

#include "catalog/catalog.hpp"
#include "common/types/time_units.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"
#include "pipeline/graph/expectation_binding.hpp"
#include "pipeline/graph/graph_analysis.hpp"

namespace sluice {

std::string temporaryViewKey(std::string_view name) {
  return "temp:" + foldIdentifier(name);
}

std::string analysisKey(const QualifiedTableName& name, bool temporary_view) {
  return temporary_view ? temporaryViewKey(name.table) : datasetKey(name);
}

std::string analysisKey(const Dataset& dataset) {
  return analysisKey(dataset.name, dataset.kind == DatasetKind::kTemporaryView);
}

PipelineViews::PipelineViews(const DataflowGraph& graph) {
  for (const Dataset& dataset : graph.datasets) {
    if (dataset.kind != DatasetKind::kView && dataset.kind != DatasetKind::kTemporaryView)
      continue;
    TemporaryView view;
    view.name = dataset.name.table;
    view.statement = dataset.statement;
    view.query = dataset.view_query;
    for (const sql::ViewColumn& column : dataset.view_columns)
      view.column_names.push_back(column.name);
    views_[&dataset] = std::move(view);
  }
}

const TemporaryView* PipelineViews::find(const Dataset& view) const {
  auto found = views_.find(&view);
  return found == views_.end() ? nullptr : &found->second;
}

PipelineRelations::PipelineRelations(const DataflowGraph& graph, const PipelineViews& views,
                                     const std::map<std::string, DatasetState>& states,
                                     const DatasetReads& reads, RegistrationContext reader,
                                     bool reader_is_persisted_view)
    : graph_(graph),
      views_(views),
      states_(states),
      dataset_reads_(reads),
      reader_(std::move(reader)),
      reader_is_persisted_view_(reader_is_persisted_view) {}

PipelineRelations::PipelineRelations(const PipelineRelations& reader_of_view, const Dataset& view)
    : PipelineRelations(reader_of_view.graph_, reader_of_view.views_, reader_of_view.states_,
                        reader_of_view.dataset_reads_, view.context,
                        view.kind == DatasetKind::kView) {
  reads_ = reader_of_view.reads_;
}

namespace {

//! A view is inlined into its reader: there is no source to take read options.
void refuseViewOptions(const Dataset& view, const std::vector<sql::Property>& options) {
  if (!options.empty()) {
    throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                fmt::format("The {} is inlined into its reader and takes no read options (`{}`); "
                            "put them on the reads of tables inside the view.",
                            view.describe(), options.front().key));
  }
}

}  // namespace

DatasetReadMode datasetReadMode(bool stream, const std::vector<sql::Property>& options) {
  DatasetReadMode mode;
  mode.stream = stream;
  for (const sql::Property& option : options) {
    std::string key = foldIdentifier(option.key);
    std::string value = option.value ? foldIdentifier(*option.value) : "true";
    if (!stream) {
      throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                  fmt::format("The option `{}` applies to streaming reads (STREAM name WITH "
                              "(...)); a batch read of a dataset takes no options.",
                              option.key));
    }
    if (key == "skipchangecommits") {
      if (value != "true" && value != "false") {
        throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                    fmt::format("The option `skipChangeCommits` must be true or false, not '{}'.",
                                option.value.value_or("")));
      }
      mode.skip_change_commits = value == "true";
    } else if (key == "maxfilespertrigger" || key == "maxbytespertrigger") {
      // Rate limits shape micro-batches; an update reads all new input in one batch, with
      // the same result.
    } else if (key == "readchangefeed") {
      if (value != "true" && value != "false") {
        throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                    fmt::format("The option `readChangeFeed` must be true or false, not '{}'.",
                                option.value.value_or("")));
      }
      mode.read_change_feed = value == "true";
    } else if (key == "startingversion") {
      int64_t version = 0;
      if (!option.value ||
          parseIntegral(*option.value, 0, INT64_MAX, version) != ParseStatus::kOk) {
        throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                    fmt::format("The option `startingVersion` takes a version number, not '{}'.",
                                option.value.value_or("")));
      }
      mode.starting_version = version;
    } else if (key == "startingtimestamp") {
      // Delta reads the text in the session's time zone; a pipeline's is UTC.
      std::optional<int64_t> micros =
          option.value ? parseTimestamp(*option.value, TimeZone::utc()) : std::nullopt;
      if (!micros) {
        throw Error(ErrorClass::DELTA_INVALID_TIMESTAMP_FORMAT,
                    fmt::format("The provided timestamp '{}' does not match the expected syntax "
                                "yyyy-MM-dd HH:mm:ss[.SSS] (or a date, yyyy-MM-dd).",
                                option.value.value_or("")));
      }
      mode.starting_timestamp_ms = floorDivide(*micros, int64_t{1000});
    } else if (key == "ignoredeletes" || key == "ignorechanges" || key == "witheventtimeorder") {
      throw Error(ErrorClass::NOT_SUPPORTED,
                  fmt::format("The streaming read option `{}` is not supported.", option.key));
    } else {
      throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                  fmt::format("Unknown streaming read option `{}`; a stream of a Delta table "
                              "takes readChangeFeed, startingVersion, startingTimestamp, "
                              "skipChangeCommits, maxFilesPerTrigger and maxBytesPerTrigger.",
                              option.key));
    }
  }
  if (mode.starting_version && mode.starting_timestamp_ms) {
    throw Error(ErrorClass::DELTA_STARTING_VERSION_AND_TIMESTAMP_BOTH_SET,
                "Please either provide 'startingVersion' or 'startingTimestamp'.");
  }
  return mode;
}

std::optional<ResolvedRelation> PipelineRelations::resolve(
    const std::vector<std::string>& name, bool stream, const std::vector<sql::Property>& options,
    const SourceLocation&) const {
  // A temporary view is named by one part, or as LIVE.v.
  bool live = name.size() == 2 && sameIdentifier(name[0], Catalog::kLiveSchema);
  if (name.size() == 1 || live) {
    if (const Dataset* view = graph_.findTemporaryView(name.back())) {
      if (reader_is_persisted_view_) {
        throw Error(ErrorClass::INVALID_TEMP_OBJ_REFERENCE,
                    fmt::format("Cannot create the persistent view reading the temporary view "
                                "{}: a view published to the catalog may only read what the "
                                "catalog holds.",
                                quoteName(view->name.table)));
      }
      refuseViewOptions(*view, options);
      return resolveView(*view, temporaryViewKey(view->name.table), stream);
    }
    if (const DeferredDefinition* deferred = graph_.findDeferredTemporaryView(name.back()))
      awaitDeferred(*deferred, temporaryViewKey(name.back()));
  }
  QualifiedTableName qualified = qualifyTableName(name, reader_.catalog, reader_.schema);
  if (const DeferredDefinition* deferred = graph_.findDeferredDataset(qualified))
    awaitDeferred(*deferred, datasetKey(qualified));
  const Dataset* dataset = graph_.findDataset(qualified);
  if (dataset == nullptr && graph_.findSink(qualified) != nullptr) {
    throw Error(ErrorClass::TABLE_OR_VIEW_NOT_FOUND,
                fmt::format("The table or view {} cannot be found: it is the pipeline's {}, "
                            "which flows write and nothing reads. Read the sink's destination "
                            "outside the pipeline.",
                            qualified.quoted(), graph_.findSink(qualified)->describe()));
  }
  if (dataset == nullptr)
    return std::nullopt;
  std::string key = datasetKey(dataset->name);
  if (dataset->kind == DatasetKind::kView) {
    refuseViewOptions(*dataset, options);
    return resolveView(*dataset, key, stream);
  }
  DatasetReadMode mode = datasetReadMode(stream, options);

  auto state = states_.find(key);
  if (state == states_.end() || state->second.status == DatasetState::Status::kPending)
    throw PendingDependency{key};
  if (state->second.status == DatasetState::Status::kFailed) {
    throw Error(ErrorClass::UPSTREAM_FAILURE,
                fmt::format("Failed to resolve the {} because its input {} failed; see its "
                            "error.",
                            "query", dataset->describe()));
  }
  reads_->inputs.insert(key);
  if (stream) {
    reads_->stream_inputs.insert(key);
    reads_->reads_stream = true;
  }
  ResolvedRelation relation;
  relation.table = dataset_reads_.read(*dataset, state->second.schema, mode);
  return relation;
}

void PipelineRelations::awaitDeferred(const DeferredDefinition& definition,
                                      const std::string& key) const {
  if (definition.status == DeferredDefinition::Status::kWaiting)
    throw PendingDependency{key};
  throw Error(ErrorClass::UPSTREAM_FAILURE,
              fmt::format("Failed to resolve the query because its input, the {}, failed; see "
                          "its error.",
                          definition.description));
}

TableFunctionBinding PipelineRelations::streamCatalogTable(
    const TableEntry& table, const std::vector<sql::Property>& options) const {
  DatasetReadMode mode = datasetReadMode(/*stream=*/true, options);
  reads_->reads_stream = true;
  return dataset_reads_.streamTable(table.name, table.location, mode);
}

std::optional<ResolvedRelation> PipelineRelations::resolveView(const Dataset& view,
                                                               const std::string& key,
                                                               bool stream) const {
  auto state = states_.find(key);
  if (state == states_.end() || state->second.status == DatasetState::Status::kPending)
    throw PendingDependency{key};
  if (state->second.status == DatasetState::Status::kFailed) {
    throw Error(ErrorClass::UPSTREAM_FAILURE,
                fmt::format("Failed to resolve the query because its input {} failed; see its "
                            "error.",
                            view.describe()));
  }
  bool streaming = state->second.streaming;
  if (stream && !streaming) {
    throw Error(ErrorClass::INCOMPATIBLE_BATCH_VIEW_READ,
                fmt::format("The {} is a batch view and is read with its name, not with "
                            "STREAM({}).",
                            view.describe(), view.name.table));
  }
  if (!stream && streaming) {
    throw Error(ErrorClass::INCOMPATIBLE_STREAMING_VIEW_READ,
                fmt::format("The {} reads a stream and is read as one: STREAM({}).",
                            view.describe(), view.name.table));
  }
  reads_->views.insert(key);
  if (streaming)
    reads_->reads_stream = true;
  // The view's names resolve as its own statement wrote them (its file's USE CATALOG /
  // SCHEMA), through a resolver that records what it reads for this binding.
  std::unique_ptr<PipelineRelations>& own_names = view_relations_[key];
  if (own_names == nullptr)
    own_names.reset(new PipelineRelations(*this, view));
  TemporaryView& inlined = inlined_[key];
  inlined = *views_.find(view);
  inlined.relations = own_names.get();
  // Its expressions keep its own file's time zone too.
  inlined.time_zone = executionContext(view.context).time_zone;
  ResolvedRelation relation;
  relation.view = &inlined;
  if (view.expectations != nullptr && !view.expectations->empty()) {
    // The view's rows are checked where it is read, and counted for this binding's flow.
    const Dataset* dataset = &view;
    inlined.decorate = [this, dataset](LogicalOperatorPtr plan) {
      std::vector<StructField> columns;
      for (size_t index = 0; index < plan->column_names.size(); ++index)
        columns.push_back(
            StructField{plan->column_names[index], plan->column_types[index], true, {}});
      std::shared_ptr<ExpectationCheck> check =
          bindExpectationCheck(*dataset->expectations, *dataset->statement, dataset->name.table,
                               columns, executionContext(dataset->context));
      reads_->view_expectations.push_back(check->tally);
      return applyExpectationCheck(std::move(plan), std::move(check));
    };
  }
  return relation;
}

}  // namespace sluice
