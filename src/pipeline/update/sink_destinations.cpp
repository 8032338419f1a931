// src/pipeline/update/sink_destinations.cpp
#include "pipeline/update/sink_destinations.hpp"

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "pipeline/spec/pipeline_spec.hpp"
#include "pipeline/update/delta_sink.hpp"
#include "pipeline/update/file_sink.hpp"
#include "sql/parser/multipart_name.hpp"

namespace sluice {

SinkDestinations::SinkDestinations(Catalog& catalog, std::string relative_path_base)
    : catalog_(catalog), relative_path_base_(std::move(relative_path_base)) {}

SinkDestinations::~SinkDestinations() = default;

SinkDestination& SinkDestinations::of(const Sink& sink) {
  std::lock_guard lock(mutex_);
  std::unique_ptr<SinkDestination>& destination = opened_[datasetKey(sink.name)];
  if (!destination)
    destination = open(sink);
  return *destination;
}

std::unique_ptr<SinkDestination> SinkDestinations::open(const Sink& sink) {
  // Registration checked that the sink has the option its format needs.
  if (sink.format == "delta") {
    if (std::optional<std::string> table = sinkOption(sink, "tableName")) {
      QualifiedTableName name;
      try {
        std::optional<std::vector<std::string>> parts = sql::parseMultipartName(*table);
        if (!parts) {
          throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                      fmt::format("The option `tableName` of the {} is not a table name: '{}'.",
                                  sink.describe(), *table));
        }
        name = qualifyTableName(*parts, sink.name.catalog, sink.name.schema);
      } catch (Error& error) {
        error.withLocation(sink.origin);
        throw;
      }
      return openDeltaTableSink(catalog_, sink, name);
    }
    return openDeltaPathSink(resolveSpecPath(relative_path_base_, *sinkOption(sink, "path")));
  }
  return openFileSink(sink, resolveSpecPath(relative_path_base_, *sinkOption(sink, "path")));
}

}  // namespace sluice
