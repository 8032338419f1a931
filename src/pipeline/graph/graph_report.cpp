// src/pipeline/graph/graph_report.cpp
#include "pipeline/graph/graph_report.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace sluice {

namespace {

std::string columnsText(const std::vector<StructField>& columns) {
  std::string text;
  for (const StructField& column : columns) {
    if (!text.empty())
      text += ", ";
    text += column.name + " " + column.type.sql();
  }
  return text;
}

std::string flowKindName(const Flow& flow) {
  switch (flow.kind) {
    case FlowKind::kAppend:
      return flow.once ? "append once" : "append";
    case FlowKind::kMaterialize:
      return "materialize";
    case FlowKind::kAutoCdc:
      return "auto cdc";
  }
  return "flow";
}

std::string locationText(const SourceLocation& location) {
  return fmt::format("{}:{}:{}", location.source_name, location.line, location.column);
}

//! The names of the datasets `reads` read, as written in the graph.
std::vector<std::string> inputNames(const GraphAnalysis& analysis, const RelationReads& reads) {
  std::vector<std::string> names;
  for (const std::string& key : reads.inputs) {
    const DatasetAnalysis* input = analysis.dataset(key);
    std::string name = input ? input->dataset->displayName() : key;
    names.push_back(reads.stream_inputs.count(key) ? "STREAM " + name : name);
  }
  for (const std::string& key : reads.views) {
    const DatasetAnalysis* view = analysis.dataset(key);
    names.push_back(view ? view->dataset->displayName() : key);
  }
  return names;
}

std::string_view statusName(DatasetState::Status status) {
  switch (status) {
    case DatasetState::Status::kPending:
      return "pending";
    case DatasetState::Status::kResolved:
      return "resolved";
    case DatasetState::Status::kFailed:
      return "failed";
  }
  return "";
}

//! A line per flow into the dataset or sink of `key`: its kind, name and what it reads.
std::string flowsIntoText(const GraphAnalysis& analysis, const std::string& key) {
  std::string out;
  for (const FlowAnalysis& flow : analysis.flows) {
    if (datasetKey(flow.flow->target) != key)
      continue;
    out += fmt::format("  <- {} flow {}", flowKindName(*flow.flow), flow.flow->name.table);
    if (flow.status == DatasetState::Status::kResolved) {
      std::vector<std::string> inputs = inputNames(analysis, flow.reads);
      if (!inputs.empty())
        out += fmt::format(" reading {}", fmt::join(inputs, ", "));
      else if (flow.reads.reads_stream)
        out += " reading a stream of files";
    } else {
      out += fmt::format(" [{}]", statusName(flow.status));
    }
    out += "\n";
  }
  return out;
}

}  // namespace

std::string graphReportText(const GraphAnalysis& analysis, const std::string& pipeline_name) {
  std::string out = fmt::format("Pipeline '{}': {} datasets, {} flows", pipeline_name,
                                analysis.datasets.size(), analysis.flows.size());
  const std::vector<Sink>& sinks = analysis.graph->sinks;
  if (!sinks.empty())
    out += fmt::format(", {} sink{}", sinks.size(), sinks.size() == 1 ? "" : "s");
  out += "\n";
  for (const DatasetAnalysis& entry : analysis.datasets) {
    const Dataset& dataset = *entry.dataset;
    out += fmt::format("\n{} {}", datasetKindName(dataset.kind), dataset.displayName());
    if (entry.state.status == DatasetState::Status::kResolved)
      out += fmt::format(" ({})", columnsText(entry.state.schema));
    else
      out += fmt::format(" [{}]", statusName(entry.state.status));
    out += fmt::format("  -- {}\n", locationText(dataset.origin));
    if (!isStored(dataset.kind) && entry.state.status == DatasetState::Status::kResolved) {
      std::vector<std::string> inputs = inputNames(analysis, entry.reads);
      out +=
          fmt::format("  reads {}\n", inputs.empty() ? "no dataset of the pipeline"
                                                     : fmt::format("{}", fmt::join(inputs, ", ")));
    }
    if (isStored(dataset.kind))
      out += flowsIntoText(analysis, entry.key);
  }
  for (const Sink& sink : analysis.graph->sinks) {
    std::vector<std::string> options;
    for (const auto& [key, value] : sink.options)
      options.push_back(fmt::format("{}={}", key, value));
    out += fmt::format("\nsink {} ({}{}{})  -- {}\n", sink.name.table, sink.format,
                       options.empty() ? "" : ", ", fmt::join(options, ", "),
                       locationText(sink.origin));
    out += flowsIntoText(analysis, datasetKey(sink.name));
  }
  if (analysis.errors.empty()) {
    out += "\nNo errors: the pipeline is valid.\n";
    return out;
  }
  out += fmt::format("\n{} error{}:\n", analysis.errors.size(),
                     analysis.errors.size() == 1 ? "" : "s");
  for (const Error& error : analysis.errors)
    out += "\n" + error.report() + "\n";
  return out;
}

