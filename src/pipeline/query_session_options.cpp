// src/pipeline/query_session_options.cpp
#include "pipeline/query_session_options.hpp"

#include "pipeline/event_log/event_log_function.hpp"
#include "pipeline/spec/pipeline_spec.hpp"

namespace sluice {

SessionOptions querySessionOptions(const std::string& storage_dir, const std::string& spec_path) {
  SessionOptions options;
  options.storage_dir = storage_dir;
  if (!spec_path.empty()) {
    PipelineSpec spec = loadPipelineSpec(spec_path);
    options.storage_dir = spec.storage;
    options.current_catalog = spec.catalog.value_or("");
    options.current_schema = spec.schema.value_or("");
  }
  options.table_functions = sessionTableFunctions(options.storage_dir);
  return options;
}

}  // namespace sluice
