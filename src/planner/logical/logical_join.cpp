#include "planner/logical/logical_join.hpp"

#include <limits>

#include <fmt/format.h>

namespace sluice {

namespace {

bool isScalarKeyType(const DataType& type) {
  return !type.isNested();
}

//! Whether `conjunct` is `a = b` / `a <=> b` with `a` over one side and `b` over the other;
//! on success moves the operands into `key` (the right one rebased to the right child).
bool takeEquiKey(BoundExpression& conjunct, idx_t left_width, JoinKey& key) {
  if (conjunct.kind != BoundExpressionKind::kCall || conjunct.children.size() != 2)
    return false;
  bool null_safe = conjunct.function.name == "<=>";
  if (!null_safe && conjunct.function.name != "=")
    return false;
  BoundExpression& first = *conjunct.children[0];
  BoundExpression& second = *conjunct.children[1];
  if (!isScalarKeyType(first.type) || !isDeterministic(first) || !isDeterministic(second))
    return false;
  auto [first_min, first_max] = columnRange(first);
  auto [second_min, second_max] = columnRange(second);
  bool first_reads = first_min <= first_max;
  bool second_reads = second_min <= second_max;
  if (!first_reads || !second_reads)
    return false;
  bool first_left = first_max < left_width;
  bool first_right = first_min >= left_width;
  bool second_left = second_max < left_width;
  bool second_right = second_min >= left_width;
  idx_t left_operand;
  if (first_left && second_right) {
    left_operand = 0;
  } else if (first_right && second_left) {
    left_operand = 1;
  } else {
    return false;
  }
  key.left = std::move(conjunct.children[left_operand]);
  key.right = std::move(conjunct.children[1 - left_operand]);
  shiftColumns(*key.right, -static_cast<int64_t>(left_width));
  key.null_safe = null_safe;
  return true;
}

}  // namespace

std::string_view joinTypeName(LogicalJoinType type) {
  switch (type) {
    case LogicalJoinType::kInner:
      return "INNER";
    case LogicalJoinType::kLeft:
      return "LEFT OUTER";
    case LogicalJoinType::kRight:
      return "RIGHT OUTER";
    case LogicalJoinType::kFull:
      return "FULL OUTER";
    case LogicalJoinType::kSemi:
      return "LEFT SEMI";
    case LogicalJoinType::kAnti:
      return "LEFT ANTI";
    case LogicalJoinType::kMark:
      return "MARK";
  }
  return "?";
}

std::string LogicalJoin::describe() const {
  std::string text(joinTypeName(type));
  if (null_aware)
    text += " NULL AWARE";
  if (single_row)
    text += " SINGLE ROW";
  if (!keys.empty()) {
    text += " keys [";
    for (size_t i = 0; i < keys.size(); ++i) {
      text += fmt::format("{}{} {} {}", i > 0 ? ", " : "", keys[i].left->toString(),
                          keys[i].null_safe ? "<=>" : "=", keys[i].right->toString());
    }
    text += "]";
  }
  if (residual)
    text += " residual " + residual->toString();
  return text;
}

void addJoinCondition(BoundExpressionPtr condition, idx_t left_width, LogicalJoin& join) {
  std::vector<BoundExpressionPtr> conjuncts;
  appendConjuncts(std::move(condition), conjuncts);
  std::vector<BoundExpressionPtr> rest;
  if (join.residual)
    rest.push_back(std::move(join.residual));
  for (auto& conjunct : conjuncts) {
    JoinKey key;
    if (takeEquiKey(*conjunct, left_width, key)) {
      join.keys.push_back(std::move(key));
    } else {
      rest.push_back(std::move(conjunct));
    }
  }
  join.residual = combineConjuncts(std::move(rest));
}

}  // namespace sluice
