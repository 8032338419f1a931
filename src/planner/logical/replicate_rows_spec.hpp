// src/planner/logical/replicate_rows_spec.hpp
//
// How INTERSECT and EXCEPT keep the rows of an aggregate that counted, for each distinct row,
// its copies on the left and on the right (Spark's ReplicateRows, and the filter before it).
#pragma once

#include <cstdint>
#include <string>

#include "common/types/data_type.hpp"

namespace sluice {

enum class ReplicateMode : uint8_t {
  kIntersectDistinct,  // once, when both sides have the row
  kIntersectAll,       // min(left, right) times
  kExceptDistinct,     // once, when only the left side has the row
  kExceptAll,          // left - right times, when that is positive
};

struct ReplicateRowsSpec {
  ReplicateMode mode = ReplicateMode::kIntersectDistinct;
  //! The BIGINT columns of the input that hold the counts; every column before them is output.
  idx_t left_count = 0;
  idx_t right_count = 0;

  //! How many copies of a row with these counts the output holds.
  int64_t copies(int64_t left, int64_t right) const {
    switch (mode) {
      case ReplicateMode::kIntersectDistinct:
        return left > 0 && right > 0 ? 1 : 0;
      case ReplicateMode::kIntersectAll:
        return left < right ? left : right;
      case ReplicateMode::kExceptDistinct:
        return left > 0 && right == 0 ? 1 : 0;
      case ReplicateMode::kExceptAll:
        return left > right ? left - right : 0;
    }
    return 0;
  }

  //! "[INTERSECT ALL: least(#2, #3) copies]" for plans.
  std::string toString() const;
};

}  // namespace sluice
