// src/exec/table_sink.cpp
#include "exec/table_sink.hpp"

#include <filesystem>

#include "exec/chain/plan_executor.hpp"
#include "exec/parallel/task_scheduler.hpp"
#include "exec/physical/physical_table_write.hpp"
#include "exec/physical_planner.hpp"

namespace sluice {

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
    PhysicalOperatorPtr physical = createWritePlan(*plan, context, location, std::move(options));
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
