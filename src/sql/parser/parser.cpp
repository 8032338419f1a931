// src/sql/parser/parser.cpp
//
// The entry points of the SQL parser: statement splitting and whole-text parses.
#include "sql/parser/parser.hpp"

#include "sql/parser/token_parser.hpp"
#include "sql/syntax_error.hpp"

namespace sluice::sql {

namespace {

// The end-of-input token sits just after the last token, so that "at or near end of input"
// points at the end of what was written rather than at trailing blank lines.
Token endTokenAfter(const Token& last) {
  Token end;
  end.kind = TokenKind::kEnd;
  end.position = last.position;
  for (char c : last.text) {
    if (c == '\n') {
      ++end.position.line;
      end.position.column = 1;
    } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
      ++end.position.column;
    }
  }
  end.position.offset = last.end_offset;
  end.end_offset = last.end_offset;
  return end;
}

std::vector<Token> tokenizeAll(const SourceText& source) {
  Lexer lexer(source);
  std::vector<Token> tokens;
  while (true) {
    Token token = lexer.next();
    if (token.kind == TokenKind::kEnd) {
      tokens.push_back(tokens.empty() ? std::move(token) : endTokenAfter(tokens.back()));
      return tokens;
    }
    tokens.push_back(std::move(token));
  }
}

SourceTextPtr makeSource(std::string_view text, std::string_view source_name) {
  return std::make_shared<SourceText>(std::string(source_name), std::string(text));
}

}  // namespace

StatementReader::StatementReader(std::string_view text, std::string_view source_name,
                                 const ParameterValues* parameter_values)
    : source_(makeSource(text, source_name)),
      lexer_(*source_),
      parameter_values_(parameter_values) {}

StatementPtr StatementReader::next() {
  std::vector<Token> tokens;
  while (!done_) {
    Token token = lexer_.next();
    if (token.kind == TokenKind::kSemicolon) {
      if (tokens.empty())
        continue;
      // The ';' ends the statement: errors at the end say "at or near ';'".
      token.kind = TokenKind::kEnd;
      tokens.push_back(std::move(token));
      break;
    }
    if (token.kind == TokenKind::kEnd) {
      done_ = true;
      if (tokens.empty())
        return nullptr;
      tokens.push_back(endTokenAfter(tokens.back()));
      break;
    }
    tokens.push_back(std::move(token));
  }
  if (tokens.empty())
    return nullptr;
  TokenParser parser(source_, std::move(tokens), parameter_values_);
  return parser.parseWholeStatement();
}

std::vector<StatementPtr> parseStatements(std::string_view text, std::string_view source_name) {
  StatementReader reader(text, source_name);
  std::vector<StatementPtr> statements;
  while (StatementPtr statement = reader.next())
    statements.push_back(std::move(statement));
  return statements;
}

StatementPtr parseSingleStatement(std::string_view text, std::string_view source_name,
                                  const ParameterValues* parameter_values) {
  StatementReader reader(text, source_name, parameter_values);
  StatementPtr statement = reader.next();
  if (!statement) {
    throw Error(ErrorClass::PARSE_SYNTAX_ERROR, syntaxErrorMessage("", "expected a statement"))
        .withLocation(reader.source()->locate(SourcePosition{}));
  }
  if (StatementPtr second = reader.next()) {
    throw Error(ErrorClass::PARSE_SYNTAX_ERROR,
                syntaxErrorMessage(";", "the text must hold one statement"))
        .withLocation(second->locate(second->position));
  }
  return statement;
}

ExprPtr parseExpression(std::string_view text, std::string_view source_name) {
  SourceTextPtr source = makeSource(text, source_name);
  TokenParser parser(source, tokenizeAll(*source));
  return parser.parseWholeExpression();
}

DataType parseDataType(std::string_view text) {
  SourceTextPtr source = makeSource(text, "<type>");
  TokenParser parser(source, tokenizeAll(*source));
  return parser.parseWholeDataType();
}

std::vector<StructField> parseColumnList(std::string_view text) {
  SourceTextPtr source = makeSource(text, "<schema>");
  TokenParser parser(source, tokenizeAll(*source));
  return parser.parseWholeColumnList();
}

}  // namespace sluice::sql
