// src/planner/binder/lateral_aliases.cpp
#include "planner/binder/lateral_aliases.hpp"

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"
#include "planner/expression/expression_rewriting.hpp"

namespace sluice {

void LateralAliases::add(const std::string& alias, const BoundExpression& expr) {
  aliases_.push_back(Alias{alias, copyExpression(expr)});
}

void LateralAliases::addUnreadable(const std::string& alias) {
  aliases_.push_back(Alias{alias, nullptr});
}

bool LateralAliases::names(const std::string& name) const {
  for (const Alias& alias : aliases_) {
    if (sameIdentifier(alias.name, name))
      return true;
  }
  return false;
}

BoundExpressionPtr LateralAliases::resolve(const std::string& name) const {
  const Alias* found = nullptr;
  size_t count = 0;
  for (const Alias& alias : aliases_) {
    if (sameIdentifier(alias.name, name)) {
      found = &alias;
      ++count;
    }
  }
  if (found == nullptr)
    return nullptr;
  if (count > 1) {
    throw Error(
        ErrorClass::AMBIGUOUS_LATERAL_COLUMN_ALIAS,
        fmt::format("Lateral column alias `{}` is ambiguous and has {} matches.", name, count));
  }
  if (!found->expr) {
    throw Error(ErrorClass::NOT_SUPPORTED,
                fmt::format("Referencing the lateral column alias `{}` of a window function is "
                            "not supported yet.",
                            name));
  }
  return copyExpression(*found->expr);
}

}  // namespace sluice
