// src/sql/parser/parser.hpp
//
// The entry points of the SQL parser. Errors are Error(PARSE_SYNTAX_ERROR, "Syntax error at or
// near 'x'...") with the source location (name, line, column, line text) attached; constructs
// that parse but that sluice does not run are NOT_SUPPORTED errors naming them.
#pragma once

#include <string_view>
#include <vector>

#include "common/types/data_type.hpp"
#include "sql/ast/catalog_statement.hpp"
#include "sql/ast/dml_statement.hpp"
#include "sql/ast/statement.hpp"
#include "sql/lexer.hpp"
#include "sql/parameter_markers.hpp"

namespace sluice::sql {

//! Parses a text statement by statement, so that a caller can run each statement before the
//! next one is parsed, as spark-sql does: a syntax error in the third statement surfaces after
//! the first two ran. Statements are separated by ';'; empty statements are skipped.
class StatementReader {
 public:
  //! `parameter_values`, when given, binds the parameter markers of every statement (the
  //! positional ones counted from each statement's first); it must outlive the reader.
  StatementReader(std::string_view text, std::string_view source_name = "<query>",
                  const ParameterValues* parameter_values = nullptr);

  //! The next statement, or nullptr when none is left. Throws on a malformed statement.
  StatementPtr next();

  const SourceTextPtr& source() const { return source_; }

 private:
  SourceTextPtr source_;
  Lexer lexer_;
  const ParameterValues* parameter_values_;
  bool done_ = false;
};

//! Parses every statement of `text`; throws at the first malformed one.
std::vector<StatementPtr> parseStatements(std::string_view text,
                                          std::string_view source_name = "<query>");

//! Parses `text` as exactly one statement (a trailing ';' allowed), its markers bound to
//! `parameter_values`: the text of EXECUTE IMMEDIATE.
StatementPtr parseSingleStatement(std::string_view text, std::string_view source_name,
                                  const ParameterValues* parameter_values);

//! Parses one expression, optionally followed by AS alias (returned as an AliasExpr), e.g. the
//! text of an expectation or of a generated column.
ExprPtr parseExpression(std::string_view text, std::string_view source_name = "<expression>");

//! Parses a type name: "DECIMAL(10,2)", "ARRAY<STRUCT<a: INT, b: STRING>>", "LONG".
DataType parseDataType(std::string_view text);

//! Parses a DDL column list: "id LONG, name STRING NOT NULL COMMENT 'x'".
std::vector<StructField> parseColumnList(std::string_view text);

}  // namespace sluice::sql
