// src/exec/physical/physical_recursive_cte.cpp
#include "exec/physical/physical_recursive_cte.hpp"

#include <fmt/format.h>

#include <atomic>

#include "exec/chain/plan_executor.hpp"

namespace sluice {

namespace {

struct RecursionOutput : GlobalSourceState {
  size_t maxThreads() const override { return std::max<size_t>(batches.size(), 1); }
  uint64_t partitions() const override { return std::max<size_t>(batches.size(), 1); }
  std::vector<Batch> batches;
  std::atomic<size_t> next{0};
};

uint64_t countRows(const std::vector<Batch>& batches) {
  uint64_t rows = 0;
  for (const Batch& batch : batches)
    rows += batch.num_rows;
  return rows;
}

//! Keeps the first `wanted` rows of `batches`, in order.
void keepFirstRows(std::vector<Batch>& batches, int64_t wanted) {
  uint64_t left = wanted > 0 ? static_cast<uint64_t>(wanted) : 0;
  size_t kept = 0;
  for (; kept < batches.size() && left > 0; ++kept) {
    Batch& batch = batches[kept];
    if (batch.num_rows > left)
      batch.num_rows = static_cast<idx_t>(left);
    left -= batch.num_rows;
  }
  batches.resize(kept);
}

}  // namespace

PhysicalRecursiveCte::PhysicalRecursiveCte(std::vector<DataType> types, PhysicalOperatorPtr anchor,
                                           PhysicalOperatorPtr step,
                                           std::shared_ptr<WorkingTable> working_table,
                                           Limits limits, std::optional<SourceLocation> location)
    : PhysicalOperator("RecursiveCte", std::move(types)),
      anchor_(std::move(anchor)),
      step_(std::move(step)),
      working_table_(std::move(working_table)),
      limits_(limits),
      location_(std::move(location)) {}

void PhysicalRecursiveCte::fail(Error error) const {
  if (location_)
    error.withLocation(*location_);
  throw error;
}

std::unique_ptr<GlobalSourceState> PhysicalRecursiveCte::makeGlobalSourceState(
    const ExecContext& context, GlobalSinkState*) const {
  int64_t level_limit = limits_.max_level.value_or(context.cte_recursion_level_limit);
  int64_t row_limit = context.cte_recursion_row_limit;
  bool limited = limits_.rows_wanted >= 0;
  // The rows still allowed (by the LIMIT, else by the row limit), as Spark counts them: only
  // while the row limit is on.
  int64_t rows_left = limited ? limits_.rows_wanted : row_limit;
  PlanExecutor executor(context, TaskScheduler::shared());
  auto run = [&](const PhysicalOperator& plan) {
    std::vector<Batch> batches = executor.run(plan);
    if (limited)
      keepFirstRows(batches, rows_left);
    return batches;
  };
  auto output = std::make_unique<RecursionOutput>();
  std::vector<Batch> previous = run(*anchor_);
  uint64_t previous_rows = countRows(previous);
  int64_t level = 1;
  while (previous_rows > 0) {
    if (level_limit != -1 && level > level_limit) {
      fail(Error(ErrorClass::RECURSION_LEVEL_LIMIT_EXCEEDED,
                 fmt::format("Recursion level limit {} reached but query has not exhausted, try "
                             "increasing it like 'WITH RECURSIVE t(col) MAX RECURSION LEVEL 200'.",
                             level_limit)));
    }
    bool enough = false;
    if (row_limit != -1) {
      rows_left -= static_cast<int64_t>(previous_rows);
      if (rows_left <= 0) {
        if (!limited) {
          fail(Error(ErrorClass::RECURSION_ROW_LIMIT_EXCEEDED,
                     fmt::format("Recursion row limit {} reached but query has not exhausted, "
                                 "try setting a larger LIMIT value when querying the CTE "
                                 "relation.",
                                 row_limit)));
        }
        enough = true;
      }
    }
    working_table_->batches = previous;
    for (Batch& batch : previous) {
      if (batch.num_rows > 0)
        output->batches.push_back(std::move(batch));
    }
    if (enough)
      break;
    previous = run(*step_);
    previous_rows = countRows(previous);
    ++level;
  }
  working_table_->batches.clear();
  return output;
}

bool PhysicalRecursiveCte::getData(const ExecContext&, Morsel& morsel, GlobalSourceState& global,
                                   LocalSourceState&) const {
  auto& output = static_cast<RecursionOutput&>(global);
  size_t index = output.next.fetch_add(1);
  if (index >= output.batches.size())
    return false;
  morsel.index = index;
  morsel.partition = index;
  morsel.batch = std::move(output.batches[index]);
  return true;
}

std::string PhysicalRecursiveCte::details() const {
  return limits_.rows_wanted >= 0 ? fmt::format("limit {}", limits_.rows_wanted) : std::string();
}

}  // namespace sluice
