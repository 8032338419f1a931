// src/pipeline/update/view_distinct_state.hpp
//
// The state a materialized view's count(DISTINCT)s keep for GROUP_AGGREGATE
// (incremental_refresh.hpp): for each, a Delta table `<pipeline folder>/distinct/<view>/<n>`
// of the distinct (group keys, values) pairs counted so far. A GROUP_AGGREGATE refresh appends
// the new rows' pairs the state lacks and counts them; any other refresh that writes the view
// gathers every state again from the whole input (a recompute first, to take its counts from
// them). The refresh's record keeps each state's
// version (ViewRefreshRecord::state_versions), written after both the states' and the view's
// commits: a state at another version (a refresh stopped between them) or with other columns
// is not current, and the next refresh gathers it again rather than count from it.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "function/function.hpp"
#include "function/table/table_function.hpp"
#include "pipeline/update/pipeline_state.hpp"
#include "planner/logical/logical_operator.hpp"

namespace sluice {

//! Binds the view's query over the rows a refresh reads, afresh at each call.
using ViewQueryBinder = std::function<LogicalOperatorPtr()>;

class ViewDistinctStates {
 public:
  //! The states of the view `view_key` (columns `view_schema`) whose query is `plan`: one per
  //! count(DISTINCT) when GROUP_AGGREGATE can refresh its shape, else none.
  ViewDistinctStates(std::string pipeline_folder, std::string view_key,
                     std::vector<StructField> view_schema, const LogicalOperator& plan);

  //! Whether the view has no count(DISTINCT) to keep a state for.
  bool empty() const { return schemas_.empty(); }

  //! Whether each state is at the version the refresh `last` recorded, with its columns.
  bool current(const std::optional<ViewRefreshRecord>& last) const;

  //! For GROUP_AGGREGATE: appends to each state the pairs of the new rows (`new_rows` binds
  //! the query over them) that it lacks, as read at the version `last` recorded, and returns
  //! them (the files each commit added). The versions written go to `versions`.
  std::vector<TableFunctionBinding> addUnseenPairs(const ViewQueryBinder& new_rows,
                                                   const ViewRefreshRecord& last,
                                                   const ExecContext& exec,
                                                   std::map<std::string, int64_t>& versions) const;

  //! Writes every state again from the whole input (`whole` binds the query over it), for a
  //! refresh by another technique; removes the states of an earlier form of the query. The
  //! versions written go to `versions`; returns each state whole.
  std::vector<TableFunctionBinding> gather(const ViewQueryBinder& whole, const ExecContext& exec,
                                           std::map<std::string, int64_t>& versions) const;

 private:
  std::string folder() const;
  std::string location(size_t index) const;

  std::string pipeline_folder_;
  std::string view_key_;
  std::vector<StructField> view_schema_;
  //! The columns of each state (distinctStateSchemas).
  std::vector<std::vector<StructField>> schemas_;
};

}  // namespace sluice
