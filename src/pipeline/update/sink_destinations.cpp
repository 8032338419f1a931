// src/pipeline/update/sink_destinations.cpp
#include "pipeline/update/sink_destinations.hpp"

#include <filesystem>

#include "pipeline/update/delta_sink.hpp"
#include "pipeline/update/file_sink.hpp"

namespace sluice {

namespace {

//! A path option as a folder: "file:" dropped, a relative path read from `base`.
std::string resolvePath(std::string path, const std::string& base) {
  namespace fs = std::filesystem;
  if (path.rfind("file://", 0) == 0)
    path = path.substr(7);
  else if (path.rfind("file:", 0) == 0)
    path = path.substr(5);
  fs::path resolved = fs::path(path).is_absolute() ? fs::path(path) : fs::path(base) / path;
  return resolved.lexically_normal().string();
}

//! "c.s.t" or "`c`.`s`.`t`" as its parts.
std::vector<std::string> nameParts(const std::string& name) {
  std::vector<std::string> parts;
  std::string part;
  bool quoted = false;
  for (char c : name) {
    if (c == '`') {
      quoted = !quoted;
    } else if (c == '.' && !quoted) {
      parts.push_back(std::move(part));
      part.clear();
    } else {
      part += c;
    }
  }
  parts.push_back(std::move(part));
  return parts;
}

}  // namespace

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
        name = qualifyTableName(nameParts(*table), sink.name.catalog, sink.name.schema);
      } catch (Error& error) {
        error.withLocation(sink.origin);
        throw;
      }
      return openDeltaTableSink(catalog_, sink, name);
    }
    return openDeltaPathSink(resolvePath(*sinkOption(sink, "path"), relative_path_base_));
  }
  return openFileSink(sink, resolvePath(*sinkOption(sink, "path"), relative_path_base_));
}

}  // namespace sluice
