// src/exec/table_function/empty_source.cpp
#include "exec/table_function/empty_source.hpp"

#include "exec/physical/physical_values.hpp"
#include "exec/table_function/physical_table_source.hpp"

namespace sluice {

namespace {

class EmptySource : public PhysicalTableSource {
 public:
  explicit EmptySource(std::string label) : label_(std::move(label)) {}

  std::string explain(const std::string& read_columns) const override {
    return label_ + " [" + read_columns + "] no rows";
  }
  std::optional<double> rowCount() const override { return 0.0; }
  std::optional<std::string> contentVersion() const override { return label_ + " no rows"; }
  PhysicalOperatorPtr createScan(std::vector<DataType> types, ScanPushdown) const override {
    return std::make_unique<PhysicalValues>(std::move(types),
                                            std::vector<std::vector<BoundExpressionPtr>>{});
  }

 private:
  std::string label_;
};

}  // namespace

std::shared_ptr<const TableSource> makeEmptySource(std::string label) {
  return std::make_shared<EmptySource>(std::move(label));
}

TableFunctionBinding emptyBinding(std::string label, const std::vector<StructField>& schema) {
  TableFunctionBinding binding;
  for (const StructField& field : schema) {
    binding.column_names.push_back(field.name);
    binding.column_types.push_back(field.type);
  }
  binding.source = makeEmptySource(std::move(label));
  return binding;
}

}  // namespace sluice
