// src/sql/formatter.hpp
//
// `sluice format`: a SQL file in its canonical layout. Statements are printed by the printer's
// multi-line layout and end with ';', separated by a blank line. Comments are never lost: a
// comment between statements is kept, verbatim, above the statement that follows it, and a
// statement with a comment inside it is kept exactly as written, since the printer cannot
// place such a comment. The result is checked to parse back to the same statements.
#pragma once

#include <string>
#include <string_view>

namespace sluice::sql {

//! The canonical form of the SQL `text`. Throws the parser's error (with source_name, line and
//! column) when the text does not parse.
std::string formatSql(std::string_view text, std::string_view source_name);

}  // namespace sluice::sql
