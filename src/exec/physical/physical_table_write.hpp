// src/exec/physical/physical_table_write.hpp
//
// The sink that writes a query's rows into a Delta table (CREATE TABLE AS SELECT, INSERT):
// every thread writes its own Parquet files, with no lock while it writes, and once all
// threads are done their files are committed as one version of the table.
#pragma once

#include <string>

#include "exec/physical/physical_operator.hpp"
#include "storage/delta/table_writer.hpp"

namespace sluice {

class PhysicalTableWrite : public PhysicalOperator {
 public:
  PhysicalTableWrite(std::string table_path, delta::TableWriteOptions options,
                     std::vector<DataType> types);

  bool isSink() const override { return true; }
  std::unique_ptr<GlobalSinkState> makeGlobalSinkState(const ExecContext& context) const override;
  std::unique_ptr<LocalSinkState> makeLocalSinkState(const ExecContext& context,
                                                     GlobalSinkState& global) const override;
  SinkResult sink(const ExecContext& context, Morsel& morsel, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  void combine(const ExecContext& context, GlobalSinkState& global,
               LocalSinkState& local) const override;
  void finalize(const ExecContext& context, GlobalSinkState& global) const override;

  //! The committed version and counts, once the plan has run.
  static const delta::TableWriteResult& result(const GlobalSinkState& global);

 protected:
  std::string details() const override { return table_path_; }

 private:
  std::string table_path_;
  delta::TableWriteOptions options_;
};

}  // namespace sluice
