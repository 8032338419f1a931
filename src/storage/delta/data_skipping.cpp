// src/storage/delta/data_skipping.cpp
//
// Partition pruning and min / max / null-count skipping of Delta files.

#include "storage/delta/data_skipping.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>

#include "common/text/ascii_case.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/file_stats.hpp"
#include "storage/delta/partition_values.hpp"
#include "storage/delta/value_order.hpp"

namespace sluice::delta {

namespace {

using Op = SkippingPredicate::Op;

// Statistics hold timestamps truncated to milliseconds; a max stands for up to 999 more
// microseconds.
constexpr int64_t kTimestampMaxSlack = 999;

const StructField* findColumn(const std::vector<StructField>& schema, std::string_view name) {
  for (const StructField& field : schema) {
    if (sameIdentifier(field.name, name))
      return &field;
  }
  return nullptr;
}

//! Evaluates a predicate on a known value (a partition value): true, false.
bool evaluate(const SkippingPredicate& predicate, const Value& value, const Value& constant) {
  if (predicate.op == Op::kIsNull)
    return value.isNull();
  if (predicate.op == Op::kIsNotNull)
    return !value.isNull();
  if (value.isNull() || constant.isNull())
    return false;
  int order = compareScalarValues(value, constant);
  switch (predicate.op) {
    case Op::kEqual:
      return order == 0;
    case Op::kLess:
      return order < 0;
    case Op::kLessOrEqual:
      return order <= 0;
    case Op::kGreater:
      return order > 0;
    case Op::kGreaterOrEqual:
      return order >= 0;
    default:
      return true;
  }
}

//! False when the column's statistics rule the predicate out for every row.
bool statsMayMatch(const SkippingPredicate& predicate, const DataType& type,
                   const ColumnStats& stats, std::optional<int64_t> num_records,
                   const Value& constant) {
  ColumnBounds bounds{stats.min, stats.max, stats.null_count, num_records};
  // Delta's float and double maxima leave NaN out, and NaN is above every number.
  if (type.isFloating())
    bounds.max.reset();
  if (bounds.max && (type.id() == TypeId::kTimestamp || type.id() == TypeId::kTimestampNtz)) {
    // A max at the very end of the range stands for itself: saturate rather than overflow.
    int64_t bound = bounds.max->getInt64();
    bound = bound > INT64_MAX - kTimestampMaxSlack ? INT64_MAX : bound + kTimestampMaxSlack;
    bounds.max = Value::fromInt64(type, bound);
  }
  return boundsMayMatch(predicate.op, bounds, constant);
}

}  // namespace

bool fileMayMatch(const AddFile& file, const std::vector<StructField>& schema,
                  const std::vector<std::string>& partition_columns,
                  const std::vector<SkippingPredicate>& predicates) {
  std::optional<FileStats> stats;
  for (const SkippingPredicate& predicate : predicates) {
    const StructField* field = findColumn(schema, predicate.column);
    if (!field || field->type.isNested())
      continue;
    Value constant;
    if (predicate.isComparison()) {
      // A comparison with NULL is never true.
      if (predicate.value.isNull())
        return false;
      auto coerced = coerceScalar(predicate.value, field->type);
      if (!coerced)
        continue;
      constant = std::move(*coerced);
    }
    bool is_partition = std::find(partition_columns.begin(), partition_columns.end(),
                                  field->name) != partition_columns.end();
    if (is_partition) {
      const std::optional<std::string>* text =
          findPartitionValue(file.partition_values, field->name);
      Value value = parsePartitionValue(text ? *text : std::nullopt, field->type, field->name,
                                        decodeUriPath(file.path));
      if (!evaluate(predicate, value, constant))
        return false;
      continue;
    }
    if (!file.stats)
      continue;
    if (!stats)
      stats = parseFileStats(*file.stats, schema);
    auto column = stats->columns.find(field->name);
    if (column == stats->columns.end())
      continue;
    if (!statsMayMatch(predicate, field->type, column->second, stats->num_records, constant)) {
      return false;
    }
  }
  return true;
}

}  // namespace sluice::delta
