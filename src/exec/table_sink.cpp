// src/exec/table_sink.cpp
#include "exec/table_sink.hpp"

#include <filesystem>

#include "common/text/ascii_case.hpp"
#include "exec/chain/plan_executor.hpp"
#include "exec/parallel/task_scheduler.hpp"
#include "exec/physical/physical_table_write.hpp"
#include "exec/physical_planner.hpp"
#include "storage/delta/log_store.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

namespace {

//! A clustered table's rows are written in the order of its clustering columns, so that each
//! file holds a narrow range of them and data skipping prunes by them.
std::vector<SortKey> clusteringOrder(const LogicalOperator& plan, const std::string& location,
                                     const delta::TableWriteOptions& options) {
  // A writer that gives the table's definition says how it is clustered; otherwise the log
  // does.
  std::vector<std::string> columns;
  if (options.definition)
    columns = options.definition->clustering_columns;
  else if (options.mode == delta::WriteMode::kAppend && delta::tableExists(location))
    columns = delta::openSnapshot(location).clusteringColumns();
  std::vector<SortKey> order;
  for (const std::string& column : columns) {
    for (idx_t index = 0; index < plan.column_names.size(); ++index) {
      if (sameIdentifier(plan.column_names[index], column)) {
        order.push_back({index, /*ascending=*/true, /*nulls_first=*/true});
        break;
      }
    }
  }
  return order;
}

}  // namespace

delta::TableWriteResult writeToTable(LogicalOperator* plan, const ExecContext& context,
                                     const std::string& location,
                                     delta::TableWriteOptions options) {
  namespace fs = std::filesystem;
  std::error_code error;
  bool existed = fs::exists(location, error);
  try {
    if (plan == nullptr) {
      delta::DeltaTableWriter writer(location, std::move(options));
      return writer.commit();
    }
    std::vector<SortKey> order = clusteringOrder(*plan, location, options);
    PhysicalOperatorPtr physical =
        createWritePlan(*plan, context, location, std::move(options), std::move(order));
    std::unique_ptr<GlobalSinkState> state =
        PlanExecutor(context, TaskScheduler::shared()).execute(*physical);
    return PhysicalTableWrite::result(*state);
  } catch (...) {
    if (!existed)
      fs::remove_all(location, error);
    throw;
  }
}

}  // namespace sluice
