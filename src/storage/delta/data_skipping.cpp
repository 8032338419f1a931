// src/storage/delta/data_skipping.cpp
//
// Partition pruning and min / max / null-count skipping of Delta files.

#include "storage/delta/data_skipping.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>

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

bool equalsIgnoreCase(std::string_view left, std::string_view right) {
  return left.size() == right.size() &&
         std::equal(left.begin(), left.end(), right.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) ==
                  std::tolower(static_cast<unsigned char>(b));
         });
}

const StructField* findColumn(const std::vector<StructField>& schema, std::string_view name) {
  for (const StructField& field : schema) {
    if (equalsIgnoreCase(field.name, name)) return &field;
  }
  return nullptr;
}

bool isComparison(Op op) { return op != Op::kIsNull && op != Op::kIsNotNull; }

//! Evaluates a predicate on a known value (a partition value): true, false.
bool evaluate(const SkippingPredicate& predicate, const Value& value, const Value& constant) {
  if (predicate.op == Op::kIsNull) return value.isNull();
  if (predicate.op == Op::kIsNotNull) return !value.isNull();
  if (value.isNull() || constant.isNull()) return false;
  int order = compareScalarValues(value, constant);
  switch (predicate.op) {
    case Op::kEqual: return order == 0;
    case Op::kLess: return order < 0;
    case Op::kLessOrEqual: return order <= 0;
    case Op::kGreater: return order > 0;
    case Op::kGreaterOrEqual: return order >= 0;
    default: return true;
  }
}

//! False when the column's statistics rule the predicate out for every row.
bool statsMayMatch(const SkippingPredicate& predicate, const DataType& type,
                   const ColumnStats& stats, std::optional<int64_t> num_records,
                   const Value& constant) {
  bool all_null = stats.null_count && num_records && *stats.null_count == *num_records;
  if (predicate.op == Op::kIsNull) return !(stats.null_count && *stats.null_count == 0);
  if (predicate.op == Op::kIsNotNull) return !all_null;
  if (all_null) return false;
  std::optional<Value> min = stats.min;
  std::optional<Value> max = stats.max;
  if (type.isFloating()) max.reset();
  if (max && (type.id() == TypeId::kTimestamp || type.id() == TypeId::kTimestampNtz)) {
    // A max at the very end of the range stands for itself: saturate rather than overflow.
    int64_t bound = max->getInt64();
    bound = bound > INT64_MAX - kTimestampMaxSlack ? INT64_MAX : bound + kTimestampMaxSlack;
    max = Value::fromInt64(type, bound);
  }
  switch (predicate.op) {
    case Op::kEqual:
      if (min && compareScalarValues(constant, *min) < 0) return false;
      if (max && compareScalarValues(constant, *max) > 0) return false;
      return true;
    case Op::kLess: return !(min && compareScalarValues(*min, constant) >= 0);
    case Op::kLessOrEqual: return !(min && compareScalarValues(*min, constant) > 0);
    case Op::kGreater: return !(max && compareScalarValues(*max, constant) <= 0);
    case Op::kGreaterOrEqual: return !(max && compareScalarValues(*max, constant) < 0);
    default: return true;
  }
}

}  // namespace

bool fileMayMatch(const AddFile& file, const std::vector<StructField>& schema,
                  const std::vector<std::string>& partition_columns,
                  const std::vector<SkippingPredicate>& predicates) {
  std::optional<FileStats> stats;
  for (const SkippingPredicate& predicate : predicates) {
    const StructField* field = findColumn(schema, predicate.column);
    if (!field || field->type.isNested()) continue;
    Value constant;
    if (isComparison(predicate.op)) {
      // A comparison with NULL is never true.
      if (predicate.value.isNull()) return false;
      auto coerced = coerceScalar(predicate.value, field->type);
      if (!coerced) continue;
      constant = std::move(*coerced);
    }
    bool is_partition = std::find(partition_columns.begin(), partition_columns.end(),
                                  field->name) != partition_columns.end();
    if (is_partition) {
      const std::optional<std::string>* text = findPartitionValue(file.partition_values, field->name);
      Value value = parsePartitionValue(text ? *text : std::nullopt, field->type, field->name,
                                        decodeUriPath(file.path));
      if (!evaluate(predicate, value, constant)) return false;
      continue;
    }
    if (!file.stats) continue;
    if (!stats) stats = parseFileStats(*file.stats, schema);
    auto column = stats->columns.find(field->name);
    if (column == stats->columns.end()) continue;
    if (!statsMayMatch(predicate, field->type, column->second, stats->num_records, constant)) {
      return false;
    }
  }
  return true;
}

}  // namespace sluice::delta
