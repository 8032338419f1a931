// src/pipeline/query_session_options.hpp
//
// The session a query of a pipeline's tables runs in, outside an update: `sluice query` and
// the Python module's SparkSession open it the same way.
#pragma once

#include <string>

#include "session/session.hpp"

namespace sluice {

//! A session over the storage of the pipeline whose spec is at `spec_path`, with the spec's
//! catalog and schema current; over `storage_dir` when `spec_path` is empty. Its table
//! functions include event_log. Throws Error when the spec cannot be read.
SessionOptions querySessionOptions(const std::string& storage_dir, const std::string& spec_path);

}  // namespace sluice
