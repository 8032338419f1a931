// src/common/scan_predicate.cpp
#include "common/scan_predicate.hpp"

#include <fmt/format.h>

namespace sluice {

std::string ScanPredicate::toString() const {
  switch (op) {
    case Op::kEqual:
      return fmt::format("{} = {}", column, value.debugString());
    case Op::kLess:
      return fmt::format("{} < {}", column, value.debugString());
    case Op::kLessOrEqual:
      return fmt::format("{} <= {}", column, value.debugString());
    case Op::kGreater:
      return fmt::format("{} > {}", column, value.debugString());
    case Op::kGreaterOrEqual:
      return fmt::format("{} >= {}", column, value.debugString());
    case Op::kIsNull:
      return fmt::format("{} IS NULL", column);
    case Op::kIsNotNull:
      return fmt::format("{} IS NOT NULL", column);
  }
  return column;
}

}  // namespace sluice