std::string graphReportJson(const GraphAnalysis& analysis, const std::string& pipeline_name) {
  using nlohmann::json;
  json document;
  document["pipeline"] = pipeline_name;
  json datasets = json::array();
  for (const DatasetAnalysis& entry : analysis.datasets) {
    const Dataset& dataset = *entry.dataset;
    json item;
    item["name"] = dataset.displayName();
    item["kind"] = std::string(datasetKindName(dataset.kind));
    item["status"] = std::string(statusName(entry.state.status));
    json columns = json::array();
    for (const StructField& column : entry.state.schema)
      columns.push_back({{"name", column.name}, {"type", column.type.sql()}});
    item["schema"] = columns;
    item["private"] = dataset.is_private;
    item["origin"] = locationText(dataset.origin);
    datasets.push_back(item);
  }
  document["datasets"] = datasets;
  json sinks = json::array();
  for (const Sink& sink : analysis.graph->sinks) {
    sinks.push_back({{"name", sink.name.table},
                     {"format", sink.format},
                     {"options", json(sink.options)},
                     {"origin", locationText(sink.origin)}});
  }
  document["sinks"] = sinks;
  json flows = json::array();
  json edges = json::array();
  for (const FlowAnalysis& entry : analysis.flows) {
    const Flow& flow = *entry.flow;
    json item;
    item["name"] = flow.name.toString();
    item["target"] = flow.target.toString();
    item["kind"] = flowKindName(flow);
    item["status"] = std::string(statusName(entry.status));
    item["streaming"] = entry.reads.reads_stream;
    item["inputs"] = inputNames(analysis, entry.reads);
    item["origin"] = locationText(flow.origin);
    flows.push_back(item);
    for (const std::string& key : entry.reads.inputs) {
      const DatasetAnalysis* input = analysis.dataset(key);
      edges.push_back({{"from", input ? input->dataset->displayName() : key},
                       {"to", flow.target.toString()},
                       {"flow", flow.name.toString()},
                       {"stream", entry.reads.stream_inputs.count(key) > 0}});
    }
  }
  document["flows"] = flows;
  document["edges"] = edges;
  json errors = json::array();
  for (const Error& error : analysis.errors) {
    json item;
    item["class"] = error.fullClassName();
    item["message"] = error.message();
    if (error.location()) {
      item["file"] = error.location()->source_name;
      item["line"] = error.location()->line;
      item["column"] = error.location()->column;
    }
    errors.push_back(item);
  }
  document["errors"] = errors;
  return document.dump(2) + "\n";
}

std::string graphDiagram(const GraphAnalysis& analysis, const std::string& pipeline_name,
                         GraphFormat format) {
  if (format == GraphFormat::kJson)
    return graphReportJson(analysis, pipeline_name);
  // Node ids are positions, so that names need no escaping beyond their labels.
  std::map<std::string, size_t> ids;
  for (size_t index = 0; index < analysis.datasets.size(); ++index)
    ids.emplace(analysis.datasets[index].key, index);
  std::string out;
  bool dot = format == GraphFormat::kDot;
  out += dot ? fmt::format("digraph \"{}\" {{\n  rankdir=LR;\n", pipeline_name) : "flowchart LR\n";
  for (size_t index = 0; index < analysis.datasets.size(); ++index) {
    const Dataset& dataset = *analysis.datasets[index].dataset;
    std::string label =
        fmt::format("{}\\n{}", dataset.displayName(), datasetKindName(dataset.kind));
    if (dot) {
      const char* shape = isStored(dataset.kind) ? "box" : "ellipse";
      out += fmt::format("  d{} [label=\"{}\", shape={}];\n", index, label, shape);
    } else {
      std::string text =
          fmt::format("{}<br/>{}", dataset.displayName(), datasetKindName(dataset.kind));
      out += isStored(dataset.kind) ? fmt::format("  d{}[\"{}\"]\n", index, text)
                                    : fmt::format("  d{}([\"{}\"])\n", index, text);
    }
  }
  // Sinks follow the datasets: outputs drawn apart, as a pipeline never reads them.
  const std::vector<Sink>& sinks = analysis.graph->sinks;
  for (size_t index = 0; index < sinks.size(); ++index) {
    size_t id = analysis.datasets.size() + index;
    ids.emplace(datasetKey(sinks[index].name), id);
    if (dot) {
      out += fmt::format("  d{} [label=\"{}\\nsink ({})\", shape=cds];\n", id,
                         sinks[index].name.table, sinks[index].format);
    } else {
      out += fmt::format("  d{}[/\"{}<br/>sink ({})\"/]\n", id, sinks[index].name.table,
                         sinks[index].format);
    }
  }
  auto edge = [&](size_t from, size_t to, const std::string& label, bool stream) {
    if (dot) {
      out += fmt::format("  d{} -> d{} [label=\"{}\"{}];\n", from, to, label,
                         stream ? ", style=dashed" : "");
    } else {
      out += fmt::format("  d{} {}|{}| d{}\n", from, stream ? "-.->" : "-->", label, to);
    }
  };
  for (const FlowAnalysis& flow : analysis.flows) {
    auto target = ids.find(datasetKey(flow.flow->target));
    if (target == ids.end())
      continue;
    for (const std::string& key : flow.reads.inputs) {
      auto input = ids.find(key);
      if (input != ids.end())
        edge(input->second, target->second, flow.flow->name.table,
             flow.reads.stream_inputs.count(key));
    }
    for (const std::string& key : flow.reads.views) {
      auto input = ids.find(key);
      if (input != ids.end())
        edge(input->second, target->second, flow.flow->name.table, false);
    }
  }
  for (const DatasetAnalysis& view : analysis.datasets) {
    if (isStored(view.dataset->kind))
      continue;
    for (const std::string& key : view.reads.inputs) {
      auto input = ids.find(key);
      if (input != ids.end())
        edge(input->second, ids[view.key], "", view.reads.stream_inputs.count(key));
    }
  }
  if (dot)
    out += "}\n";
  return out;
}

}  // namespace sluice
