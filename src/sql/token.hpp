// src/sql/token.hpp
//
// The tokens of Spark SQL produced by the lexer.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "sql/keyword.hpp"
#include "sql/source_text.hpp"

namespace sluice::sql {

enum class TokenKind : uint8_t {
  kEnd,               // end of the text, or the ';' that ends a statement
  kWord,              // an unquoted identifier or keyword (see Token::keyword)
  kQuotedIdentifier,  // `name`; value has `` turned into `
  kString,            // '...', "..." or r'...'; value is the unescaped text
  // Numbers; value holds the digits as written, without the type suffix.
  kInteger,            // 42
  kBigIntLiteral,      // 42L
  kSmallIntLiteral,    // 42S
  kTinyIntLiteral,     // 42Y
  kDecimal,            // 4.2, 4., .2
  kExponent,           // 4e2, 4.2E-1
  kDoubleLiteral,      // 4.2D, 4e2D
  kFloatLiteral,       // 4.2F
  kBigDecimalLiteral,  // 4.2BD
  kParameter,          // ${name}; value is the text between the braces
  // Punctuation.
  kLeftParen,
  kRightParen,
  kLeftBracket,
  kRightBracket,
  kComma,
  kDot,
  kSemicolon,
  kColon,        // :
  kDoubleColon,  // ::
  kArrow,        // ->
  kFatArrow,     // =>
  kQuestion,     // ?
  // Operators.
  kPlus,
  kMinus,
  kStar,
  kSlash,
  kPercent,
  kTilde,
  kAmpersand,
  kPipe,                // |
  kConcat,              // ||
  kPipeOperator,        // |>
  kCaret,               // ^
  kBang,                // !
  kShiftLeft,           // <<
  kShiftRight,          // >>
  kShiftRightUnsigned,  // >>>
  kEq,                  // = or ==
  kNullSafeEq,          // <=>
  kNotEq,               // <> or !=
  kLess,                // <
  kLessEq,              // <= or !>
  kGreater,             // >
  kGreaterEq,           // >= or !<
  kHintStart,           // /*+
  kHintEnd,             // */ closing a hint
};

struct Token {
  TokenKind kind = TokenKind::kEnd;
  //! For kWord: the keyword it spells, or Keyword::kNone.
  Keyword keyword = Keyword::kNone;
  SourcePosition position;
  //! Byte offset just past the token.
  uint32_t end_offset = 0;
  //! The token exactly as written in the source.
  std::string_view text;
  //! The token's meaning: see TokenKind.
  std::string value;

  bool is(TokenKind k) const { return kind == k; }
  bool isKeyword(Keyword k) const { return kind == TokenKind::kWord && keyword == k; }
  bool isNumber() const {
    return kind >= TokenKind::kInteger && kind <= TokenKind::kBigDecimalLiteral;
  }
};

//! A short description of a token kind for messages, e.g. "')'" or "identifier".
std::string_view tokenKindDescription(TokenKind kind);

}  // namespace sluice::sql
