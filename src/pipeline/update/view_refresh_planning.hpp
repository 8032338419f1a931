// src/pipeline/update/view_refresh_planning.hpp
//
// How an update refreshes a materialized view, chosen as Databricks chooses it: each update
// weighs the maintenance techniques (Databricks' names), marks each applicable or not with
// the issues that rule it out, and picks one. NO_OP when nothing the view read has changed
// since its last refresh (the same query and settings, every input at the version it read,
// the view's table as that refresh left it). An incremental technique
// (incremental_refresh.hpp) when the pipeline tables it read only had files appended, its
// query has a shape the technique covers, and the change is not most of the input.
// COMPLETE_RECOMPUTE otherwise: the first refresh, a full refresh, a changed query or setting,
// a non-deterministic function, a changed input that cannot tell what changed, a source
// whose rows changed. The choice is logged as a planning_information event.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "pipeline/update/pipeline_state.hpp"
#include "planner/logical/logical_operator.hpp"
#include "sql/ast/table_spec.hpp"

namespace sluice {

enum class MaintenanceType : uint8_t {
  kNoOp,
  kAppendOnly,
  kGroupAggregate,
  kGenericAggregate,
  kCompleteRecompute,
};

//! "NO_OP", "COMPLETE_RECOMPUTE", ...: the names the event log gives the techniques.
std::string_view maintenanceTypeName(MaintenanceType type);

//! One reason a technique cannot refresh the view.
struct IncrementalizationIssue {
  std::string issue_type;  // FIRST_REFRESH, QUERY_CHANGED, ...
  std::string message;
};

//! One technique as this update weighed it.
struct TechniqueInformation {
  MaintenanceType maintenance_type = MaintenanceType::kCompleteRecompute;
  bool is_chosen = false;
  bool is_applicable = false;
  std::vector<IncrementalizationIssue> issues;
};

struct RefreshPlan {
  MaintenanceType chosen = MaintenanceType::kCompleteRecompute;
  std::vector<TechniqueInformation> techniques;
  //! Set when the view's REFRESH POLICY forbids the refresh: why it cannot be incremental.
  std::optional<IncrementalizationIssue> refusal;
};

//! What a refresh would read now, to compare with what the last one read.
struct ViewRefreshInputs {
  //! The query, its settings and the view's columns, hashed.
  std::string fingerprint;
  //! The content versions of the query's scans other than of the pipeline's tables, hashed;
  //! nullopt when one cannot tell.
  std::optional<std::string> inputs;
  //! The version of each pipeline table read, by dataset key.
  std::map<std::string, int64_t> source_versions;
  //! The version of the view's table now.
  int64_t view_version = -1;
  //! A non-deterministic expression of the query.
  std::optional<std::string> non_deterministic;
};

//! How the pipeline tables the view read changed since its last refresh.
struct SourceChanges {
  //! Dataset keys of the tables with new versions.
  std::set<std::string> changed;
  //! A changed table whose new commits did more than append files (nullopt: none did).
  std::optional<std::string> not_append_only;
  //! The rows appended to the changed tables, and the rows of those tables now (by the files'
  //! statistics; bytes where a file has none).
  double appended_size = 0;
  double total_size = 0;
};

//! Incremental techniques that add no more than this share of the changed tables' rows are
//! preferred to a recompute.
inline constexpr double kIncrementalChangeLimit = 0.5;

//! The fingerprint of a view's definition: its statement as printed, the settings it runs
//! with and its resolved columns.
std::string viewFingerprint(const std::string& statement_text,
                            const std::map<std::string, std::string>& settings,
                            const std::vector<StructField>& schema);

//! The content versions of the plan's scans, except `pipeline_scans` (reads of the
//! pipeline's tables, compared by version), and its first non-deterministic expression.
void describePlanInputs(const LogicalOperator& plan,
                        const std::set<const TableSource*>& pipeline_scans,
                        ViewRefreshInputs& inputs);

//! Chooses the technique for a refresh reading `now`, after the refresh `last` (none: the
//! view was never refreshed, or was fully refreshed since). `changes` tells how the pipeline
//! tables changed; `incremental` holds the incremental techniques with their applicability
//! to the query's shape (incrementalTechniques()). The view's REFRESH POLICY, as Databricks
//! defines it: AUTO weighs the cost; INCREMENTAL refreshes incrementally whenever a technique
//! applies and refuses a first refresh of a query no technique covers; INCREMENTAL STRICT
//! also refuses any later refresh that cannot be incremental; FULL always recomputes.
RefreshPlan planViewRefresh(const std::optional<ViewRefreshRecord>& last,
                            const ViewRefreshInputs& now, const SourceChanges& changes,
                            std::vector<TechniqueInformation> incremental,
                            sql::RefreshPolicy policy = sql::RefreshPolicy::kAuto);

//! Why no incremental technique can ever refresh a view of this query (its shape or a
//! non-deterministic expression); nullopt when one can. `incremental` as planViewRefresh takes.
std::optional<IncrementalizationIssue> notIncrementalizable(
    const ViewRefreshInputs& now, const std::vector<TechniqueInformation>& incremental);

}  // namespace sluice
