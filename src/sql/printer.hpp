// src/sql/printer.hpp
//
// The SQL printer: AST to canonical Spark SQL, on one line or in a multi-line layout for
// `sluice format`. Keywords are upper case, identifiers are backquoted only when they must be,
// parentheses appear only where the tree needs them, and strings use single quotes with
// backslash escapes. Parsing the printed text, in either layout, gives back an equal AST
// (parse(print(parse(x))) equals parse(x)). Comments are not kept; no ';' is added.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "common/types/data_type.hpp"
#include "sql/ast/statement.hpp"

namespace sluice::sql {

enum class PrintLayout : uint8_t {
  kOneLine,  // the whole statement on one line
  kPretty,   // each clause on its own line, nested clauses indented by two spaces
};

std::string printStatement(const Statement& statement, PrintLayout layout = PrintLayout::kOneLine);
std::string printQuery(const Query& query, PrintLayout layout = PrintLayout::kOneLine);
std::string printExpression(const Expr& expr);
//! A FROM item as written in a FROM clause: `t`, `STREAM(t)`, `read_files(...) AS f`.
std::string printTableRef(const TableRef& ref);
//! Type names as the parser reads them: "DECIMAL(10,2)", "STRUCT<a: INT NOT NULL>".
std::string printDataType(const DataType& type);

//! `name` as an identifier: bare when it is a plain word that is not reserved, else in
//! backquotes with ` doubled.
std::string quoteIdentifier(std::string_view name);
//! `value` as a single-quoted string literal with Spark's backslash escapes.
std::string quoteString(std::string_view value);

}  // namespace sluice::sql
