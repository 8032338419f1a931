// src/pipeline/graph/deferred_definition.hpp
//
// A definition whose statement is known only once the datasets it reads are resolved: a
// Python query function that asks for the columns of what it reads (df.columns, withColumn
// over a dataset, unionByName), as Spark calls query functions during graph resolution. The
// layer that registered it (src/python) implements the producer; the graph analysis calls it
// when the schemas it reads are known, and the producer registers the statement it makes like
// any other.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "common/error/error.hpp"
#include "common/types/data_type.hpp"

namespace sluice {

class DataflowGraph;

//! What a query reads as its definer sees it: its columns, and whether it reads a stream.
struct QueryShape {
  std::vector<StructField> columns;
  bool streaming = false;
};

//! Binds query text in the graph as resolved so far, for a deferred definition.
class QueryShapeLookup {
 public:
  virtual ~QueryShapeLookup() = default;
  //! The shape of `query_text` (a Spark SQL query); nullopt while it reads a dataset that is
  //! not resolved yet. Throws Error when the query does not bind.
  virtual std::optional<QueryShape> describe(const std::string& query_text) const = 0;
};

enum class DeferredOutcome : uint8_t {
  kRegistered,  // the statement is made and registered into the graph
  kWaiting,     // it reads a dataset not resolved yet: produce it again later
  kFailed,      // its errors were appended
};

//! Makes the statement of a deferred definition once what it reads can be described.
class DeferredQueryProducer {
 public:
  virtual ~DeferredQueryProducer() = default;
  //! Runs the definition with `lookup` and registers its statement into `graph`; problems of
  //! the definition are appended to `errors`.
  virtual DeferredOutcome produce(const QueryShapeLookup& lookup, DataflowGraph& graph,
                                  std::vector<Error>& errors) const = 0;
};

}  // namespace sluice
