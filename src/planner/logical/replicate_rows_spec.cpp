// src/planner/logical/replicate_rows_spec.cpp
#include "planner/logical/replicate_rows_spec.hpp"

#include <fmt/format.h>

namespace sluice {

std::string ReplicateRowsSpec::toString() const {
  switch (mode) {
    case ReplicateMode::kIntersectDistinct:
      return fmt::format("[INTERSECT: 1 copy where #{} > 0 AND #{} > 0]", left_count, right_count);
    case ReplicateMode::kIntersectAll:
      return fmt::format("[INTERSECT ALL: least(#{}, #{}) copies]", left_count, right_count);
    case ReplicateMode::kExceptDistinct:
      return fmt::format("[EXCEPT: 1 copy where #{} > 0 AND #{} = 0]", left_count, right_count);
    case ReplicateMode::kExceptAll:
      return fmt::format("[EXCEPT ALL: (#{} - #{}) copies]", left_count, right_count);
  }
  return {};
}

}  // namespace sluice
