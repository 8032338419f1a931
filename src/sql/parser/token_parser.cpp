// src/sql/parser/token_parser.cpp
//
// The token cursor of the parser: matching, errors, names, property lists and the lookahead
// that tells a parenthesised query from a parenthesised expression.
#include "sql/parser/token_parser.hpp"

#include <fmt/format.h>

#include <cctype>
#include <limits>

#include "common/error/error.hpp"
#include "common/text/collation.hpp"
#include "sql/syntax_error.hpp"

namespace sluice::sql {

namespace {

constexpr uint32_t kNoMatch = std::numeric_limits<uint32_t>::max();

// Limits that keep hostile input from exhausting the stack, here and in later passes over the
// tree. Recursion depth counts nested parentheses, subqueries and prefix operators. Operator
// links bound one chain of binary operators (a + b + ...; AND and OR chains are balanced and
// need no bound). Nesting links bound, per statement, the postfix accessors, joins and set
// operations, which deepen the tree without deepening the parser's recursion.
constexpr uint32_t kMaxDepth = 250;
constexpr uint32_t kMaxOperatorLinks = 3000;
constexpr uint32_t kMaxNestingLinks = 3000;

bool continuesQuery(const Token& token) {
  if (token.kind != TokenKind::kWord)
    return false;
  switch (token.keyword) {
    case Keyword::kUnion:
    case Keyword::kExcept:
    case Keyword::kMinus:
    case Keyword::kIntersect:
    case Keyword::kOrder:
    case Keyword::kSort:
    case Keyword::kCluster:
    case Keyword::kDistribute:
    case Keyword::kLimit:
    case Keyword::kOffset:
    case Keyword::kWindow:
      return true;
    default:
      return false;
  }
}

}  // namespace

DepthGuard::DepthGuard(TokenParser& parser) : parser_(parser) {
  if (++parser_.depth_ > kMaxDepth) {
    --parser_.depth_;
    parser_.failTooComplex();
  }
}

DepthGuard::~DepthGuard() {
  --parser_.depth_;
}

TokenParser::TokenParser(SourceTextPtr source, std::vector<Token> tokens,
                         const ParameterValues* parameter_values)
    : source_(std::move(source)), parameter_markers_(parameter_values), tokens_(std::move(tokens)) {
  SLUICE_CHECK(!tokens_.empty() && tokens_.back().kind == TokenKind::kEnd);
  expandIdentifierClauses();
  paren_match_.assign(tokens_.size(), kNoMatch);
  std::vector<uint32_t> open;
  for (size_t i = 0; i < tokens_.size(); ++i) {
    if (tokens_[i].kind == TokenKind::kLeftParen) {
      open.push_back(static_cast<uint32_t>(i));
    } else if (tokens_[i].kind == TokenKind::kRightParen && !open.empty()) {
      paren_match_[open.back()] = static_cast<uint32_t>(i);
      open.pop_back();
    }
  }
}

const Token& TokenParser::peek(size_t ahead) const {
  size_t at = index_ + ahead;
  return at < tokens_.size() ? tokens_[at] : tokens_.back();
}

const Token& TokenParser::advance() {
  const Token& token = current();
  if (index_ + 1 < tokens_.size())
    ++index_;
  return token;
}

bool TokenParser::match(TokenKind kind) {
  if (!check(kind))
    return false;
  advance();
  return true;
}

bool TokenParser::matchKeyword(Keyword keyword) {
  if (!checkKeyword(keyword))
    return false;
  advance();
  return true;
}

bool TokenParser::checkWord(std::string_view upper, size_t ahead) const {
  const Token& token = peek(ahead);
  if (!token.is(TokenKind::kWord) || token.text.size() != upper.size())
    return false;
  for (size_t i = 0; i < upper.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(token.text[i])) != upper[i])
      return false;
  }
  return true;
}

bool TokenParser::matchWord(std::string_view upper) {
  if (!checkWord(upper))
    return false;
  advance();
  return true;
}

