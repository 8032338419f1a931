// src/exec/table_function/delta_table_reader.cpp
#include "exec/table_function/delta_table_reader.hpp"

#include <fmt/format.h>

#include "exec/physical/physical_table_scan.hpp"
#include "exec/table_function/physical_table_source.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

namespace {

class DeltaTableSource : public PhysicalTableSource {
 public:
  explicit DeltaTableSource(std::shared_ptr<const TableScanSpec> spec) : spec_(std::move(spec)) {}

  std::string explain(const std::string& read_columns) const override {
    return fmt::format("TableScan {} [{}] version {}", spec_->table_name, read_columns,
                       spec_->snapshot->version);
  }
  std::optional<double> storedBytes() const override {
    double bytes = 0;
    for (const auto& [path, file] : spec_->snapshot->files)
      bytes += static_cast<double>(file.size);
    return bytes;
  }
  bool skipsByPredicates() const override { return true; }
  size_t hiddenColumns() const override { return spec_->row_identity ? 2 : 0; }
  std::optional<std::string> contentVersion() const override {
    // A stream's selection of a version's files reads other rows than the whole version.
    return fmt::format("delta {} version {} files {}", spec_->snapshot->table_path,
                       spec_->snapshot->version, spec_->snapshot->files.size());
  }
  PhysicalOperatorPtr createScan(std::vector<DataType> types,
                                 ScanPushdown pushdown) const override {
    return std::make_unique<PhysicalTableScan>(std::move(types), spec_, std::move(pushdown));
  }

 private:
  std::shared_ptr<const TableScanSpec> spec_;
};

class DeltaTableReader : public StoredTableReader {
 public:
  TableFunctionBinding bindTable(const std::string& location, const std::string& display_name,
                                 const TableVersion& version) const override {
    delta::TimeTravel travel;
    travel.version = version.version;
    travel.timestamp_ms = version.timestamp_ms;
    return deltaSnapshotBinding(display_name, std::make_shared<const delta::Snapshot>(
                                                  delta::openSnapshot(location, travel)));
  }
};

}  // namespace

TableFunctionBinding deltaSnapshotBinding(std::string display_name,
                                          std::shared_ptr<const delta::Snapshot> snapshot,
                                          bool row_identity) {
  auto spec = std::make_shared<TableScanSpec>();
  spec->table_name = std::move(display_name);
  spec->snapshot = std::move(snapshot);
  spec->row_identity = row_identity;
  TableFunctionBinding binding;
  for (const StructField& field : spec->snapshot->schema) {
    binding.column_names.push_back(field.name);
    binding.column_types.push_back(field.type);
  }
  if (row_identity) {
    binding.column_names.push_back(delta::kRowFilePathColumn);
    binding.column_types.push_back(DataType::string());
    binding.column_names.push_back(delta::kRowIndexColumn);
    binding.column_types.push_back(DataType::longType());
  }
  binding.source = std::make_shared<DeltaTableSource>(std::move(spec));
  return binding;
}

std::shared_ptr<const StoredTableReader> makeDeltaTableReader() {
  return std::make_shared<DeltaTableReader>();
}

TableFunctionBinding deltaLatestBinding(std::string display_name, const std::string& location) {
  return deltaSnapshotBinding(std::move(display_name), std::make_shared<const delta::Snapshot>(
                                                           delta::openSnapshot(location)));
}

}  // namespace sluice
