// src/sql/parser/parameter_marker_parser.cpp
//
// Parameter markers and EXECUTE IMMEDIATE (SqlBaseParser.g4):
//   constant: QUESTION #posParameterLiteral | COLON identifier #namedParameterLiteral
//   EXECUTE IMMEDIATE queryParam (INTO multipartIdentifierList)? (USING params)?
// A marker is recognised only where a primary expression starts, so `j:a` (after an
// expression) stays the JSON path operator and `::` a cast.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <set>

#include "sql/lexer.hpp"
#include "sql/parser/token_parser.hpp"

namespace sluice::sql {

namespace {

// The tokens of a marker's value, all placed at the marker so that errors and positions of the
// bound statement point at the marker rather than into a text the statement does not hold.
std::vector<Token> valueTokensAt(const SourceText& value, const Token& marker,
                                 uint32_t marker_end) {
  Lexer lexer(value);
  std::vector<Token> tokens;
  while (true) {
    Token token = lexer.next();
    bool end = token.kind == TokenKind::kEnd;
    token.position = marker.position;
    token.end_offset = marker_end;
    tokens.push_back(std::move(token));
    if (end)
      return tokens;
  }
}

}  // namespace

bool TokenParser::startsParameterMarker() const {
  if (check(TokenKind::kQuestion))
    return true;
  return check(TokenKind::kColon) && isAnyName(peek(1));
}

ExprPtr TokenParser::parseParameterMarker() {
  const Token& marker = current();
  SourceLocation at = source_->locate(marker.position);
  std::optional<std::string> value;
  if (marker.is(TokenKind::kQuestion)) {
    size_t index = positionalMarkersBefore(index_);
    // Spark names a positional marker by its offset in the statement's text.
    uint32_t offset = marker.position.offset - tokens_[0].position.offset;
    value = parameter_markers_.positional(index, offset, at);
    advance();
  } else {
    advance();
    value = parameter_markers_.named(current().value, at);
    advance();
  }
  uint32_t marker_end = tokens_[index_ > 0 ? index_ - 1 : 0].end_offset;
  if (!value) {
    // Stands in for the value; the statement fails with UNBOUND_SQL_PARAMETER once parsed.
    return std::make_unique<LiteralExpr>(marker.position);
  }
  // The value was checked to be a constant expression when it was bound.
  SourceText value_text("<parameter>", *value);
  TokenParser value_parser(source_, valueTokensAt(value_text, marker, marker_end));
  ExprPtr expr = value_parser.parseExpression();
  value_parser.expectEnd();
  return expr;
}

StatementPtr TokenParser::parseExecuteImmediate() {
  auto statement = std::make_unique<ExecuteImmediateStatement>(advance().position);
  advance();  // IMMEDIATE
  statement->query_text = parseExpression();
  if (matchKeyword(Keyword::kInto)) {
    do {
      statement->into.push_back(parseVariableName());
    } while (match(TokenKind::kComma));
  }
  if (!matchKeyword(Keyword::kUsing))
    return statement;
  const Token& using_token = tokens_[index_ - 1];
  std::set<std::string> names;
  std::vector<std::string> duplicates;
  // USING (a, b) is the list a, b written in parentheses, as in Spark.
  bool parenthesized = check(TokenKind::kLeftParen) && !parenStartsQuery(index_);
  size_t close = parenthesized ? matchingParen(index_) : 0;
  if (parenthesized && close != std::string_view::npos && close + 1 < tokens_.size() &&
      tokens_[close + 1].is(TokenKind::kEnd)) {
    advance();
  } else {
    parenthesized = false;
  }
  do {
    ExecuteImmediateArgument argument;
    argument.value = parseExpression();
    if (matchKeyword(Keyword::kAs) || isIdentifier(current())) {
      argument.name = parseIdentifier("a parameter name");
      if (!names.insert(*argument.name).second)
        duplicates.push_back(fmt::format("`{}`", *argument.name));
    }
    statement->arguments.push_back(std::move(argument));
  } while (match(TokenKind::kComma));
  if (parenthesized)
    expect(TokenKind::kRightParen);
  if (!duplicates.empty()) {
    failWith(ErrorClass::EXEC_IMMEDIATE_DUPLICATE_ARGUMENT_ALIASES, using_token,
             fmt::format("The USING clause of this EXECUTE IMMEDIATE command contained multiple "
                         "arguments with the same alias ({}), which is invalid; please update "
                         "the command to specify unique aliases and then try it again.",
                         fmt::join(duplicates, ", ")));
  }
  return statement;
}

}  // namespace sluice::sql