void TokenParser::expectWord(std::string_view upper) {
  if (!matchWord(upper))
    fail(current(), fmt::format("expected {}", upper));
}

const Token& TokenParser::expect(TokenKind kind) {
  if (!check(kind))
    fail(current(), fmt::format("expected {}", tokenKindDescription(kind)));
  return advance();
}

void TokenParser::expectKeyword(Keyword keyword) {
  if (!checkKeyword(keyword))
    fail(current(), fmt::format("expected {}", keywordSpelling(keyword)));
  advance();
}

void TokenParser::expectEnd() {
  if (!atEnd())
    fail(current());
}

void TokenParser::fail(const Token& at, std::string_view hint) const {
  failWith(ErrorClass::PARSE_SYNTAX_ERROR, at, syntaxErrorMessage(at.text, hint));
}

void TokenParser::failWith(ErrorClass error_class, const Token& at, std::string message) const {
  throw Error(error_class, std::move(message)).withLocation(source_->locate(at.position));
}

void TokenParser::failNotSupported(const Token& at, std::string_view what) const {
  failWith(ErrorClass::NOT_SUPPORTED, at, fmt::format("{} is not supported.", what));
}

void TokenParser::failTooComplex() const {
  failWith(ErrorClass::FAILED_TO_PARSE_TOO_COMPLEX, current(),
           "The statement is too complex to parse: it nests too deeply or chains too many "
           "operators. Split it into smaller statements or views.");
}

void TokenParser::countOperatorLink(uint32_t& links) const {
  if (++links > kMaxOperatorLinks)
    failTooComplex();
}

void TokenParser::countNestingLink() {
  if (++nesting_links_ > kMaxNestingLinks)
    failTooComplex();
}

bool TokenParser::isIdentifier(const Token& token) const {
  if (token.kind == TokenKind::kQuotedIdentifier)
    return true;
  return token.kind == TokenKind::kWord && !isReservedKeyword(token.keyword);
}

bool TokenParser::isAnyName(const Token& token) const {
  return token.kind == TokenKind::kWord || token.kind == TokenKind::kQuotedIdentifier;
}

bool TokenParser::isImplicitAlias(const Token& token) const {
  if (token.kind == TokenKind::kQuotedIdentifier)
    return true;
  return token.kind == TokenKind::kWord && canBeImplicitAlias(token.keyword);
}

std::string TokenParser::parseIdentifier(std::string_view what) {
  if (!isIdentifier(current()))
    fail(current(), fmt::format("expected {}", what));
  return advance().value;
}

std::string TokenParser::parseAnyName(std::string_view what) {
  if (!isAnyName(current()))
    fail(current(), fmt::format("expected {}", what));
  return advance().value;
}

std::vector<std::string> TokenParser::parseIdentifierList() {
  expect(TokenKind::kLeftParen);
  std::vector<std::string> names;
  do {
    names.push_back(parseIdentifier());
  } while (match(TokenKind::kComma));
  expect(TokenKind::kRightParen);
  return names;
}

void TokenParser::checkDashedName(const Token& first) {
  if (first.kind != TokenKind::kWord || !check(TokenKind::kMinus) ||
      peek(1).kind != TokenKind::kWord) {
    return;
  }
  std::string dashed(first.text);
  while (check(TokenKind::kMinus) && peek(1).kind == TokenKind::kWord) {
    dashed += '-';
    dashed += peek(1).text;
    advance();
    advance();
  }
  failWith(ErrorClass::INVALID_IDENTIFIER, first,
           fmt::format("The unquoted identifier {0} is invalid and must be back quoted as: "
                       "`{0}`. Unquoted identifiers may only hold letters, digits and "
                       "underscores.",
                       dashed));
}

std::vector<std::string> TokenParser::parseTableName() {
  std::vector<std::string> name;
  const Token& first = current();
  name.push_back(parseIdentifier("a table name"));
  checkDashedName(first);
  while (check(TokenKind::kDot) && isAnyName(peek(1))) {
    advance();
    const Token& part = current();
    name.push_back(parseAnyName());
    checkDashedName(part);
  }
  return name;
}

