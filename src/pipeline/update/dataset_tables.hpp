// src/pipeline/update/dataset_tables.hpp
//
// The Delta tables of a pipeline's datasets and their catalog entries: where each table is
// (its LOCATION, or the catalog's default place), its definition (columns, PARTITIONED BY,
// CLUSTER BY, COMMENT, TBLPROPERTIES), creating it empty before its first flow runs,
// truncating it for a full refresh, and publishing the datasets to the catalog with their
// kind and the pipeline that owns them. A private table is stored but not published.
#pragma once

#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "pipeline/graph/dataflow_graph.hpp"
#include "pipeline/update/flow_inputs.hpp"
#include "storage/delta/table_writer.hpp"

namespace sluice {

//! Refuses a dataset whose name the catalog holds as a table `pipeline_id` does not own
//! (TABLE_OR_VIEW_ALREADY_EXISTS), or as one of another kind
//! (CANNOT_SWITCH_STREAMING_TABLE_TO_MANAGED_TABLE and its mirror).
void checkTableOwnership(const Catalog& catalog, const Dataset& dataset,
                         const std::string& pipeline_id);

class DatasetTables : public DatasetLocations {
 public:
  //! `spec_root` resolves relative LOCATION paths; `pipeline_id` owns the tables.
  DatasetTables(Catalog& catalog, std::string spec_root, std::string pipeline_id);

  std::string locationOf(const Dataset& dataset) const override;

  //! checkTableOwnership for this pipeline.
  void checkOwnership(const Dataset& dataset) const {
    checkTableOwnership(catalog_, dataset, pipeline_id_);
  }

  //! The table's definition: `schema` and the statement's clauses.
  delta::TableDefinition definitionOf(const Dataset& dataset,
                                      const std::vector<StructField>& schema) const;

  //! Creates the dataset's empty table if it does not exist, and publishes it.
  void ensureTable(const Dataset& dataset, const std::vector<StructField>& schema);

  //! The columns a flow that gives `schema` writes into the dataset's table: the table's own,
  //! after adding (a commit of its own) the columns of `schema` it lacks and widening (another
  //! commit) the columns whose type the flow's widens as Delta's type widening allows. Any
  //! other type the table cannot hold the flow's in is DELTA_FAILED_TO_MERGE_FIELDS, which a
  //! full refresh of the table resolves.
  std::vector<StructField> evolveSchema(const Dataset& dataset,
                                        const std::vector<StructField>& schema);

  //! Replaces every row of the table with none, and its schema with `schema` (full refresh).
  void truncate(const Dataset& dataset, const std::vector<StructField>& schema);

  //! Registers the dataset in the catalog (a view with its query's text); private datasets
  //! and temporary views are not published.
  void publish(const Dataset& dataset) const;

  //! The catalog kind a stored dataset is published as.
  static TableKind catalogKind(DatasetKind kind);

 private:
  Catalog& catalog_;
  std::string spec_root_;
  std::string pipeline_id_;
};

}  // namespace sluice
