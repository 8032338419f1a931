// src/session/name_pattern.hpp
//
// The pattern of SHOW TABLES / SCHEMAS / CATALOGS ... LIKE 'pattern', with Spark's meaning
// (StringUtils.filterPattern): alternatives separated by '|', '*' matching any characters,
// everything else a regular expression that must match the whole name, case-insensitively.
// An alternative that is not a valid regular expression matches nothing.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace re2 {
class RE2;
}

namespace sluice {

class NamePattern {
 public:
  explicit NamePattern(std::string_view pattern);
  ~NamePattern();
  NamePattern(NamePattern&&) noexcept;
  NamePattern& operator=(NamePattern&&) noexcept;

  bool matches(std::string_view name) const;

 private:
  std::vector<std::unique_ptr<re2::RE2>> alternatives_;
};

}  // namespace sluice
