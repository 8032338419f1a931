// src/pipeline/graph/graph_validation.cpp
#include "pipeline/graph/graph_validation.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/types/type_coercion.hpp"
#include "pipeline/graph/change_capture.hpp"
#include "pipeline/graph/expectation_binding.hpp"
#include "pipeline/graph/graph_analysis.hpp"

namespace sluice {

namespace {

Error at(Error error, const SourceLocation& origin) {
  error.withLocation(origin);
  return error;
}

bool isStreamRef(const sql::TableRef& ref) {
  if (ref.kind() == sql::TableRefKind::kNamed)
    return ref.as<sql::NamedTableRef>().stream;
  return ref.kind() == sql::TableRefKind::kFunction && ref.as<sql::TableFunctionRef>().stream;
}

// Two outputs (datasets and sinks) of one name, or two flows of one name.
void validateDuplicateIdentifiers(const DataflowGraph& graph, std::vector<Error>& errors) {
  std::map<std::string, SourceLocation> outputs;
  auto add_output = [&](const std::string& key, const std::string& description,
                        const SourceLocation& origin) {
    auto [first, inserted] = outputs.emplace(key, origin);
    if (inserted)
      return;
    errors.push_back(
        at(Error(ErrorClass::PIPELINE_DUPLICATE_IDENTIFIERS, "OUTPUT",
                 fmt::format("The {} is defined twice: here, and at {}:{}. A dataset "
                             "or sink is defined by one statement.",
                             description, first->second.source_name, first->second.line)),
           origin));
  };
  for (const Dataset& dataset : graph.datasets) {
    add_output(dataset.kind == DatasetKind::kTemporaryView
                   ? "temp:" + foldIdentifier(dataset.name.table)
                   : datasetKey(dataset.name),
               dataset.describe(), dataset.origin);
  }
  for (const Sink& sink : graph.sinks)
    add_output(datasetKey(sink.name), sink.describe(), sink.origin);
  std::map<std::string, const Flow*> flows;
  for (const Flow& flow : graph.flows) {
    auto [first, inserted] = flows.emplace(datasetKey(flow.name), &flow);
    if (inserted)
      continue;
    // A dataset's own flow shares its name: a second dataset of that name is reported as
    // such, a CREATE FLOW of that name by validateFlowNames.
    if (flow.implicit || first->second->implicit)
      continue;
    errors.push_back(at(Error(ErrorClass::PIPELINE_DUPLICATE_IDENTIFIERS, "FLOW",
                              fmt::format("The flow {} is defined twice: here, and at {}:{}. Give "
                                          "each flow its own name.",
                                          flow.name.quoted(), first->second->origin.source_name,
                                          first->second->origin.line)),
                        flow.origin));
  }
}

// A flow named like a dataset other than its own target.
void validateFlowNames(const DataflowGraph& graph, std::vector<Error>& errors) {
  for (const Flow& flow : graph.flows) {
    if (flow.implicit)
      continue;
    const Dataset* dataset = graph.findDataset(flow.name);
    if (dataset == nullptr)
      continue;
    if (datasetKey(flow.name) == datasetKey(flow.target) && flow.spec != nullptr &&
        flow.spec->kind == sql::FlowSpec::Kind::kAutoCdc)
      continue;  // the unnamed APPLY CHANGES INTO t is named after t
    errors.push_back(at(Error(ErrorClass::FLOW_NAME_CONFLICTS_WITH_TABLE,
                              fmt::format("The flow {} has the name of the {}: a flow may not "
                                          "share a name with a dataset. Rename the flow.",
                                          flow.name.quoted(), dataset->describe())),
                        flow.origin));
  }
}

// A flow writes a stored dataset of the pipeline, and a materialized view has one query.
void validateFlowTargets(const DataflowGraph& graph, std::vector<Error>& errors) {
  for (const Flow& flow : graph.flows) {
    const Dataset* target = graph.findDataset(flow.target);
    if (target == nullptr && graph.findSink(flow.target) != nullptr)
      continue;  // validateSinkFlows
    if (target == nullptr) {
      errors.push_back(at(Error(ErrorClass::TABLE_OR_VIEW_NOT_FOUND,
                                fmt::format("The flow {} writes {}, which the pipeline does not "
                                            "define. Declare it with CREATE STREAMING TABLE or "
                                            "CREATE TABLE.",
                                            flow.name.quoted(), flow.target.quoted())),
                          flow.origin));
      continue;
    }
    if (!isStored(target->kind)) {
      errors.push_back(at(Error(ErrorClass::NOT_SUPPORTED,
                                fmt::format("The flow {} writes the {}; flows write streaming "
                                            "tables, materialized views and tables.",
                                            flow.name.quoted(), target->describe())),
                          flow.origin));
      continue;
    }
    if (target->kind == DatasetKind::kMaterializedView && !flow.implicit) {
      errors.push_back(at(Error(ErrorClass::MATERIALIZED_VIEW_WITH_MULTIPLE_QUERIES,
                                fmt::format("The {} is defined by its own query; the flow {} may "
                                            "not write it too.",
                                            target->describe(), flow.name.quoted())),
                          flow.origin));
    }
  }
}

// A sink takes append flows only (Databricks: "append flow is the only flow type supported
// with the create_sink() function"), and has no expectations to check them against.
void validateSinkFlows(const DataflowGraph& graph, std::vector<Error>& errors) {
  for (const Flow& flow : graph.flows) {
    const Sink* sink = graph.findSink(flow.target);
    if (sink == nullptr || flow.kind == FlowKind::kAppend)
      continue;
    errors.push_back(at(Error(ErrorClass::NOT_SUPPORTED,
                              fmt::format("The AUTO CDC flow {} writes the {}; a sink takes "
                                          "append flows only (dp.append_flow).",
                                          flow.name.quoted(), sink->describe())),
                        flow.origin));
  }
}

// A stored dataset needs a flow: its AS query, its FLOW clause, or a CREATE FLOW into it.
void validateEveryDatasetHasFlow(const DataflowGraph& graph, std::vector<Error>& errors) {
  for (const Dataset& dataset : graph.datasets) {
    // A flow whose Python definition failed was reported with its error.
    if (!isStored(dataset.kind) || !graph.flowsInto(dataset.name).empty() ||
        graph.findDeferredFlowInto(dataset.name) != nullptr)
      continue;
    errors.push_back(at(Error(ErrorClass::PIPELINE_DATASET_WITHOUT_FLOW,
                              fmt::format("The {} has no flow writing it. Give it a query, a FLOW "
                                          "clause, or a CREATE FLOW ... INSERT INTO it.",
                                          dataset.describe())),
                        dataset.origin));
  }
}

// AUTO CDC: a streaming table takes one AUTO CDC flow and no other flow (the flow keeps the
// table's state of keys and sequences) and no expectations; a managed table takes none; FROM
// SNAPSHOT reads a table or view whole, never a stream.
void validateChangeDataCapture(const DataflowGraph& graph, std::vector<Error>& errors) {
  for (const Flow& flow : graph.flows) {
    // An AUTO CDC flow into a sink is refused by validateSinkFlows.
    if (flow.kind != FlowKind::kAutoCdc || graph.findSink(flow.target) != nullptr)
      continue;
    const Dataset* target = graph.findDataset(flow.target);
    if (target != nullptr && target->kind == DatasetKind::kManagedTable) {
      errors.push_back(at(Error(ErrorClass::MANAGED_TABLE_DOES_NOT_SUPPORT_CDC,
                                fmt::format("The flow {} applies changes (AUTO CDC) into the table "
                                            "{}; only a streaming table takes AUTO CDC flows.",
                                            flow.name.quoted(), target->name.quoted())),
                          flow.origin));
      continue;
    }
    if (isSnapshotFlow(flow) && flow.spec->cdc.source != nullptr &&
        isStreamRef(*flow.spec->cdc.source)) {
      errors.push_back(at(Error(ErrorClass::NOT_SUPPORTED,
                                fmt::format("The AUTO CDC FROM SNAPSHOT flow {} reads a stream; a "
                                            "snapshot is a table or view read whole at each "
                                            "update. Name it without STREAM.",
                                            flow.name.quoted())),
                          flow.origin));
      continue;
    }
    if (target != nullptr && target->expectations != nullptr && !target->expectations->empty()) {
      errors.push_back(at(Error(ErrorClass::NOT_SUPPORTED,
                                fmt::format("The {} is the target of the AUTO CDC flow {} and "
                                            "declares expectations, which AUTO CDC does not "
                                            "check; declare them on its source.",
                                            target->describe(), flow.name.quoted())),
                          target->origin));
    }
    for (const Flow* other : graph.flowsInto(flow.target)) {
      // Two AUTO CDC flows are reported once, at the later one.
      if (other == &flow || (other->kind == FlowKind::kAutoCdc && other < &flow))
        continue;
      errors.push_back(
          at(Error(ErrorClass::AUTOCDC_MULTIPLE_FLOWS_TO_TARGET,
                   fmt::format("The {} is the target of the AUTO CDC flow {} and "
                               "also of the flow {}; an AUTO CDC target takes no "
                               "other flow.",
                               target != nullptr ? target->describe() : flow.target.quoted(),
                               flow.name.quoted(), other->name.quoted())),
             other->origin));
    }
  }
}

// Table clauses that contradict each other or the catalog.
void validateTableClauses(const DataflowGraph& graph, std::vector<Error>& errors) {
  for (const Dataset& dataset : graph.datasets) {
    if (dataset.spec == nullptr)
      continue;
    const sql::TableSpec& spec = *dataset.spec;
    if (spec.clustering && spec.clustering->kind == sql::Clustering::Kind::kColumns &&
        !spec.partition_columns.empty()) {
      errors.push_back(at(Error(ErrorClass::SPECIFY_CLUSTER_BY_WITH_PARTITIONED_BY_IS_NOT_ALLOWED,
                                fmt::format("The {} gives both CLUSTER BY and PARTITIONED BY; "
                                            "choose one.",
                                            dataset.describe())),
                          dataset.statement->locate(spec.clustering->position)));
    }
    if (dataset.kind == DatasetKind::kManagedTable && dataset.name.catalog == "hive_metastore") {
      errors.push_back(at(Error(ErrorClass::NOT_SUPPORTED,
                                fmt::format("The table {} is a managed table of a pipeline in the "
                                            "hive_metastore catalog, which does not hold them; "
                                            "use a streaming table or another catalog.",
                                            dataset.name.quoted())),
                          dataset.origin));
    }
  }
}

// A pipeline publishes at least one dataset. A source file that failed to register may define
// some once fixed: its error is the one to report.
void validateNotEmpty(const DataflowGraph& graph, std::vector<Error>& errors) {
  if (!graph.sinks.empty() || !errors.empty())
    return;
  for (const Dataset& dataset : graph.datasets) {
    if (dataset.kind != DatasetKind::kTemporaryView)
      return;
  }
  // Python definitions that failed before making their statement define datasets too.
  if (!graph.deferred.empty())
    return;
  errors.push_back(Error(ErrorClass::RUN_EMPTY_PIPELINE,
                         "The pipeline defines no tables, materialized views or views: its source "
                         "files (the spec's libraries) must define at least one."));
}

// A streaming table and a sink read streams, a materialized view and a persisted view do not.
void validateFlowQueryTypes(const GraphAnalysis& analysis, std::vector<Error>& errors) {
  const DataflowGraph& graph = *analysis.graph;
  for (const FlowAnalysis& entry : analysis.flows) {
    if (entry.status != DatasetState::Status::kResolved)
      continue;
    const Flow& flow = *entry.flow;
    // A sink is written by a stream; an append ONCE flow reads its input whole, once.
    const Sink* sink = graph.findSink(flow.target);
    if (sink != nullptr && !flow.once && !entry.reads.reads_stream &&
        flow.kind == FlowKind::kAppend) {
      errors.push_back(
          at(Error(ErrorClass::INVALID_FLOW_QUERY_TYPE,
                   fmt::format("The flow {} writes the {} but reads no stream: a sink is written "
                               "by streaming append flows. Read the input with "
                               "spark.readStream, or make the flow once=True.",
                               flow.name.quoted(), sink->describe())),
             flow.origin));
    }
    const Dataset* target = graph.findDataset(flow.target);
    if (target == nullptr)
      continue;
    // An AUTO CDC FROM SNAPSHOT flow reads its source whole at each update.
    if (target->kind == DatasetKind::kStreamingTable && !flow.once && !entry.reads.reads_stream &&
        !isSnapshotFlow(flow)) {
      errors.push_back(at(
          Error(ErrorClass::INVALID_FLOW_QUERY_TYPE, "BATCH_RELATION_FOR_STREAMING_TABLE",
                fmt::format("The flow {} writes the streaming table {} but reads no stream. Read "
                            "its input with STREAM(name) or STREAM read_files(...), or make the "
                            "table a materialized view.",
                            flow.name.quoted(), target->name.quoted())),
          flow.origin));
    }
    if (target->kind == DatasetKind::kMaterializedView && entry.reads.reads_stream) {
      errors.push_back(
          at(Error(ErrorClass::INVALID_FLOW_QUERY_TYPE, "STREAMING_RELATION_FOR_MATERIALIZED_VIEW",
                   fmt::format("The materialized view {} reads a stream; it is recomputed from "
                               "whole inputs. Read them without STREAM, or make it a streaming "
                               "table.",
                               target->name.quoted())),
             flow.origin));
    }
  }
  for (const DatasetAnalysis& entry : analysis.datasets) {
    if (entry.dataset->kind == DatasetKind::kView &&
        entry.state.status == DatasetState::Status::kResolved && entry.state.streaming) {
      errors.push_back(
          at(Error(ErrorClass::INVALID_FLOW_QUERY_TYPE, "STREAMING_RELATION_FOR_PERSISTED_VIEW",
                   fmt::format("The view {} reads a stream; a view published to the catalog reads "
                               "whole tables. Make it a temporary view.",
                               entry.dataset->name.quoted())),
             entry.dataset->origin));
    }
  }
}

// INSERT BY NAME: each column a flow gives must be a column of its target's declared schema,
// of a type the column takes by store assignment.
void validateFlowColumns(const GraphAnalysis& analysis, std::vector<Error>& errors) {
  for (const FlowAnalysis& entry : analysis.flows) {
    if (entry.status != DatasetState::Status::kResolved)
      continue;
    const Dataset* target = analysis.graph->findDataset(entry.flow->target);
    const DatasetAnalysis* state = analysis.dataset(datasetKey(entry.flow->target));
    if (target == nullptr || state == nullptr || target->spec == nullptr ||
        target->spec->columns.empty() || state->state.status != DatasetState::Status::kResolved)
      continue;
    // validateChangeDataCapture refused it already.
    if (entry.flow->kind == FlowKind::kAutoCdc && target->kind == DatasetKind::kManagedTable)
      continue;
    for (const StructField& column : entry.output) {
      const StructField* declared = nullptr;
      for (const StructField& field : state->state.schema) {
        if (sameIdentifier(field.name, column.name))
          declared = &field;
      }
      if (declared == nullptr) {
        errors.push_back(at(
            Error(
                ErrorClass::USER_SPECIFIED_AND_INFERRED_SCHEMA_NOT_COMPATIBLE,
                fmt::format("The flow {} writes the column {}, which the {} does not declare. "
                            "Add it to the table's columns or leave it out of the query.",
                            entry.flow->name.quoted(), quoteName(column.name), target->describe())),
            entry.flow->origin));
      } else if (!canStoreAssign(column.type, declared->type)) {
        errors.push_back(at(
            Error(ErrorClass::USER_SPECIFIED_AND_INFERRED_SCHEMA_NOT_COMPATIBLE,
                  fmt::format("The flow {} writes the column {} as {}, which the {} declares {}; "
                              "cast it in the query.",
                              entry.flow->name.quoted(), quoteName(column.name), column.type.sql(),
                              target->describe(), declared->type.sql())),
            entry.flow->origin));
      }
    }
  }
}

// Datasets that read each other through their flows, even where declared schemas let every
// flow resolve.
void validateNoCycles(const GraphAnalysis& analysis, std::vector<Error>& errors) {
  std::map<std::string, std::set<std::string>> reads;  // target: the datasets its flows read
  std::map<std::string, const Flow*> writer;
  for (const FlowAnalysis& entry : analysis.flows) {
    if (entry.status != DatasetState::Status::kResolved)
      continue;
    std::string target = datasetKey(entry.flow->target);
    reads[target].insert(entry.reads.inputs.begin(), entry.reads.inputs.end());
    writer.emplace(target, entry.flow);
  }
  std::map<std::string, int> marks;  // 1: on the current path, 2: done
  std::vector<std::string> path;
  std::set<std::string> reported;
  std::function<void(const std::string&)> visit = [&](const std::string& key) {
    marks[key] = 1;
    path.push_back(key);
    for (const std::string& input : reads[key]) {
      if (marks[input] == 1) {
        auto start = std::find(path.begin(), path.end(), input);
        std::vector<std::string> names(start, path.end());
        names.push_back(input);
        if (reported.insert(input).second && writer.count(key)) {
          const Flow& flow = *writer[key];
          errors.push_back(at(Error(ErrorClass::CIRCULAR_DEPENDENCY,
                                    fmt::format("The flow {} closes a cycle of datasets that read "
                                                "each other: {}. A pipeline's datasets form a "
                                                "graph without cycles.",
                                                flow.name.quoted(), fmt::join(names, " -> "))),
                              flow.origin));
        }
      } else if (marks[input] == 0) {
        visit(input);
      }
    }
    path.pop_back();
    marks[key] = 2;
  };
  for (const auto& [key, inputs] : reads) {
    if (marks[key] == 0)
      visit(key);
  }
}

// Expectations bind over their dataset's columns and hold only what an expectation may.
void validateExpectations(const GraphAnalysis& analysis, std::vector<Error>& errors) {
  for (const DatasetAnalysis& entry : analysis.datasets) {
    const Dataset& dataset = *entry.dataset;
    if (dataset.expectations == nullptr || dataset.expectations->empty() ||
        entry.state.status != DatasetState::Status::kResolved)
      continue;
    try {
      bindExpectationCheck(*dataset.expectations, *dataset.statement, dataset.name.table,
                           entry.state.schema, executionContext(dataset.context));
    } catch (Error& error) {
      errors.push_back(at(std::move(error), dataset.origin));
    }
  }
}

}  // namespace

void validateStructure(const DataflowGraph& graph, std::vector<Error>& errors) {
  validateDuplicateIdentifiers(graph, errors);
  validateFlowNames(graph, errors);
  validateFlowTargets(graph, errors);
  validateSinkFlows(graph, errors);
  validateEveryDatasetHasFlow(graph, errors);
  validateChangeDataCapture(graph, errors);
  validateTableClauses(graph, errors);
  validateNotEmpty(graph, errors);
}

void validateResolvedFlows(const GraphAnalysis& analysis, std::vector<Error>& errors) {
  validateFlowQueryTypes(analysis, errors);
  validateFlowColumns(analysis, errors);
  validateNoCycles(analysis, errors);
  validateExpectations(analysis, errors);
}

}  // namespace sluice
