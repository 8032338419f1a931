// src/common/scan_predicate.hpp
//
// The filters a scan can use to skip whole files or row groups: a top-level column compared
// with a constant (=, <, <=, >, >=) or tested for NULL. The optimizer lowers the conditions it
// can into a conjunction of these; the Delta log's file statistics and Parquet's row-group
// statistics then rule out data that cannot hold a matching row
// (storage/format/scan_predicate.hpp). Skipping is only coarse: the rows read are still
// filtered by the full condition.
#pragma once

#include <cstdint>
#include <string>

#include "common/types/value.hpp"

namespace sluice {

struct ScanPredicate {
  enum class Op : uint8_t {
    kEqual,
    kLess,
    kLessOrEqual,
    kGreater,
    kGreaterOrEqual,
    kIsNull,
    kIsNotNull
  };

  std::string column;  // a top-level column, matched case-insensitively
  Op op = Op::kEqual;
  Value value;  // unused by kIsNull / kIsNotNull

  static ScanPredicate compare(std::string column, Op op, Value value) {
    return ScanPredicate{std::move(column), op, std::move(value)};
  }
  static ScanPredicate isNull(std::string column) {
    return ScanPredicate{std::move(column), Op::kIsNull, Value()};
  }
  static ScanPredicate isNotNull(std::string column) {
    return ScanPredicate{std::move(column), Op::kIsNotNull, Value()};
  }

  bool isComparison() const { return op != Op::kIsNull && op != Op::kIsNotNull; }
  //! "price > 10", for plans.
  std::string toString() const;
};

}  // namespace sluice
