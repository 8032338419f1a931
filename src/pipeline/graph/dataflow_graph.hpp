// src/pipeline/graph/dataflow_graph.hpp
//
// The dataflow graph of a pipeline, as its statements register it: datasets (what is
// published or read) and flows (what writes them). Spark's DataflowGraph: a streaming table,
// a materialized view or a managed table is written by its flows; a view or a temporary view
// has no flow of its own, its query is inlined into its readers. Every element keeps the
// statement that defined it (the AST stays alive with it) and where it was written.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog_entry.hpp"
#include "common/error/error.hpp"
#include "pipeline/graph/deferred_definition.hpp"
#include "pipeline/graph/snapshot_function.hpp"
#include "planner/binder/bind_context.hpp"
#include "sql/ast/statement.hpp"

namespace sluice {

enum class DatasetKind : uint8_t {
  kStreamingTable,
  kMaterializedView,
  kManagedTable,
  kView,           // CREATE VIEW: published to the catalog, batch, inlined into its readers
  kTemporaryView,  // CREATE TEMPORARY VIEW: the pipeline's own, inlined into its readers
};

//! "streaming table", "materialized view", "table", "view", "temporary view".
std::string_view datasetKindName(DatasetKind kind);

//! Whether rows of the dataset are stored (a table of the catalog), as opposed to a view.
inline bool isStored(DatasetKind kind) {
  return kind == DatasetKind::kStreamingTable || kind == DatasetKind::kMaterializedView ||
         kind == DatasetKind::kManagedTable;
}

//! The SQL context a statement was registered in: the SET values and the USE catalog and
//! schema before it in its file.
struct RegistrationContext {
  std::string catalog;
  std::string schema;
  std::map<std::string, std::string> settings;
};

//! A Python definition whose statement waits for the schemas of what it reads
//! (deferred_definition.hpp). Once produced, it is a dataset or flow like the others.
struct DeferredDefinition {
  enum class Status : uint8_t { kWaiting, kFailed };
  Status status = Status::kWaiting;
  //! "materialized view `b`", "flow `f`": what messages call it.
  std::string description;
  //! The dataset it defines (a temporary view has only `table` set); none for a flow.
  std::optional<QualifiedTableName> dataset;
  bool temporary_view = false;
  //! The stored dataset a flow writes; none for a dataset.
  std::optional<QualifiedTableName> target;
  SourceLocation origin;
  //! The context its queries are bound in.
  RegistrationContext context;
  std::shared_ptr<const DeferredQueryProducer> producer;
};

struct Dataset {
  DatasetKind kind = DatasetKind::kStreamingTable;
  //! Qualified for stored datasets and views; a temporary view has only `table` set.
  QualifiedTableName name;
  //! The CREATE statement, which keeps its AST (columns, clauses, expectations, query) alive.
  std::shared_ptr<const sql::Statement> statement;
  //! The column list and table clauses (tables and materialized views); null for views.
  const sql::TableSpec* spec = nullptr;
  //! A view's query and column list (views only).
  const sql::Query* view_query = nullptr;
  std::vector<sql::ViewColumn> view_columns;
  //! The expectations of the dataset (of its spec, or of a view's column list).
  const std::vector<sql::Expectation>* expectations = nullptr;
  std::optional<std::string> comment;
  bool is_private = false;
  SourceLocation origin;
  RegistrationContext context;

