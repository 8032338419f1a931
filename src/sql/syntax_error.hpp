// src/sql/syntax_error.hpp
//
// The wording of syntax errors, shared by the lexer and the parser so that every message reads
// like Spark's: "Syntax error at or near 'SELEC'." / "Syntax error at or near end of input."
#pragma once

#include <string>
#include <string_view>

namespace sluice::sql {

//! Formats a PARSE_SYNTAX_ERROR message. `near` is the offending token as written (empty for
//! the end of the input); `hint`, when given, follows a colon: "...near ')': expected a name."
std::string syntaxErrorMessage(std::string_view near, std::string_view hint = {});

}  // namespace sluice::sql
