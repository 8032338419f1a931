// src/exec/physical/physical_replicate_rows.cpp
#include "exec/physical/physical_replicate_rows.hpp"

#include <algorithm>

#include "exec/expression/vector_copy.hpp"

namespace sluice {

namespace {

// Where the previous call stopped inside its input, when the input had more output.
struct ReplicateState : OperatorState {
  idx_t row = 0;          // the input row being copied
  int64_t copied = 0;     // its copies already handed out
  bool resuming = false;  // the next call continues the same input
  std::vector<uint32_t> selection;
};

}  // namespace

PhysicalReplicateRows::PhysicalReplicateRows(std::vector<DataType> types, ReplicateRowsSpec spec)
    : PhysicalOperator("ReplicateRows", std::move(types)), spec_(spec) {}

std::unique_ptr<OperatorState> PhysicalReplicateRows::makeOperatorState(const ExecContext&) const {
  return std::make_unique<ReplicateState>();
}

OperatorResult PhysicalReplicateRows::execute(const ExecContext&, const Batch& input, Batch& output,
                                              OperatorState& operator_state) const {
  auto& state = static_cast<ReplicateState&>(operator_state);
  if (!state.resuming) {
    state.row = 0;
    state.copied = 0;
  }
  const Vector& left = input.columns[spec_.left_count];
  const Vector& right = input.columns[spec_.right_count];
  state.selection.clear();
  while (state.row < input.num_rows && state.selection.size() < kVectorSize) {
    // count() is never NULL.
    int64_t copies = spec_.copies(left.at<int64_t>(state.row), right.at<int64_t>(state.row));
    int64_t room = static_cast<int64_t>(kVectorSize - state.selection.size());
    int64_t now = std::min(copies - state.copied, room);
    for (int64_t copy = 0; copy < now; ++copy)
      state.selection.push_back(static_cast<uint32_t>(state.row));
    state.copied += std::max<int64_t>(now, 0);
    if (state.copied >= copies) {
      ++state.row;
      state.copied = 0;
    }
  }
  state.resuming = state.row < input.num_rows;

  output.columns.clear();
  output.num_rows = state.selection.size();
  RowSet rows{state.selection.data(), state.selection.size()};
  for (idx_t column = 0; column < types().size(); ++column)
    output.columns.push_back(gatherColumn(input.columns[column], rows));
  return state.resuming ? OperatorResult::kHaveMoreOutput : OperatorResult::kNeedMoreInput;
}

}  // namespace sluice
