// src/session/name_pattern.cpp
//
// SHOW ... LIKE patterns, compiled to RE2 (linear time, whatever the pattern).
#include "session/name_pattern.hpp"

#include <re2/re2.h>

namespace sluice {

namespace {

std::string_view trim(std::string_view text) {
  size_t begin = text.find_first_not_of(" \t\n\r\f\v");
  if (begin == std::string_view::npos)
    return {};
  size_t end = text.find_last_not_of(" \t\n\r\f\v");
  return text.substr(begin, end - begin + 1);
}

}  // namespace

NamePattern::NamePattern(std::string_view pattern) {
  std::string_view rest = trim(pattern);
  while (true) {
    size_t bar = rest.find('|');
    std::string_view alternative = rest.substr(0, bar);
    std::string regex;
    for (char c : alternative) {
      if (c == '*') {
        regex += ".*";
      } else {
        regex += c;
      }
    }
    RE2::Options options;
    options.set_case_sensitive(false);
    options.set_log_errors(false);
    auto compiled = std::make_unique<RE2>(regex, options);
    if (compiled->ok())
      alternatives_.push_back(std::move(compiled));
    if (bar == std::string_view::npos)
      break;
    rest = rest.substr(bar + 1);
  }
}

NamePattern::~NamePattern() = default;
NamePattern::NamePattern(NamePattern&&) noexcept = default;
NamePattern& NamePattern::operator=(NamePattern&&) noexcept = default;

bool NamePattern::matches(std::string_view name) const {
  for (const auto& alternative : alternatives_) {
    if (RE2::FullMatch(name, *alternative))
      return true;
  }
  return false;
}

}  // namespace sluice
