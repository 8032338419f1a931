// src/pipeline/update/view_refresh_planning.cpp
#include "pipeline/update/view_refresh_planning.hpp"

#include <fmt/format.h>

#include "common/hash/xxhash64.hpp"
#include "planner/expression/expression_rewriting.hpp"

namespace sluice {

namespace {

//! The expressions an operator evaluates itself (not its children's).
std::vector<const BoundExpression*> ownExpressions(const LogicalOperator& plan) {
  std::vector<const BoundExpression*> expressions;
  for (const BoundExpressionPtr& expression : plan.expressions)
    expressions.push_back(expression.get());
  for (const std::vector<BoundExpressionPtr>& row : plan.rows) {
    for (const BoundExpressionPtr& expression : row)
      expressions.push_back(expression.get());
  }
  for (const BoundAggregate& aggregate : plan.aggregates) {
    for (const BoundExpressionPtr& argument : aggregate.arguments)
      expressions.push_back(argument.get());
    expressions.push_back(aggregate.filter.get());
  }
  if (plan.join) {
    for (const JoinKey& key : plan.join->keys) {
      expressions.push_back(key.left.get());
      expressions.push_back(key.right.get());
    }
    expressions.push_back(plan.join->residual.get());
  }
  return expressions;
}

void describe(const LogicalOperator& plan, const std::set<const TableSource*>& pipeline_scans,
              ViewRefreshInputs& inputs, bool& versioned, std::string& versions) {
  if (plan.kind == LogicalOperatorKind::kScan && plan.source &&
      !pipeline_scans.count(plan.source.get())) {
    std::optional<std::string> version = plan.source->contentVersion();
    if (version)
      versions += *version + "\n";
    else
      versioned = false;
  }
  if (!inputs.non_deterministic) {
    for (const BoundExpression* expression : ownExpressions(plan)) {
      if (expression != nullptr && !isDeterministic(*expression)) {
        inputs.non_deterministic = expression->toString();
        break;
      }
    }
  }
  for (const LogicalOperatorPtr& child : plan.children)
    describe(*child, pipeline_scans, inputs, versioned, versions);
}

//! Why the view must be recomputed whatever its query: nothing usable was recorded.
std::vector<IncrementalizationIssue> stateIssues(const std::optional<ViewRefreshRecord>& last,
                                                 const ViewRefreshInputs& now) {
  std::vector<IncrementalizationIssue> issues;
  if (!last) {
    issues.push_back(
        IncrementalizationIssue{"FIRST_REFRESH",
                                "The view has no earlier refresh to build on: it is new, or was "
                                "fully refreshed."});
    return issues;
  }
  if (last->fingerprint != now.fingerprint) {
    issues.push_back(
        IncrementalizationIssue{"QUERY_CHANGED",
                                "The view's query, its settings or its columns changed since its "
                                "last refresh."});
  }
  if (last->view_version != now.view_version) {
    issues.push_back(IncrementalizationIssue{
        "VIEW_CHANGED", fmt::format("The view's table is at version {}, not at the version {} "
                                    "its last refresh committed.",
                                    now.view_version, last->view_version)});
  }
  if (now.non_deterministic) {
    issues.push_back(
        IncrementalizationIssue{"NON_DETERMINISTIC_EXPRESSION",
                                fmt::format("The expression {} of the query is not deterministic.",
                                            *now.non_deterministic)});
  }
  if (!now.inputs) {
    issues.push_back(IncrementalizationIssue{
        "INPUT_NOT_VERSIONED", "The query reads a source whose changes cannot be told."});
  }
  return issues;
}

}  // namespace

std::string_view maintenanceTypeName(MaintenanceType type) {
  switch (type) {
    case MaintenanceType::kNoOp:
      return "NO_OP";
    case MaintenanceType::kAppendOnly:
      return "APPEND_ONLY";
    case MaintenanceType::kGroupAggregate:
      return "GROUP_AGGREGATE";
    case MaintenanceType::kGenericAggregate:
      return "GENERIC_AGGREGATE";
    case MaintenanceType::kCompleteRecompute:
      return "COMPLETE_RECOMPUTE";
  }
  return "";
}

std::string viewFingerprint(const std::string& statement_text,
                            const std::map<std::string, std::string>& settings,
                            const std::vector<StructField>& schema) {
  std::string text = statement_text;
  for (const auto& [key, value] : settings)
    text += fmt::format("\nSET {} = {}", key, value);
  for (const StructField& column : schema)
    text += fmt::format("\nCOLUMN {} {}", column.name, column.type.sql());
  return fmt::format("{:016x}", static_cast<uint64_t>(hash::xxhash64Bytes(text, 0)));
}

void describePlanInputs(const LogicalOperator& plan,
                        const std::set<const TableSource*>& pipeline_scans,
                        ViewRefreshInputs& inputs) {
  bool versioned = true;
  std::string versions;
  describe(plan, pipeline_scans, inputs, versioned, versions);
  if (versioned)
    inputs.inputs = fmt::format("{:016x}", static_cast<uint64_t>(hash::xxhash64Bytes(versions, 0)));
  else
    inputs.inputs.reset();
}

std::optional<IncrementalizationIssue> notIncrementalizable(
    const ViewRefreshInputs& now, const std::vector<TechniqueInformation>& incremental) {
  if (now.non_deterministic) {
    return IncrementalizationIssue{
        "NON_DETERMINISTIC_EXPRESSION",
        fmt::format("The expression {} of the query is not deterministic.",
                    *now.non_deterministic)};
  }
  // The most general technique's issue says the most, unless the query is not of its shape.
  const IncrementalizationIssue* reason = nullptr;
  for (const TechniqueInformation& technique : incremental) {
    if (technique.issues.empty())
      return std::nullopt;
    const std::string& type = technique.issues.front().issue_type;
    bool other_shape = type == "NOT_A_GROUPED_AGGREGATE" || type == "NOT_A_TOP_LEVEL_AGGREGATE";
    if (reason == nullptr || !other_shape)
      reason = &technique.issues.front();
  }
  if (reason == nullptr)
    return IncrementalizationIssue{"OPERATOR_NOT_INCREMENTALIZABLE",
                                   "No incremental technique covers the query."};
  return *reason;
}

RefreshPlan planViewRefresh(const std::optional<ViewRefreshRecord>& last,
                            const ViewRefreshInputs& now, const SourceChanges& changes,
                            std::vector<TechniqueInformation> incremental,
                            sql::RefreshPolicy policy) {
  std::optional<IncrementalizationIssue> shape_issue = notIncrementalizable(now, incremental);
  std::vector<IncrementalizationIssue> state_issues = stateIssues(last, now);
  bool unchanged = state_issues.empty() && last->inputs == *now.inputs &&
                   last->source_versions == now.source_versions;

  TechniqueInformation no_op;
  no_op.maintenance_type = MaintenanceType::kNoOp;
  no_op.issues = state_issues;
  if (no_op.issues.empty() && !unchanged) {
    no_op.issues.push_back(IncrementalizationIssue{
        "INPUT_CHANGED", "An input of the view changed since its last refresh."});
  }
  no_op.is_applicable = no_op.issues.empty();

  // What rules out every incremental technique, whatever the query's shape.
  std::vector<IncrementalizationIssue> change_issues = state_issues;
  if (change_issues.empty() && last->inputs != *now.inputs) {
    change_issues.push_back(
        IncrementalizationIssue{"INPUT_NOT_IN_PIPELINE",
                                "An input that is not a table of the pipeline changed; which "
                                "rows changed cannot be told."});
  }
  if (change_issues.empty() && changes.not_append_only) {
    change_issues.push_back(IncrementalizationIssue{
        "SOURCE_NOT_APPEND_ONLY", fmt::format("The table {} had rows changed or deleted since "
                                              "the view's last refresh, not only appended.",
                                              *changes.not_append_only)});
  }
  if (policy == sql::RefreshPolicy::kFull) {
    IncrementalizationIssue full =
        IncrementalizationIssue{"REFRESH_POLICY_FULL",
                                "The view's REFRESH POLICY FULL recomputes it at every "
                                "refresh."};
    no_op.issues.push_back(full);
    no_op.is_applicable = false;
    change_issues.push_back(full);
    unchanged = false;
  }
  // INCREMENTAL and INCREMENTAL STRICT refresh incrementally whatever the cost.
  bool weighs_cost = policy == sql::RefreshPolicy::kAuto;
  bool too_costly = weighs_cost && changes.total_size > 0 &&
                    changes.appended_size > kIncrementalChangeLimit * changes.total_size;
  for (TechniqueInformation& technique : incremental) {
    if (!unchanged) {
      technique.issues.insert(technique.issues.begin(), change_issues.begin(), change_issues.end());
    }
    if (technique.issues.empty() && too_costly) {
      technique.issues.push_back(IncrementalizationIssue{
          "INCREMENTAL_PLAN_REJECTED_BY_COST_MODEL",
          fmt::format("The new rows are {:.0f} % of the changed input: a recompute is cheaper.",
                      100 * changes.appended_size / changes.total_size)});
    }
    technique.is_applicable = !unchanged && technique.issues.empty();
  }

  TechniqueInformation recompute;
  recompute.maintenance_type = MaintenanceType::kCompleteRecompute;
  recompute.is_applicable = true;

  RefreshPlan plan;
  plan.chosen = MaintenanceType::kCompleteRecompute;
  if (no_op.is_applicable) {
    plan.chosen = MaintenanceType::kNoOp;
  } else {
    for (const TechniqueInformation& technique : incremental) {
      if (technique.is_applicable) {
        plan.chosen = technique.maintenance_type;
        break;
      }
    }
  }
  plan.techniques.push_back(std::move(no_op));
  for (TechniqueInformation& technique : incremental)
    plan.techniques.push_back(std::move(technique));
  plan.techniques.push_back(std::move(recompute));
  for (TechniqueInformation& technique : plan.techniques)
    technique.is_chosen = technique.maintenance_type == plan.chosen;

  bool incremental_policy = policy == sql::RefreshPolicy::kIncremental ||
                            policy == sql::RefreshPolicy::kIncrementalStrict;
  // A first refresh (or one after a change of the query) recomputes, but only a query that
  // later refreshes can be incremental for.
  if (incremental_policy && !state_issues.empty() && shape_issue) {
    plan.refusal = shape_issue;
  } else if (policy == sql::RefreshPolicy::kIncrementalStrict && state_issues.empty() &&
             plan.chosen == MaintenanceType::kCompleteRecompute) {
    plan.refusal = shape_issue;
    for (const TechniqueInformation& technique : plan.techniques) {
      if (!plan.refusal && !technique.issues.empty() &&
          technique.maintenance_type != MaintenanceType::kNoOp)
        plan.refusal = technique.issues.front();
    }
  }
  return plan;
}

}  // namespace sluice
