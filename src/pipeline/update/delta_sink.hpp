// src/pipeline/update/delta_sink.hpp
//
// A delta sink: a Delta table outside the pipeline, appended to one commit per batch with the
// flow's txn (so a batch whose commit reached the log is never written again). The first
// batch creates the table with the flow's columns; a later flow's new columns are added to
// it first, and its rows are written into the table's columns by name.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "catalog/catalog.hpp"
#include "pipeline/update/sink_destinations.hpp"

namespace sluice {

//! The Delta table at `location`.
std::unique_ptr<SinkDestination> openDeltaPathSink(std::string location);

//! The catalog table `name`; when the catalog has no such table, the first batch creates it
//! where the catalog keeps tables and registers it (a table of no pipeline). A view, or a
//! table a pipeline owns, is refused.
std::unique_ptr<SinkDestination> openDeltaTableSink(Catalog& catalog, const Sink& sink,
                                                    const QualifiedTableName& name);

}  // namespace sluice
