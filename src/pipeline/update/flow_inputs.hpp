// src/pipeline/update/flow_inputs.hpp
//
// What one run of a flow reads. A batch read of a dataset reads its table as it stands (no
// rows when it does not exist yet). A streaming read takes only what the flow has not read:
// the files of a read_files location that no committed batch of the flow read, and the
// commits of an upstream table after the last version it read. The choices are recorded as
// the batch's input; a batch that is run again after a crash reads exactly the input it
// recorded.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "pipeline/graph/pipeline_relations.hpp"
#include "pipeline/update/pipeline_state.hpp"

namespace sluice {

//! Where the tables of the pipeline's datasets are.
class DatasetLocations {
 public:
  virtual ~DatasetLocations() = default;
  //! The folder of the dataset's Delta table.
  virtual std::string locationOf(const Dataset& dataset) const = 0;
};

class FlowInputs : public DatasetReads, public FileStreamSelector {
 public:
  //! The input of a batch of `flow_key`: new input, or, with `recovering`, the input that
  //! batch recorded.
  FlowInputs(PipelineState& state, std::string flow_key, const DatasetLocations& locations,
             std::optional<PlannedBatch> recovering);

  TableFunctionBinding read(const Dataset& dataset, const std::vector<StructField>& schema,
                            const DatasetReadMode& mode) const override;
  TableFunctionBinding streamTable(const QualifiedTableName& name, const std::string& location,
                                   const DatasetReadMode& mode) const override;
  std::vector<std::string> selectFiles(const std::string& location,
                                       const std::vector<std::string>& paths) const override;

  //! What the binding chose to read, to record as the batch's input.
  const BatchInput& chosen() const { return chosen_; }
  //! Rows read through streams: whether any stream had new input.
  bool hasNewInput() const { return !chosen_.empty(); }

 private:
  //! The commits of the table `name` at `location` that the flow has not read; a table that
  //! does not exist yet reads no rows with `schema`, or with its log's schema when `schema` is
  //! null.
  TableFunctionBinding streamRead(const QualifiedTableName& name, const std::string& location,
                                  const std::vector<StructField>* schema,
                                  const DatasetReadMode& mode) const;

  PipelineState& state_;
  std::string flow_key_;
  const DatasetLocations& locations_;
  std::optional<PlannedBatch> recovering_;
  mutable BatchInput chosen_;
};

//! Reads a dataset's table as it stands, or no rows with `schema` when it does not exist.
TableFunctionBinding readWholeDataset(const Dataset& dataset,
                                      const std::vector<StructField>& schema,
                                      const std::string& location);

}  // namespace sluice
