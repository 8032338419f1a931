// src/storage/delta/data_skipping.hpp
//
// File pruning for Delta scans: given simple comparisons of a top-level column with a
// constant (=, <, <=, >, >=, IS NULL, IS NOT NULL), skip the files whose partition values or
// statistics prove that no row satisfies them all. Bounds are used the way Delta writes them:
// string bounds may be truncated prefixes (the max with a tie-breaker), timestamp bounds are
// truncated to milliseconds, float and double maxima ignore NaN and so are not trusted.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "common/types/value.hpp"
#include "storage/delta/actions.hpp"

namespace sluice::delta {

//! `column op value`; the planner lowers the predicates it can into a conjunction of these.
struct SkippingPredicate {
  enum class Op : uint8_t { kEqual, kLess, kLessOrEqual, kGreater, kGreaterOrEqual, kIsNull, kIsNotNull };

  std::string column;  // a top-level column, matched case-insensitively
  Op op = Op::kEqual;
  Value value;  // unused by kIsNull / kIsNotNull

  static SkippingPredicate compare(std::string column, Op op, Value value) {
    return SkippingPredicate{std::move(column), op, std::move(value)};
  }
  static SkippingPredicate isNull(std::string column) {
    return SkippingPredicate{std::move(column), Op::kIsNull, Value()};
  }
  static SkippingPredicate isNotNull(std::string column) {
    return SkippingPredicate{std::move(column), Op::kIsNotNull, Value()};
  }
};

//! False only when `file` certainly has no row satisfying every predicate. Predicates on
//! unknown columns, or with constants that do not convert exactly, skip nothing.
bool fileMayMatch(const AddFile& file, const std::vector<StructField>& schema,
                  const std::vector<std::string>& partition_columns,
                  const std::vector<SkippingPredicate>& predicates);

}  // namespace sluice::delta
