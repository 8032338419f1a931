#include "planner/expression/bound_window.hpp"

#include <fmt/format.h>

namespace sluice {

namespace {

std::string boundText(const WindowBound& bound, bool rows) {
  switch (bound.kind) {
    case WindowBoundKind::kUnboundedPreceding:
      return "UNBOUNDED PRECEDING";
    case WindowBoundKind::kPreceding:
      return rows ? fmt::format("{} PRECEDING", bound.rows)
                  : fmt::format("{} PRECEDING", bound.range);
    case WindowBoundKind::kCurrentRow:
      return "CURRENT ROW";
    case WindowBoundKind::kFollowing:
      return rows ? fmt::format("{} FOLLOWING", bound.rows)
                  : fmt::format("{} FOLLOWING", bound.range);
    case WindowBoundKind::kUnboundedFollowing:
      return "UNBOUNDED FOLLOWING";
  }
  return "?";
}

}  // namespace

std::string WindowFrameSpec::toString() const {
  return fmt::format("{} BETWEEN {} AND {}", rows ? "ROWS" : "RANGE", boundText(start, rows),
                     boundText(end, rows));
}

std::string BoundWindowFunction::toString() const {
  std::string text = name + "(";
  for (size_t i = 0; i < arguments.size(); ++i)
    text += fmt::format("{}#{}", i > 0 ? ", " : "", arguments[i]);
  text += ")";
  if (ignore_nulls)
    text += " IGNORE NULLS";
  switch (kind) {
    case WindowFunctionKind::kFirstValue:
    case WindowFunctionKind::kLastValue:
    case WindowFunctionKind::kNthValue:
    case WindowFunctionKind::kAggregate:
      text += " " + frame.toString();
      break;
    default:
      break;
  }
  return text;
}

}  // namespace sluice
