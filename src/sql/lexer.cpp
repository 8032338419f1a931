// src/sql/lexer.cpp
//
// The Spark SQL lexer. The rules follow Spark's SqlBaseLexer.g4: longest match, with the
// "valid decimal" rule that a number containing a dot must not be followed by a letter, digit
// or underscore, so that `t.1a` and `2.3_` split the way Spark splits them.
#include "sql/lexer.hpp"

#include <fmt/format.h>

#include "common/text/ascii_case.hpp"
#include "common/text/utf8_encode.hpp"
#include "sql/syntax_error.hpp"

namespace sluice::sql {

namespace {

struct CodePoint {
  uint32_t value;
  size_t length;
};

constexpr uint32_t kReplacementCharacter = 0xFFFD;

// Decodes one UTF-8 sequence; malformed bytes decode one at a time as U+FFFD.
CodePoint decodeUtf8(std::string_view text, size_t offset) {
  auto lead = static_cast<unsigned char>(text[offset]);
  if (lead < 0x80)
    return {lead, 1};
  size_t length = 0;
  uint32_t value = 0;
  if ((lead & 0xE0) == 0xC0) {
    length = 2;
    value = lead & 0x1F;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3;
    value = lead & 0x0F;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4;
    value = lead & 0x07;
  } else {
    return {kReplacementCharacter, 1};
  }
  if (offset + length > text.size())
    return {kReplacementCharacter, 1};
  for (size_t i = 1; i < length; ++i) {
    auto next = static_cast<unsigned char>(text[offset + i]);
    if ((next & 0xC0) != 0x80)
      return {kReplacementCharacter, 1};
    value = (value << 6) | (next & 0x3F);
  }
  return {value, length};
}

// The white space of Spark's lexer beyond ASCII.
bool isUnicodeSpace(uint32_t code_point) {
  return code_point == 0xA0 || code_point == 0x1680 ||
         (code_point >= 0x2000 && code_point <= 0x200A) || code_point == 0x2028 ||
         code_point == 0x202F || code_point == 0x205F || code_point == 0x3000;
}

bool isAsciiSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool isAsciiWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isAsciiDigit(c) || c == '_';
}

bool isHexDigit(char c) {
  return isAsciiDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

uint32_t parseHex(std::string_view digits) {
  uint32_t value = 0;
  for (char c : digits) {
    uint32_t digit = isAsciiDigit(c) ? c - '0' : (c >= 'a' ? c - 'a' + 10 : c - 'A' + 10);
    value = value * 16 + digit;
  }
  return value;
}

char toUpper(char c) {
  return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
}

// Java strings are UTF-16: a lone surrogate cannot be encoded and becomes '?' as it does when
// Spark turns the literal into UTF-8.
void appendUtf16Unit(std::string& out, uint32_t unit, uint32_t& pending_high) {
  if (pending_high != 0) {
    if (unit >= 0xDC00 && unit <= 0xDFFF) {
      appendUtf8(out, 0x10000 + ((pending_high - 0xD800) << 10) + (unit - 0xDC00));
      pending_high = 0;
      return;
    }
    out += '?';
    pending_high = 0;
  }
  if (unit >= 0xD800 && unit <= 0xDBFF) {
    pending_high = unit;
  } else if (unit >= 0xDC00 && unit <= 0xDFFF) {
    out += '?';
  } else {
    appendUtf8(out, unit);
  }
}

}  // namespace

std::string unescapeStringBody(std::string_view body, char quote) {
  std::string out;
  out.reserve(body.size());
  uint32_t pending_high = 0;  // a UTF-16 high surrogate waiting for its low half
  size_t i = 0;
  auto flush = [&] {
    if (pending_high != 0) {
      out += '?';
      pending_high = 0;
    }
  };
  while (i < body.size()) {
    char c = body[i];
    if (c != '\\' || i + 1 == body.size()) {
      flush();
      out += c;
      ++i;
      continue;
    }
    char next = body[i + 1];
    if (next == 'u' && i + 6 <= body.size() && isHexDigit(body[i + 2]) && isHexDigit(body[i + 3]) &&
        isHexDigit(body[i + 4]) && isHexDigit(body[i + 5])) {
      appendUtf16Unit(out, parseHex(body.substr(i + 2, 4)), pending_high);
      i += 6;
      continue;
    }
    flush();
    if (next == 'U' && i + 10 <= body.size()) {
      bool all_hex = true;
      for (size_t k = i + 2; k < i + 10; ++k)
        all_hex = all_hex && isHexDigit(body[k]);
      if (all_hex) {
        uint32_t code_point = parseHex(body.substr(i + 2, 8));
        if (code_point > 0x10FFFF || (code_point >= 0xD800 && code_point <= 0xDFFF)) {
          out += '?';
        } else {
          appendUtf8(out, code_point);
        }
        i += 10;
        continue;
      }
    }
    if (i + 4 <= body.size() && (next == '0' || next == '1') && body[i + 2] >= '0' &&
        body[i + 2] <= '7' && body[i + 3] >= '0' && body[i + 3] <= '7') {
      out += static_cast<char>((next - '0') * 64 + (body[i + 2] - '0') * 8 + (body[i + 3] - '0'));
      i += 4;
      continue;
    }
    switch (next) {
      case '0':
        out += '\0';
        break;
      case 'b':
        out += '\b';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'Z':
        out += '\x1A';
        break;
      // Kept escaped so that LIKE sees a literal % or _, as in Spark (and MySQL).
      case '%':
        out += "\\%";
        break;
      case '_':
        out += "\\_";
        break;
      default: {
        // Any other escaped character stands for itself, including a whole UTF-8 sequence.
        CodePoint code_point = decodeUtf8(body, i + 1);
        out.append(body.substr(i + 1, code_point.length));
        i += 1 + code_point.length;
        continue;
      }
    }
    i += 2;
  }
  flush();
  return out;
}

Lexer::Lexer(const SourceText& source) : source_(source), text_(source.text()) {}

char Lexer::peek(size_t ahead) const {
  size_t offset = position_.offset + ahead;
  return offset < text_.size() ? text_[offset] : '\0';
}

void Lexer::advance(size_t bytes) {
  for (size_t i = 0; i < bytes && position_.offset < text_.size(); ++i) {
    auto c = static_cast<unsigned char>(text_[position_.offset]);
    if (c == '\n') {
      ++position_.line;
      position_.column = 1;
    } else if ((c & 0xC0) != 0x80) {
      // Columns count code points: continuation bytes do not move the column.
      ++position_.column;
    }
    ++position_.offset;
  }
}

void Lexer::fail(ErrorClass error_class, SourcePosition at, std::string message) const {
  throw Error(error_class, std::move(message)).withLocation(source_.locate(at));
}

void Lexer::skipTrivia() {
  while (!atEnd()) {
    char c = peek();
    if (isAsciiSpace(c)) {
      advance(1);
    } else if (static_cast<unsigned char>(c) >= 0x80) {
      CodePoint code_point = decodeUtf8(text_, position_.offset);
      if (!isUnicodeSpace(code_point.value))
        return;
      advance(code_point.length);
    } else if (c == '-' && peek(1) == '-') {
      skipLineComment();
    } else if (c == '/' && peek(1) == '*' && peek(2) != '+') {
      skipBracketedComment();
    } else {
      return;
    }
  }
}

void Lexer::skipLineComment() {
  advance(2);
  while (!atEnd()) {
    char c = peek();
    // As in Spark, a backslash at the end of the line continues the comment.
    if (c == '\\' && peek(1) == '\n') {
      advance(2);
      continue;
    }
    if (c == '\n' || c == '\r')
      return;
    advance(1);
  }
}

void Lexer::skipBracketedComment() {
  SourcePosition start = position_;
  advance(2);
  size_t depth = 1;
  while (depth > 0) {
    if (atEnd()) {
      fail(ErrorClass::UNCLOSED_BRACKETED_COMMENT, start,
           "Found an unclosed bracketed comment. Please, append */ at the end of the comment.");
    }
    if (peek() == '*' && peek(1) == '/') {
      advance(2);
      --depth;
    } else if (peek() == '/' && peek(1) == '*') {
      advance(2);
      ++depth;
    } else {
      advance(1);
    }
  }
}

Token Lexer::finish(Token token) const {
  token.end_offset = position_.offset;
  token.text = text_.substr(token.position.offset, token.end_offset - token.position.offset);
  return token;
}

Token Lexer::next() {
  skipTrivia();
  if (atEnd()) {
    Token token;
    token.position = position_;
    return finish(std::move(token));
  }
  char c = peek();
  if (isAsciiDigit(c) || (c == '.' && isAsciiDigit(peek(1))))
    return lexNumber();
  if ((c == 'r' || c == 'R') && (peek(1) == '\'' || peek(1) == '"')) {
    return lexString(peek(1), /*raw=*/true);
  }
  if (isAsciiWordChar(c) || static_cast<unsigned char>(c) >= 0x80)
    return lexWord();
  if (c == '\'' || c == '"')
    return lexString(c, /*raw=*/false);
  if (c == '`')
    return lexQuotedIdentifier();
  if (c == '$' && peek(1) == '{')
    return lexParameter();
  return lexOperator();
}

size_t Lexer::wordLength(size_t from) const {
  size_t offset = from;
  while (offset < text_.size()) {
    char c = text_[offset];
    if (isAsciiWordChar(c)) {
      ++offset;
    } else if (static_cast<unsigned char>(c) >= 0x80) {
      CodePoint code_point = decodeUtf8(text_, offset);
      if (isUnicodeSpace(code_point.value))
        break;
      offset += code_point.length;
    } else {
      break;
    }
  }
  return offset - from;
}

Token Lexer::lexWord() {
  Token token;
  token.kind = TokenKind::kWord;
  token.position = position_;
  size_t length = wordLength(position_.offset);
  token.value = std::string(text_.substr(position_.offset, length));
  token.keyword = lookupKeyword(token.value);
  advance(length);
  return finish(std::move(token));
}

Token Lexer::lexNumber() {
  const size_t start = position_.offset;
  auto at = [&](size_t offset) { return offset < text_.size() ? text_[offset] : '\0'; };
  size_t p = start;
  while (isAsciiDigit(at(p)))
    ++p;
  const size_t integer_end = p;
  bool has_dot = false;
  bool has_exponent = false;
  if (at(p) == '.') {
    has_dot = true;
    ++p;
    while (isAsciiDigit(at(p)))
      ++p;
  }
  if (toUpper(at(p)) == 'E') {
    size_t q = p + 1;
    if (at(q) == '+' || at(q) == '-')
      ++q;
    if (isAsciiDigit(at(q))) {
      while (isAsciiDigit(at(q)))
        ++q;
      p = q;
      has_exponent = true;
    }
  }
  TokenKind kind =
      has_exponent ? TokenKind::kExponent : (has_dot ? TokenKind::kDecimal : TokenKind::kInteger);
  size_t suffix_length = 0;
  char suffix = toUpper(at(p));
  if (suffix == 'B' && toUpper(at(p + 1)) == 'D') {
    kind = TokenKind::kBigDecimalLiteral;
    suffix_length = 2;
  } else if (suffix == 'D') {
    kind = TokenKind::kDoubleLiteral;
    suffix_length = 1;
  } else if (suffix == 'F') {
    kind = TokenKind::kFloatLiteral;
    suffix_length = 1;
  } else if (!has_dot && !has_exponent && (suffix == 'L' || suffix == 'S' || suffix == 'Y')) {
    kind = suffix == 'L'
               ? TokenKind::kBigIntLiteral
               : (suffix == 'S' ? TokenKind::kSmallIntLiteral : TokenKind::kTinyIntLiteral);
    suffix_length = 1;
  }
  size_t number_end = p + suffix_length;
  size_t digits_end = p;
  if (has_dot) {
    if (isAsciiWordChar(at(number_end))) {
      // Not a valid decimal: Spark falls back to the integer before the dot (or to a lone '.').
      if (integer_end == start)
        return lexOperator();
      kind = TokenKind::kInteger;
      number_end = integer_end;
      digits_end = integer_end;
    }
  } else if (start + wordLength(start) > number_end) {
    // `123abc` or `1e5x`: the identifier rule matches more text, so it wins.
    return lexWord();
  }
  Token token;
  token.kind = kind;
  token.position = position_;
  token.value = std::string(text_.substr(start, digits_end - start));
  advance(number_end - start);
  return finish(std::move(token));
}

Token Lexer::lexString(char quote, bool raw) {
  Token token;
  token.kind = TokenKind::kString;
  token.position = position_;
  const size_t body_start = position_.offset + (raw ? 2 : 1);
  size_t p = body_start;
  if (raw) {
    p = text_.find(quote, body_start);
    if (p == std::string_view::npos) {
      fail(ErrorClass::PARSE_SYNTAX_ERROR, position_,
           syntaxErrorMessage(text_.substr(position_.offset, 2), "unclosed string literal"));
    }
    token.value = std::string(text_.substr(body_start, p - body_start));
  } else {
    while (true) {
      if (p >= text_.size()) {
        fail(ErrorClass::PARSE_SYNTAX_ERROR, position_,
             syntaxErrorMessage(text_.substr(position_.offset, 1), "unclosed string literal"));
      }
      char c = text_[p];
      if (c == '\\') {
        p += 2;
      } else if (c == quote) {
        // A doubled quote is not an escape in Spark: 'it''s' is 'it' followed by 's', two
        // adjacent literals that the parser concatenates into "its".
        break;
      } else {
        ++p;
      }
    }
    token.value = unescapeStringBody(text_.substr(body_start, p - body_start), quote);
  }
  advance(p + 1 - position_.offset);
  return finish(std::move(token));
}

Token Lexer::lexQuotedIdentifier() {
  Token token;
  token.kind = TokenKind::kQuotedIdentifier;
  token.position = position_;
  size_t p = position_.offset + 1;
  while (true) {
    size_t close = text_.find('`', p);
    if (close == std::string_view::npos) {
      fail(ErrorClass::PARSE_SYNTAX_ERROR, position_,
           syntaxErrorMessage("`", "unclosed quoted identifier"));
    }
    token.value.append(text_.substr(p, close - p));
    if (close + 1 < text_.size() && text_[close + 1] == '`') {
      token.value += '`';
      p = close + 2;
      continue;
    }
    p = close + 1;
    break;
  }
  advance(p - position_.offset);
  return finish(std::move(token));
}

Token Lexer::lexParameter() {
  Token token;
  token.kind = TokenKind::kParameter;
  token.position = position_;
  size_t close = text_.find_first_of("}\n", position_.offset + 2);
  if (close == std::string_view::npos || text_[close] != '}') {
    fail(ErrorClass::PARSE_SYNTAX_ERROR, position_,
         syntaxErrorMessage("${", "unclosed ${...} parameter"));
  }
  token.value = std::string(text_.substr(position_.offset + 2, close - position_.offset - 2));
  if (token.value.empty()) {
    fail(ErrorClass::PARSE_SYNTAX_ERROR, position_,
         syntaxErrorMessage("${}", "a parameter needs a name"));
  }
  advance(close + 1 - position_.offset);
  return finish(std::move(token));
}

Token Lexer::lexOperator() {
  Token token;
  token.position = position_;
  char c = peek();
  char c1 = peek(1);
  char c2 = peek(2);
  size_t length = 1;
  switch (c) {
    case '(':
      token.kind = TokenKind::kLeftParen;
      break;
    case ')':
      token.kind = TokenKind::kRightParen;
      break;
    case '[':
      token.kind = TokenKind::kLeftBracket;
      break;
    case ']':
      token.kind = TokenKind::kRightBracket;
      break;
    case ',':
      token.kind = TokenKind::kComma;
      break;
    case ';':
      token.kind = TokenKind::kSemicolon;
      break;
    case '?':
      token.kind = TokenKind::kQuestion;
      break;
    case '~':
      token.kind = TokenKind::kTilde;
      break;
    case '^':
      token.kind = TokenKind::kCaret;
      break;
    case '%':
      token.kind = TokenKind::kPercent;
      break;
    case '&':
      token.kind = TokenKind::kAmpersand;
      break;
    case '.':
      token.kind = TokenKind::kDot;
      break;
    case '+':
      token.kind = TokenKind::kPlus;
      break;
    case ':':
      if (c1 == ':') {
        token.kind = TokenKind::kDoubleColon;
        length = 2;
      } else {
        token.kind = TokenKind::kColon;
      }
      break;
    case '-':
      if (c1 == '>') {
        token.kind = TokenKind::kArrow;
        length = 2;
      } else {
        token.kind = TokenKind::kMinus;
      }
      break;
    case '*':
      if (in_hint_ && c1 == '/') {
        token.kind = TokenKind::kHintEnd;
        in_hint_ = false;
        length = 2;
      } else {
        token.kind = TokenKind::kStar;
      }
      break;
    case '/':
      if (c1 == '*' && c2 == '+') {
        token.kind = TokenKind::kHintStart;
        in_hint_ = true;
        length = 3;
      } else {
        token.kind = TokenKind::kSlash;
      }
      break;
    case '|':
      if (c1 == '|') {
        token.kind = TokenKind::kConcat;
        length = 2;
      } else if (c1 == '>') {
        token.kind = TokenKind::kPipeOperator;
        length = 2;
      } else {
        token.kind = TokenKind::kPipe;
      }
      break;
    case '=':
      if (c1 == '=') {
        token.kind = TokenKind::kEq;
        length = 2;
      } else if (c1 == '>') {
        token.kind = TokenKind::kFatArrow;
        length = 2;
      } else {
        token.kind = TokenKind::kEq;
      }
      break;
    case '<':
      if (c1 == '=' && c2 == '>') {
        token.kind = TokenKind::kNullSafeEq;
        length = 3;
      } else if (c1 == '=') {
        token.kind = TokenKind::kLessEq;
        length = 2;
      } else if (c1 == '>') {
        token.kind = TokenKind::kNotEq;
        length = 2;
      } else if (c1 == '<') {
        token.kind = TokenKind::kShiftLeft;
        length = 2;
      } else {
        token.kind = TokenKind::kLess;
      }
      break;
    case '>':
      if (c1 == '>' && c2 == '>') {
        token.kind = TokenKind::kShiftRightUnsigned;
        length = 3;
      } else if (c1 == '>') {
        token.kind = TokenKind::kShiftRight;
        length = 2;
      } else if (c1 == '=') {
        token.kind = TokenKind::kGreaterEq;
        length = 2;
      } else {
        token.kind = TokenKind::kGreater;
      }
      break;
    case '!':
      if (c1 == '=') {
        token.kind = TokenKind::kNotEq;
        length = 2;
      } else if (c1 == '>') {
        token.kind = TokenKind::kLessEq;
        length = 2;
      } else if (c1 == '<') {
        token.kind = TokenKind::kGreaterEq;
        length = 2;
      } else {
        token.kind = TokenKind::kBang;
      }
      break;
    default:
      fail(ErrorClass::PARSE_SYNTAX_ERROR, position_,
           syntaxErrorMessage(text_.substr(position_.offset, 1)));
  }
  advance(length);
  return finish(std::move(token));
}

TokenList tokenize(std::string_view text, std::string_view source_name) {
  TokenList list;
  list.source = std::make_shared<SourceText>(std::string(source_name), std::string(text));
  Lexer lexer(*list.source);
  while (true) {
    list.tokens.push_back(lexer.next());
    if (list.tokens.back().kind == TokenKind::kEnd)
      break;
  }
  return list;
}

}  // namespace sluice::sql
