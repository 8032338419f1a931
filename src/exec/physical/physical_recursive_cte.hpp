// src/exec/physical/physical_recursive_cte.hpp
//
// A recursive CTE (WITH RECURSIVE ... anchor UNION ALL step): a source that, when its chain
// starts, runs the anchor's plan, then the step's plan again and again, each time over the
// rows of the run before (the working table its scans read), until a run makes no rows, as
// Spark's UnionLoopExec does. Each run is a whole plan of its own on every core. Its output is
// every run's rows in order, handed out a batch per morsel on every core.
//
// A run past the recursion level limit (the CTE's MAX RECURSION LEVEL, else
// spark.sql.cteRecursionLevelLimit, counting the anchor) fails with
// RECURSION_LEVEL_LIMIT_EXCEEDED; rows reaching spark.sql.cteRecursionRowLimit fail with
// RECURSION_ROW_LIMIT_EXCEEDED. With the row count a LIMIT above needs, each run keeps only
// the rows still wanted and the recursion stops once it has them, instead of failing.
#pragma once

#include <memory>
#include <optional>

#include "common/error/error.hpp"
#include "exec/physical/physical_operator.hpp"
#include "exec/physical/working_table.hpp"

namespace sluice {

class PhysicalRecursiveCte : public PhysicalOperator {
 public:
  struct Limits {
    int64_t rows_wanted = -1;          // by a LIMIT above; -1: every row
    std::optional<int64_t> max_level;  // MAX RECURSION LEVEL; nullopt: the session's
  };

  //! `anchor` and `step` are whole plans, each under its own PhysicalResultCollector; the
  //! step's working table scans read `working_table`. `location` is the CTE's, for errors.
  PhysicalRecursiveCte(std::vector<DataType> types, PhysicalOperatorPtr anchor,
                       PhysicalOperatorPtr step, std::shared_ptr<WorkingTable> working_table,
                       Limits limits, std::optional<SourceLocation> location);

  bool isSource() const override { return true; }
  std::unique_ptr<GlobalSourceState> makeGlobalSourceState(
      const ExecContext& context, GlobalSinkState* own_sink_state) const override;
  bool getData(const ExecContext& context, Morsel& morsel, GlobalSourceState& global,
               LocalSourceState& local) const override;

 protected:
  std::string details() const override;

 private:
  [[noreturn]] void fail(Error error) const;

  PhysicalOperatorPtr anchor_;
  PhysicalOperatorPtr step_;
  std::shared_ptr<WorkingTable> working_table_;
  Limits limits_;
  std::optional<SourceLocation> location_;
};

}  // namespace sluice
