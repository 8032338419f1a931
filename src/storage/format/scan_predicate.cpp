// src/storage/format/scan_predicate.cpp
#include "storage/format/scan_predicate.hpp"

#include <fmt/format.h>

#include "storage/delta/value_order.hpp"

namespace sluice {

bool boundsMayMatch(ScanPredicate::Op op, const ColumnBounds& bounds, const Value& constant) {
  using Op = ScanPredicate::Op;
  bool all_null = bounds.null_count && bounds.row_count && *bounds.null_count == *bounds.row_count;
  if (op == Op::kIsNull)
    return !(bounds.null_count && *bounds.null_count == 0);
  if (op == Op::kIsNotNull)
    return !all_null;
  // A comparison is never true for NULL, on either side.
  if (all_null || constant.isNull())
    return false;
  const std::optional<Value>& min = bounds.min;
  const std::optional<Value>& max = bounds.max;
  using delta::compareScalarValues;
  switch (op) {
    case Op::kEqual:
      if (min && compareScalarValues(constant, *min) < 0)
        return false;
      if (max && compareScalarValues(constant, *max) > 0)
        return false;
      return true;
    case Op::kLess:
      return !(min && compareScalarValues(*min, constant) >= 0);
    case Op::kLessOrEqual:
      return !(min && compareScalarValues(*min, constant) > 0);
    case Op::kGreater:
      return !(max && compareScalarValues(*max, constant) <= 0);
    case Op::kGreaterOrEqual:
      return !(max && compareScalarValues(*max, constant) < 0);
    default:
      return true;
  }
}

}  // namespace sluice
