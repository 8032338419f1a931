// src/exec/physical/physical_change_scan.hpp
//
// The source that reads the change data feed of a Delta table (table_changes): the files of
// a range of commits' changes, each read in the table's columns of the range's end version,
// followed by `_change_type` (from a change data file's rows, or the kind of the file),
// `_commit_version` and `_commit_timestamp`. Threads take whole files from a shared counter;
// morsel indexes follow the order of the commits and their files.
#pragma once

#include <memory>

#include "exec/physical/physical_operator.hpp"
#include "storage/delta/change_data_reader.hpp"

namespace sluice {

class PhysicalChangeScan : public PhysicalOperator {
 public:
  PhysicalChangeScan(std::vector<DataType> types, std::shared_ptr<const delta::ChangeRange> range);

  bool isSource() const override { return true; }
  std::unique_ptr<GlobalSourceState> makeGlobalSourceState(
      const ExecContext& context, GlobalSinkState* own_sink_state) const override;
  std::unique_ptr<LocalSourceState> makeLocalSourceState(const ExecContext& context,
                                                         GlobalSourceState& global) const override;
  bool getData(const ExecContext& context, Morsel& morsel, GlobalSourceState& global,
               LocalSourceState& local) const override;

 protected:
  std::string details() const override;

 private:
  std::shared_ptr<const delta::ChangeRange> range_;
};

}  // namespace sluice