std::string TokenParser::parseCollationName() {
  SourcePosition start = current().position;
  std::string name = parseAnyName("a collation name");
  while (check(TokenKind::kDot) && isAnyName(peek(1))) {
    advance();
    name += "." + parseAnyName();
  }
  try {
    Collation::idForName(name);
  } catch (Error& error) {
    error.withLocation(source_->locate(start));
    throw;
  }
  return name;
}

std::string TokenParser::parseStringValue() {
  std::string value = expect(TokenKind::kString).value;
  while (check(TokenKind::kString))
    value += advance().value;
  return value;
}

std::vector<Property> TokenParser::parsePropertyList() {
  expect(TokenKind::kLeftParen);
  std::vector<Property> properties;
  do {
    Property property;
    if (check(TokenKind::kString)) {
      property.key = parseStringValue();
    } else {
      property.key = parseAnyName("a property key");
      while (check(TokenKind::kDot) && isAnyName(peek(1))) {
        advance();
        property.key += '.';
        property.key += advance().value;
      }
    }
    bool has_equals = match(TokenKind::kEq);
    const Token& value = current();
    if (value.kind == TokenKind::kString) {
      property.value = parseStringValue();
    } else if (value.kind == TokenKind::kInteger || value.kind == TokenKind::kDecimal) {
      property.value = std::string(advance().text);
    } else if (value.isKeyword(Keyword::kTrue) || value.isKeyword(Keyword::kFalse)) {
      property.value = value.keyword == Keyword::kTrue ? "true" : "false";
      advance();
    } else if (has_equals) {
      fail(value, "expected a string, number or boolean value");
    }
    properties.push_back(std::move(property));
  } while (match(TokenKind::kComma));
  expect(TokenKind::kRightParen);
  return properties;
}

size_t TokenParser::matchingParen(size_t open_index) const {
  if (open_index >= paren_match_.size() || paren_match_[open_index] == kNoMatch) {
    return std::string_view::npos;
  }
  return paren_match_[open_index];
}

bool TokenParser::startsQuery(const Token& token) const {
  return token.isKeyword(Keyword::kSelect) || token.isKeyword(Keyword::kWith) ||
         token.isKeyword(Keyword::kValues) || token.isKeyword(Keyword::kTable);
}

bool TokenParser::parenStartsQuery(size_t open_index) const {
  // Walks into leading parentheses: ((SELECT 1) UNION (SELECT 2)) is a query, but
  // ((SELECT 1) + 1) is an expression that contains one. The walk is bounded like recursion.
  size_t at = open_index + 1;
  for (uint32_t level = 0; level < kMaxDepth && at < tokens_.size(); ++level) {
    const Token& token = tokens_[at];
    if (startsQuery(token))
      return true;
    if (token.kind != TokenKind::kLeftParen)
      return false;
    size_t close = matchingParen(at);
    if (close == std::string_view::npos || close + 1 >= tokens_.size())
      return false;
    const Token& after = tokens_[close + 1];
    if (after.kind != TokenKind::kRightParen && !continuesQuery(after))
      return false;
    ++at;
  }
  return false;
}

size_t TokenParser::countArguments(size_t open_index) const {
  size_t close = matchingParen(open_index);
  if (close == std::string_view::npos)
    return 0;
  if (close == open_index + 1)
    return 0;
  size_t count = 1;
  size_t bracket_depth = 0;
  for (size_t i = open_index + 1; i < close; ++i) {
    switch (tokens_[i].kind) {
      case TokenKind::kLeftParen: {
        size_t inner = matchingParen(i);
        if (inner == std::string_view::npos)
          return count;
        i = inner;
        break;
      }
      case TokenKind::kLeftBracket:
        ++bracket_depth;
        break;
      case TokenKind::kRightBracket:
        if (bracket_depth > 0)
          --bracket_depth;
        break;
      case TokenKind::kComma:
        if (bracket_depth == 0)
          ++count;
        break;
      default:
        break;
    }
  }
  return count;
}

}  // namespace sluice::sql
