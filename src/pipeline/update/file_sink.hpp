// src/pipeline/update/file_sink.hpp
//
// A file sink: a folder of parquet, json or csv files that flows append to batch by batch.
// A batch of a flow is written to one file named after the batch and the flow,
// part-<batch>-<flow tag>.<format> (the tag is a hash of the flow's txn appId, so that two
// flows or pipelines never share names), first under a hidden name and then renamed into
// place; the batch is then recorded in `_sluice_sink_log/<flow tag>` (its last batch, replaced
// by a rename). A batch the log does not hold yet, one an update was killed in, is written
// again: its earlier file is removed first, so the folder holds each batch once. Readers skip
// names starting with '_' or '.', as Spark's do. A batch of no rows writes no file.
#pragma once

#include <memory>
#include <string>

#include "pipeline/update/sink_destinations.hpp"

namespace sluice {

//! The sink's folder `folder` in its format; the sink's options configure the writer (csv:
//! header, sep, quote, escape, nullValue).
std::unique_ptr<SinkDestination> openFileSink(const Sink& sink, std::string folder);

}  // namespace sluice
