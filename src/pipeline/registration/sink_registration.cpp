// src/pipeline/registration/sink_registration.cpp
#include "pipeline/registration/sink_registration.hpp"

#include <fmt/format.h>

#include "catalog/catalog.hpp"

namespace sluice {

namespace {

bool isFileFormat(const std::string& format) {
  return format == "parquet" || format == "json" || format == "csv";
}

// The option a format needs to know where it writes.
void checkOptions(const Sink& sink) {
  bool has_path = sinkOption(sink, "path").has_value();
  if (sink.format == "delta") {
    bool has_table = sinkOption(sink, "tableName").has_value();
    if (has_path == has_table) {
      throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                  fmt::format("The delta {} needs one of the options `path` (a Delta table's "
                              "folder) or `tableName` (a table of the catalog), {}.",
                              sink.describe(), has_path ? "not both" : "and has neither"));
    }
    return;
  }
  if (!has_path) {
    throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                fmt::format("The {} {} needs the option `path`: the folder its files are "
                            "written to.",
                            sink.format, sink.describe()));
  }
}

}  // namespace

void registerSink(const SinkDefinition& definition, const RegistrationDefaults& defaults,
                  DataflowGraph& graph, std::vector<Error>& errors) {
  try {
    Sink sink;
    sink.name = qualifyTableName({definition.name}, defaults.catalog, defaults.schema);
    sink.format = foldIdentifier(definition.format);
    sink.options = definition.options;
    sink.origin = definition.origin;
    if (sink.format == "kafka" || sink.format == "eventhubs") {
      throw Error(ErrorClass::NOT_SUPPORTED,
                  fmt::format("The {} writes to {}, an event streaming service, which sluice "
                              "does not write to: a sink's format is delta, parquet, json or "
                              "csv.",
                              sink.describe(), definition.format));
    }
    if (sink.format != "delta" && !isFileFormat(sink.format)) {
      throw Error(ErrorClass::DATA_SOURCE_NOT_FOUND,
                  fmt::format("Failed to find the data source '{}' of the {}: a sink's format is "
                              "delta, parquet, json or csv.",
                              definition.format, sink.describe()));
    }
    checkOptions(sink);
    graph.sinks.push_back(std::move(sink));
  } catch (Error& error) {
    error.withLocation(definition.origin);
    errors.push_back(std::move(error));
  }
}

}  // namespace sluice
