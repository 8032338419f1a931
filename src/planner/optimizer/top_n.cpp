// src/planner/optimizer/top_n.cpp
//
// ORDER BY ... LIMIT n: a LIMIT right above a sort becomes one TopN operator, which keeps only
// the best rows as they stream in instead of sorting every row. Very large limits keep the full
// sort, whose memory is no worse.
#include "planner/optimizer/optimizer_rules.hpp"

namespace sluice {

namespace {

constexpr int64_t kMaxTopNRows = int64_t{1} << 20;

}  // namespace

void useTopN(LogicalOperatorPtr& plan) {
  for (LogicalOperatorPtr& child : plan->children)
    useTopN(child);
  if (plan->kind != LogicalOperatorKind::kLimit || plan->limit < 0)
    return;
  LogicalOperator& sort = *plan->children[0];
  if (sort.kind != LogicalOperatorKind::kSort)
    return;
  if (plan->limit > kMaxTopNRows - plan->offset)
    return;
  auto top_n = std::make_unique<LogicalOperator>();
  top_n->kind = LogicalOperatorKind::kTopN;
  top_n->column_names = std::move(plan->column_names);
  top_n->column_types = std::move(plan->column_types);
  top_n->limit = plan->limit;
  top_n->offset = plan->offset;
  top_n->sort_keys = std::move(sort.sort_keys);
  top_n->location = plan->location;
  top_n->children.push_back(std::move(sort.children[0]));
  plan = std::move(top_n);
}

}  // namespace sluice