  //! "table `spark_catalog`.`default`.`t`" and the like, for messages.
  std::string describe() const;
  //! "spark_catalog.default.t", or a temporary view's bare name: how reports name it.
  std::string displayName() const;
};

enum class FlowKind : uint8_t {
  kAppend,       // INSERT BY NAME (or a streaming table's AS query): new input appended
  kMaterialize,  // a materialized view's query, recomputed each update
  kAutoCdc,      // AUTO CDC / APPLY CHANGES: a change stream applied by key
};

struct Flow {
  //! Qualified like a table name (Spark's flow identifiers are); a dataset's own flow has its
  //! name.
  QualifiedTableName name;
  QualifiedTableName target;
  FlowKind kind = FlowKind::kAppend;
  //! INSERT ONCE: runs once in its target's life (and again after a full refresh of it).
  bool once = false;
  //! Defined by the dataset's own statement (AS query, FLOW clause), not by CREATE FLOW.
  bool implicit = false;
  std::shared_ptr<const sql::Statement> statement;
  //! kAppend, kMaterialize; for kAutoCdc the query of `change_query`.
  const sql::Query* query = nullptr;
  //! kAutoCdc: `SELECT *, sequence, delete and truncate conditions FROM source`, made from the
  //! statement's AUTO CDC clauses (change_capture.hpp); for FROM SNAPSHOT, the source read whole.
  std::shared_ptr<const sql::Statement> change_query;
  //! AUTO CDC FROM SNAPSHOT with a function as its source: the function, called at each
  //! update; `change_query` is then the query of the snapshot the graph analysis was given.
  std::shared_ptr<const SnapshotFunction> snapshot_function;
  const sql::FlowSpec* spec = nullptr;  // the statement's flow part
  std::optional<std::string> comment;
  SourceLocation origin;
  RegistrationContext context;
};

//! A SQL function a pipeline file defines (CREATE [TEMPORARY] FUNCTION): its queries call it;
//! an update publishes a persistent one in the catalog, where row filters and other readers
//! find it; a temporary one stays in the pipeline.
struct PipelineFunction {
  //! Qualified for a persistent function; a temporary one has only `table` set.
  QualifiedTableName name;
  bool temporary = false;
  SqlFunction function;
  SourceLocation origin;
  RegistrationContext context;

  //! "function `spark_catalog`.`default`.`f`" or "temporary function `f`", for messages.
  std::string describe() const;
};

//! An external sink (Python's dp.create_sink): append flows write it, outside the pipeline's
//! catalog; the pipeline never reads it. Spark's Sink: a name, a format and its options.
struct Sink {
  //! Qualified like a dataset's name, so that a flow's target finds it.
  QualifiedTableName name;
  //! Lower case: delta, parquet, json or csv (registration refuses any other).
  std::string format;
  //! As given, keys in their own case; looked up case-insensitively (sinkOption).
  std::map<std::string, std::string> options;
  SourceLocation origin;

  //! "sink `my_sink`", for messages.
  std::string describe() const;
};

//! The value of a sink's option, its key matched case-insensitively as Spark's options are.
std::optional<std::string> sinkOption(const Sink& sink, std::string_view key);

class DataflowGraph {
 public:
  //! The definitions not produced yet; the graph analysis produces them.
  std::vector<DeferredDefinition> deferred;
  std::vector<Dataset> datasets;
  std::vector<Flow> flows;
  std::vector<PipelineFunction> functions;
  std::vector<Sink> sinks;

  //! The dataset of a qualified name, or the temporary view of a bare name; null when none.
  const Dataset* findDataset(const QualifiedTableName& name) const;
  const Dataset* findTemporaryView(std::string_view name) const;
  //! The sink of a qualified name; null when none.
  const Sink* findSink(const QualifiedTableName& name) const;
  //! The flows that write `target`, in registration order.
  std::vector<const Flow*> flowsInto(const QualifiedTableName& target) const;
  //! The deferred definition of the dataset `name` (qualified), or of the temporary view of a
  //! bare name; null when none.
  const DeferredDefinition* findDeferredDataset(const QualifiedTableName& name) const;
  const DeferredDefinition* findDeferredTemporaryView(std::string_view name) const;
  //! The deferred flow that writes `target`, or null.
  const DeferredDefinition* findDeferredFlowInto(const QualifiedTableName& target) const;
};

//! The key a qualified name is found by: its three parts, folded.
std::string datasetKey(const QualifiedTableName& name);

}  // namespace sluice
