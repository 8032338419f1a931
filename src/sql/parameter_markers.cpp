#include "sql/parameter_markers.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace sluice::sql {

std::optional<std::string> ParameterMarkerUse::named(const std::string& name,
                                                     const SourceLocation& at) {
  named_seen_ = true;
  if (values_ != nullptr) {
    auto found = values_->named.find(name);
    if (found != values_->named.end())
      return found->second;
  }
  if (!unbound_name_) {
    unbound_name_ = name;
    unbound_at_ = at;
  }
  return std::nullopt;
}

std::optional<std::string> ParameterMarkerUse::positional(size_t index, uint32_t offset,
                                                          const SourceLocation& at) {
  positional_seen_ = true;
  if (values_ != nullptr && index < values_->positional.size())
    return values_->positional[index];
  if (!unbound_name_) {
    // Spark names a positional marker by its offset in the statement: `_7` for the `?` of
    // "SELECT ?".
    unbound_name_ = fmt::format("_{}", offset);
    unbound_at_ = at;
  }
  return std::nullopt;
}

void ParameterMarkerUse::check() const {
  bool given = values_ != nullptr && !values_->empty();
  if (given && named_seen_ && positional_seen_) {
    throw Error(ErrorClass::INVALID_QUERY_MIXED_QUERY_PARAMETERS,
                "Parameterized query must either use positional, or named parameters, but not "
                "both.");
  }
  if (given && named_seen_ && !values_->unnamed.empty()) {
    throw Error(ErrorClass::ALL_PARAMETERS_MUST_BE_NAMED,
                fmt::format("Using name parameterized queries requires all parameters to be "
                            "named. Parameters missing names: {}.",
                            fmt::join(values_->unnamed, ", ")));
  }
  if (unbound_name_) {
    throw Error(ErrorClass::UNBOUND_SQL_PARAMETER,
                fmt::format("Found the unbound parameter: {}. Please, fix `args` and provide a "
                            "mapping of the parameter to either a SQL literal or collection "
                            "constructor functions such as `map()`, `array()`, `struct()`.",
                            *unbound_name_))
        .withLocation(*unbound_at_);
  }
}

}  // namespace sluice::sql
