// src/sql/token.cpp
//
// Descriptions of token kinds for error messages.
#include "sql/token.hpp"

namespace sluice::sql {

std::string_view tokenKindDescription(TokenKind kind) {
  switch (kind) {
    case TokenKind::kEnd:
      return "end of input";
    case TokenKind::kWord:
      return "identifier";
    case TokenKind::kQuotedIdentifier:
      return "quoted identifier";
    case TokenKind::kString:
      return "string literal";
    case TokenKind::kInteger:
    case TokenKind::kBigIntLiteral:
    case TokenKind::kSmallIntLiteral:
    case TokenKind::kTinyIntLiteral:
    case TokenKind::kDecimal:
    case TokenKind::kExponent:
    case TokenKind::kDoubleLiteral:
    case TokenKind::kFloatLiteral:
    case TokenKind::kBigDecimalLiteral:
      return "number";
    case TokenKind::kParameter:
      return "parameter";
    case TokenKind::kLeftParen:
      return "'('";
    case TokenKind::kRightParen:
      return "')'";
    case TokenKind::kLeftBracket:
      return "'['";
    case TokenKind::kRightBracket:
      return "']'";
    case TokenKind::kComma:
      return "','";
    case TokenKind::kDot:
      return "'.'";
    case TokenKind::kSemicolon:
      return "';'";
    case TokenKind::kColon:
      return "':'";
    case TokenKind::kDoubleColon:
      return "'::'";
    case TokenKind::kArrow:
      return "'->'";
    case TokenKind::kFatArrow:
      return "'=>'";
    case TokenKind::kQuestion:
      return "'?'";
    case TokenKind::kPlus:
      return "'+'";
    case TokenKind::kMinus:
      return "'-'";
    case TokenKind::kStar:
      return "'*'";
    case TokenKind::kSlash:
      return "'/'";
    case TokenKind::kPercent:
      return "'%'";
    case TokenKind::kTilde:
      return "'~'";
    case TokenKind::kAmpersand:
      return "'&'";
    case TokenKind::kPipe:
      return "'|'";
    case TokenKind::kConcat:
      return "'||'";
    case TokenKind::kPipeOperator:
      return "'|>'";
    case TokenKind::kCaret:
      return "'^'";
    case TokenKind::kBang:
      return "'!'";
    case TokenKind::kShiftLeft:
      return "'<<'";
    case TokenKind::kShiftRight:
      return "'>>'";
    case TokenKind::kShiftRightUnsigned:
      return "'>>>'";
    case TokenKind::kEq:
      return "'='";
    case TokenKind::kNullSafeEq:
      return "'<=>'";
    case TokenKind::kNotEq:
      return "'<>'";
    case TokenKind::kLess:
      return "'<'";
    case TokenKind::kLessEq:
      return "'<='";
    case TokenKind::kGreater:
      return "'>'";
    case TokenKind::kGreaterEq:
      return "'>='";
    case TokenKind::kHintStart:
      return "'/*+'";
    case TokenKind::kHintEnd:
      return "'*/'";
  }
  return "token";
}

}  // namespace sluice::sql
