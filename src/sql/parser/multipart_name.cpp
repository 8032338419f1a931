// src/sql/parser/multipart_name.cpp
#include "sql/parser/multipart_name.hpp"

#include "common/error/error.hpp"
#include "sql/parser/parser.hpp"

namespace sluice::sql {

std::optional<std::vector<std::string>> parseMultipartName(std::string_view text) {
  ExprPtr parsed;
  try {
    parsed = parseExpression(text, "<name>");
  } catch (const Error&) {
    return std::nullopt;
  }
  if (!parsed || !parsed->is<ColumnRefExpr>())
    return std::nullopt;
  return parsed->as<ColumnRefExpr>().name;
}

}  // namespace sluice::sql
