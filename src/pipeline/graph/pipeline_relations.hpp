// src/pipeline/graph/pipeline_relations.hpp
//
// How the names in a flow's query (or a view's) resolve in its pipeline, as the binder asks:
// a temporary view of the pipeline (a one-part name) shadows everything; then, qualified in
// the reading statement's catalog and schema (LIVE.x is x of that schema), a dataset of the
// pipeline wins over a table of the catalog with the same name. A view is inlined into its
// reader; a stored dataset is read through DatasetReads: while the graph is validated it
// reads no rows, in an update its table (or, read as a STREAM, the commits its flow has not
// read yet).
//
// Each binding records what it read, so that the graph knows its edges and which flows are
// streaming. A dataset whose schema is not known yet (its flows are not bound, or its Python
// definition is deferred) raises PendingDependency: the graph analysis binds that flow again
// once its inputs are resolved.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "pipeline/graph/dataflow_graph.hpp"
#include "planner/binder/bind_context.hpp"
#include "planner/logical/expectation_spec.hpp"

namespace sluice {

//! Thrown (not an Error) when a binding reads a dataset whose schema is not known yet.
struct PendingDependency {
  std::string key;  // datasetKey of the dataset, or the name of a temporary view
};

//! How a flow reads a stored dataset: whole, or as a stream with the options of Delta's
//! streaming source that apply to one machine.
struct DatasetReadMode {
  bool stream = false;
  //! Commits that change or delete rows are passed over whole instead of failing the read
  //! (the skipChangeCommits option).
  bool skip_change_commits = false;
  //! The rows each commit changed, with _change_type, _commit_version and _commit_timestamp
  //! (the readChangeFeed option), instead of the rows it appended.
  bool read_change_feed = false;
  //! The first version the stream reads (startingVersion), instead of the table as it stands.
  std::optional<int64_t> starting_version;
  //! Or the first version committed at or after this time (startingTimestamp, milliseconds
  //! since the epoch).
  std::optional<int64_t> starting_timestamp_ms;
};

//! The mode of a read written `STREAM name WITH (options)` (or without STREAM): the options a
//! Delta stream takes, checked; INVALID_PARAMETER_VALUE for an unknown option or a value of
//! the wrong kind, NOT_SUPPORTED for the options sluice does not implement.
DatasetReadMode datasetReadMode(bool stream, const std::vector<sql::Property>& options);

//! How a stored dataset of the pipeline is read by a flow.
class DatasetReads {
 public:
  virtual ~DatasetReads() = default;
  //! The columns and source of `dataset` (whose resolved columns are `schema`), read whole or
  //! as a stream.
  virtual TableFunctionBinding read(const Dataset& dataset, const std::vector<StructField>& schema,
                                    const DatasetReadMode& mode) const = 0;
  //! A streaming read of the table `name` of the catalog, outside the pipeline, at
  //! `location`.
  virtual TableFunctionBinding streamTable(const QualifiedTableName& name,
                                           const std::string& location,
                                           const DatasetReadMode& mode) const = 0;
};

//! What the graph knows of a dataset while flows are bound.
struct DatasetState {
  enum class Status : uint8_t { kPending, kResolved, kFailed };
  Status status = Status::kPending;
  std::vector<StructField> schema;
  //! Views: whether their query reads a stream.
  bool streaming = false;
};

//! What one binding read.
struct RelationReads {
  std::set<std::string> inputs;         // datasetKey of every stored dataset read
  std::set<std::string> stream_inputs;  // of those, the ones read as a stream
  std::set<std::string> views;          // the views inlined (keys; a temporary view by name)
  bool reads_stream = false;            // any streaming read, of a dataset, a view or files
  //! The expectations of the views read, counted as the rows pass through them.
  std::vector<std::shared_ptr<ExpectationTally>> view_expectations;
};

//! The views of a graph in the form the binder inlines them.
class PipelineViews {
 public:
  explicit PipelineViews(const DataflowGraph& graph);
  const TemporaryView* find(const Dataset& view) const;

 private:
  std::map<const Dataset*, TemporaryView> views_;
};

class PipelineRelations : public RelationResolver {
 public:
  //! `reader` is the flow's or view's statement context; `reader_is_persisted_view` forbids
  //! reading temporary views (INVALID_TEMP_OBJ_REFERENCE). `states` is keyed by datasetKey
  //! for stored datasets and views, by "temp:" + folded name for temporary views.
  PipelineRelations(const DataflowGraph& graph, const PipelineViews& views,
                    const std::map<std::string, DatasetState>& states, const DatasetReads& reads,
                    RegistrationContext reader, bool reader_is_persisted_view);

  std::optional<ResolvedRelation> resolve(const std::vector<std::string>& name, bool stream,
                                          const std::vector<sql::Property>& options,
                                          const SourceLocation& location) const override;
  TableFunctionBinding streamCatalogTable(const TableEntry& table,
                                          const std::vector<sql::Property>& options) const override;

  //! What the bindings through this resolver read so far (streaming reads of files included,
  //! which the file-stream selector reports with noteStreamRead()).
  const RelationReads& reads() const { return *reads_; }
  void noteStreamRead() const { reads_->reads_stream = true; }
  const DataflowGraph& graph() const { return graph_; }

  PipelineRelations(const PipelineRelations&) = delete;
  PipelineRelations& operator=(const PipelineRelations&) = delete;

 private:
  //! The names of `view`'s query, in the view's own context, read for `reader_of_view`'s
  //! binding (its reads are recorded there).
  PipelineRelations(const PipelineRelations& reader_of_view, const Dataset& view);

  std::optional<ResolvedRelation> resolveView(const Dataset& view, const std::string& key,
                                              bool stream) const;
  //! A dataset a deferred definition will define: pending while it waits, failed with it.
  [[noreturn]] void awaitDeferred(const DeferredDefinition& definition,
                                  const std::string& key) const;

  const DataflowGraph& graph_;
  const PipelineViews& views_;
  const std::map<std::string, DatasetState>& states_;
  const DatasetReads& dataset_reads_;
  RegistrationContext reader_;
  bool reader_is_persisted_view_;
  mutable RelationReads own_reads_;
  RelationReads* reads_ = &own_reads_;  // a view's resolver records into its reader's
  //! The views as this binding inlines them, with their expectations applied.
  mutable std::map<std::string, TemporaryView> inlined_;
  mutable std::map<std::string, std::unique_ptr<PipelineRelations>> view_relations_;
};

//! The key of a temporary view in DatasetState maps.
std::string temporaryViewKey(std::string_view name);
//! The key of a dataset in analyses and DatasetState maps: datasetKey, or temporaryViewKey for
//! a temporary view.
std::string analysisKey(const QualifiedTableName& name, bool temporary_view);
std::string analysisKey(const Dataset& dataset);

}  // namespace sluice
