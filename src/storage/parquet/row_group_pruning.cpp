// src/storage/parquet/row_group_pruning.cpp
#include "storage/parquet/row_group_pruning.hpp"

#include "common/text/ascii_case.hpp"
#include "storage/delta/value_order.hpp"

namespace sluice::parquet {

namespace {

//! A predicate resolved against the file: the leaf holding its column's statistics and the
//! constant in the column's type.
struct LeafPredicate {
  ScanPredicate::Op op;
  idx_t leaf;
  Value constant;
  bool floating;
};

bool isZero(const Value& value) {
  if (value.isNull())
    return false;
  if (value.type().id() == TypeId::kFloat)
    return value.getFloat() == 0.0f;
  return value.type().id() == TypeId::kDouble && value.getDouble() == 0.0;
}

}  // namespace

std::vector<idx_t> rowGroupsThatMayMatch(const ParquetReader& reader,
                                         const std::vector<ScanPredicate>& predicates) {
  const ParquetSchema& schema = reader.parquetSchema();
  std::vector<LeafPredicate> resolved;
  for (const ScanPredicate& predicate : predicates) {
    for (const ColumnNode& node : schema.columns) {
      if (!sameIdentifier(node.name, predicate.column))
        continue;
      if (node.kind != ColumnNode::Kind::kPrimitive)
        break;
      Value constant;
      if (predicate.isComparison()) {
        if (predicate.value.isNull()) {
          constant = predicate.value;  // never true: every row group is ruled out
        } else {
          std::optional<Value> coerced = delta::coerceScalar(predicate.value, node.type);
          // -0.0 and 0.0 compare equal in SQL but may be ordered apart by the statistics.
          if (!coerced || isZero(*coerced))
            break;
          constant = std::move(*coerced);
        }
      }
      resolved.push_back(
          {predicate.op, node.first_leaf, std::move(constant), node.type.isFloating()});
      break;
    }
  }
  std::vector<idx_t> kept;
  for (idx_t group = 0; group < reader.numRowGroups(); ++group) {
    bool may_match = true;
    for (const LeafPredicate& predicate : resolved) {
      ColumnStatistics statistics = reader.statistics(group, predicate.leaf);
      ColumnBounds bounds{statistics.min, statistics.max, statistics.null_count,
                          reader.rowGroupRows(group)};
      // Writers leave NaN out of the bounds, and NaN is above every number in Spark: a
      // maximum proves nothing.
      if (predicate.floating)
        bounds.max.reset();
      if (!boundsMayMatch(predicate.op, bounds, predicate.constant)) {
        may_match = false;
        break;
      }
    }
    if (may_match)
      kept.push_back(group);
  }
  return kept;
}

}  // namespace sluice::parquet
