// src/common/text/name_quoting.hpp
//
// Names as Spark writes them in SQL text and messages (its toSQLId): each part in backquotes,
// a backquote inside doubled, the parts joined with dots.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sluice {

//! `name` in backquotes with ` doubled.
inline std::string quoteName(std::string_view name) {
  std::string quoted = "`";
  for (char c : name) {
    quoted += c;
    if (c == '`')
      quoted += '`';
  }
  return quoted + "`";
}

//! Each part quoted and joined with '.': `spark_catalog`.`default`.`t`.
inline std::string quoteNameParts(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& part : parts) {
    if (!out.empty())
      out += '.';
    out += quoteName(part);
  }
  return out;
}

}  // namespace sluice
