// src/sql/lexer.hpp
//
// The lexer of Spark SQL: identifiers and keywords (case-insensitive), backquoted identifiers,
// numbers with Spark's suffixes, strings with Spark's escapes, raw strings, ${name} parameters,
// operators, and comments (`--` to the end of the line, nested `/* */`; `/*+` opens a hint).
#pragma once

#include <string_view>
#include <vector>

#include "sql/source_text.hpp"
#include "sql/token.hpp"

namespace sluice::sql {

class Lexer {
 public:
  //! The lexer reads `source`, which must outlive it and the tokens it returns.
  explicit Lexer(const SourceText& source);

  //! Returns the next token, or a kEnd token at the end of the text. Throws PARSE_SYNTAX_ERROR
  //! (or UNCLOSED_BRACKETED_COMMENT) with the location of the malformed input.
  Token next();

 private:
  char peek(size_t ahead = 0) const;
  bool atEnd() const { return position_.offset >= text_.size(); }
  void advance(size_t bytes);
  void skipTrivia();
  void skipLineComment();
  void skipBracketedComment();
  Token finish(Token token) const;
  Token lexNumber();
  Token lexWord();
  Token lexString(char quote, bool raw);
  Token lexQuotedIdentifier();
  Token lexParameter();
  Token lexOperator();
  size_t wordLength(size_t from) const;
  [[noreturn]] void fail(ErrorClass error_class, SourcePosition at, std::string message) const;

  const SourceText& source_;
  std::string_view text_;
  SourcePosition position_;
  bool in_hint_ = false;
};

//! The tokens of a whole text, ending with one kEnd token. Tokens point into `source`.
struct TokenList {
  SourceTextPtr source;
  std::vector<Token> tokens;
};

//! Tokenizes `text` completely (for tests and tools; the parser lexes one statement at a time).
TokenList tokenize(std::string_view text, std::string_view source_name = "<query>");

//! Decodes the body of a quoted string (without its quotes) with Spark's escapes: \n \t \r \b
//! \0 \Z, \uXXXX, \UXXXXXXXX, three-digit octal \[01][0-7][0-7], \% and \_ kept with their
//! backslash (for LIKE), any other \c as c, and a doubled `quote` as one quote.
std::string unescapeStringBody(std::string_view body, char quote);

}  // namespace sluice::sql
