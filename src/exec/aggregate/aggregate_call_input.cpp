// src/exec/aggregate/aggregate_call_input.cpp
#include "exec/aggregate/aggregate_call_input.hpp"

#include <algorithm>
#include <cstring>

namespace sluice {

void flattenVector(Vector& vector, idx_t count) {
  if (!vector.isConstant())
    return;
  const DataType& type = vector.type();
  if (type.isNested()) {
    vector.flatten(count);
    return;
  }
  Vector flat(type, std::max<idx_t>(count, 1));
  if (type.isVoid()) {
    vector = std::move(flat);
    return;
  }
  if (vector.isNull(0)) {
    for (idx_t row = 0; row < count; ++row)
      flat.setNull(row);
  } else {
    idx_t width = type.physicalSize();
    const uint8_t* value = vector.data<uint8_t>();
    uint8_t* out = flat.mutableData<uint8_t>();
    for (idx_t row = 0; row < count; ++row)
      std::memcpy(out + row * width, value, width);
    if (type.hasStringValues())
      flat.shareStringsOf(vector);
  }
  vector = std::move(flat);
}

void AggregateCallInput::evaluate(ExpressionEvaluator& evaluator, const BoundAggregate& aggregate,
                                  const Batch& batch, bool flat) {
  arguments_.clear();
  for (const auto& argument : aggregate.arguments) {
    arguments_.push_back(evaluator.evaluate(*argument, batch));
    if (flat)
      flattenVector(arguments_.back(), batch.num_rows);
  }
  input_.arguments.clear();
  for (const Vector& argument : arguments_)
    input_.arguments.push_back(&argument);
  if (!aggregate.filter) {
    input_.rows = RowSet{nullptr, batch.num_rows};
    return;
  }
  Vector condition = evaluator.evaluate(*aggregate.filter, batch);
  selection_.clear();
  for (idx_t row = 0; row < batch.num_rows; ++row) {
    if (!condition.isNull(row) && condition.at<uint8_t>(row) != 0)
      selection_.push_back(static_cast<uint32_t>(row));
  }
  input_.rows = RowSet{selection_.data(), selection_.size()};
}

}  // namespace sluice
