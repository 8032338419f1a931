// src/sql/keyword.hpp
//
// The keywords of Spark SQL that the parser recognises, and which of them may not be used as
// unquoted identifiers.
#pragma once

#include <cstdint>
#include <string_view>

namespace sluice::sql {

enum class Keyword : uint16_t {
  kNone,  // an ordinary identifier
#define SLUICE_SQL_KEYWORD(name, spelling) name,
#include "sql/keywords.def"
#undef SLUICE_SQL_KEYWORD
};

//! Returns the keyword spelled `word` (any case), or Keyword::kNone.
Keyword lookupKeyword(std::string_view word);

//! Returns the upper-case spelling, e.g. "SELECT"; "" for kNone.
std::string_view keywordSpelling(Keyword keyword);

//! True for the words that cannot be an unquoted column, table, alias or CTE name because
//! they start or separate clauses (FROM, WHERE, JOIN, AND, ...). They stay usable after a dot
//! (`t.from`), as struct field names and, for LEFT and RIGHT, as function names.
bool isReservedKeyword(Keyword keyword);

//! True when `keyword` may be an alias written without AS: not reserved and not a word that can
//! follow a select item or a table (LIMIT, WINDOW, SORT, SEMI, ...).
bool canBeImplicitAlias(Keyword keyword);

}  // namespace sluice::sql
