// src/pipeline/graph/dataflow_graph.cpp
#include "pipeline/graph/dataflow_graph.hpp"

#include <fmt/format.h>

namespace sluice {

std::string_view datasetKindName(DatasetKind kind) {
  switch (kind) {
    case DatasetKind::kStreamingTable:
      return "streaming table";
    case DatasetKind::kMaterializedView:
      return "materialized view";
    case DatasetKind::kManagedTable:
      return "table";
    case DatasetKind::kView:
      return "view";
    case DatasetKind::kTemporaryView:
      return "temporary view";
  }
  return "dataset";
}

std::string Dataset::describe() const {
  if (kind == DatasetKind::kTemporaryView)
    return fmt::format("temporary view {}", quoteName(name.table));
  return fmt::format("{} {}", datasetKindName(kind), name.quoted());
}

std::string PipelineFunction::describe() const {
  if (temporary)
    return fmt::format("temporary function {}", quoteName(name.table));
  return fmt::format("function {}", name.quoted());
}

std::string Sink::describe() const {
  return fmt::format("sink {}", quoteName(name.table));
}

std::optional<std::string> sinkOption(const Sink& sink, std::string_view key) {
  for (const auto& [name, value] : sink.options) {
    if (sameIdentifier(name, key))
      return value;
  }
  return std::nullopt;
}

std::string Dataset::displayName() const {
  return kind == DatasetKind::kTemporaryView ? name.table : name.toString();
}

std::string datasetKey(const QualifiedTableName& name) {
  return foldIdentifier(name.catalog) + "." + foldIdentifier(name.schema) + "." +
         foldIdentifier(name.table);
}

const Dataset* DataflowGraph::findDataset(const QualifiedTableName& name) const {
  std::string key = datasetKey(name);
  for (const Dataset& dataset : datasets) {
    if (dataset.kind != DatasetKind::kTemporaryView && datasetKey(dataset.name) == key)
      return &dataset;
  }
  return nullptr;
}

const Dataset* DataflowGraph::findTemporaryView(std::string_view name) const {
  for (const Dataset& dataset : datasets) {
    if (dataset.kind == DatasetKind::kTemporaryView && sameIdentifier(dataset.name.table, name))
      return &dataset;
  }
  return nullptr;
}

const Sink* DataflowGraph::findSink(const QualifiedTableName& name) const {
  std::string key = datasetKey(name);
  for (const Sink& sink : sinks) {
    if (datasetKey(sink.name) == key)
      return &sink;
  }
  return nullptr;
}

std::vector<const Flow*> DataflowGraph::flowsInto(const QualifiedTableName& target) const {
  std::vector<const Flow*> found;
  std::string key = datasetKey(target);
  for (const Flow& flow : flows) {
    if (datasetKey(flow.target) == key)
      found.push_back(&flow);
  }
  return found;
}

}  // namespace sluice
