// src/sql/parser/identifier_clause_parser.cpp
//
// Spark's identifier clause, IDENTIFIER(strExpr): a name given as a constant string wherever a
// name may stand (a table, a column, a function, a table-valued function, a DDL target), most
// often with parameter markers: IDENTIFIER(:schema || '.events'). Before parsing, each clause is
// replaced by the name's parts as quoted identifiers, at the clause's position, so that every
// rule that reads a name reads it. The string is string literals and parameter markers joined
// with || (or written side by side), where a session variable may stand for a literal (its
// value read as the statement is parsed, each statement of a script after the ones before it
// ran); the name in it is read as a name in a statement is (parseMultipartName): parts
// separated by dots, each plain or in backquotes.
#include <fmt/format.h>

#include "common/text/ascii_case.hpp"
#include "sql/lexer.hpp"
#include "sql/parser/multipart_name.hpp"
#include "sql/parser/token_parser.hpp"

namespace sluice::sql {

void TokenParser::failNotConstantString(const Token& at) const {
  failWith(ErrorClass::NOT_A_CONSTANT_STRING, at,
           "The expression used for the routine or clause IDENTIFIER must be a constant STRING "
           "which is NOT NULL: string literals, parameter markers and session variables joined "
           "with ||.");
}

void TokenParser::expandIdentifierClauses() {
  std::vector<Token> out;
  out.reserve(tokens_.size());
  size_t questions = 0;  // `?` markers of the statement so far, those inside clauses included
  for (size_t i = 0; i < tokens_.size(); ++i) {
    const Token& token = tokens_[i];
    if (token.is(TokenKind::kQuestion))
      ++questions;
    bool clause = token.kind == TokenKind::kWord && sameIdentifier(token.text, "IDENTIFIER") &&
                  i + 1 < tokens_.size() && tokens_[i + 1].is(TokenKind::kLeftParen);
    if (!clause) {
      out.push_back(token);
      continue;
    }
    // The string: literals and markers joined by ||, up to the closing parenthesis.
    std::string text;
    bool unbound = false;
    size_t close = i + 2;
    bool expect_value = true;
    for (; close < tokens_.size() && !tokens_[close].is(TokenKind::kRightParen); ++close) {
      const Token& part = tokens_[close];
      if (part.is(TokenKind::kConcat) && !expect_value) {
        expect_value = true;
        continue;
      }
      std::optional<std::string> value_text;
      SourceLocation at = source_->locate(part.position);
      if (part.is(TokenKind::kString)) {
        text += part.value;
        expect_value = false;
        continue;
      }
      if (part.is(TokenKind::kQuestion)) {
        ++questions;
        uint32_t offset = part.position.offset - tokens_[0].position.offset;
        value_text = parameter_markers_.positional(questions - 1, offset, at);
      } else if (part.is(TokenKind::kColon) && close + 1 < tokens_.size() &&
                 isAnyName(tokens_[close + 1])) {
        ++close;
        value_text = parameter_markers_.named(tokens_[close].value, at);
      } else if (isAnyName(part)) {
        // A session variable: v, session.v or system.session.v.
        std::vector<std::string> name{part.value};
        while (close + 2 < tokens_.size() && tokens_[close + 1].is(TokenKind::kDot) &&
               isAnyName(tokens_[close + 2])) {
          close += 2;
          name.push_back(tokens_[close].value);
        }
        value_text = parameter_markers_.variable(name);
        if (!value_text)
          failNotConstantString(part);
      } else {
        failNotConstantString(part);
      }
      expect_value = false;
      if (!value_text) {
        unbound = true;  // the statement fails with UNBOUND_SQL_PARAMETER once parsed
        continue;
      }
      SourceText value_source("<parameter>", *value_text);
      Lexer lexer(value_source);
      Token value = lexer.next();
      if (!value.is(TokenKind::kString) || !lexer.next().is(TokenKind::kEnd)) {
        throw Error(ErrorClass::NOT_A_CONSTANT_STRING, "WRONG_TYPE",
                    fmt::format("The expression {} used for the routine or clause IDENTIFIER "
                                "must be a constant STRING which is NOT NULL.",
                                *value_text))
            .withLocation(at);
      }
      text += value.value;
    }
    if (close >= tokens_.size() || close == i + 2)
      fail(tokens_[std::min(close, tokens_.size() - 1)], "IDENTIFIER needs a string");
    std::optional<std::vector<std::string>> parts;
    if (unbound)
      parts = std::vector<std::string>{"?"};
    else
      parts = parseMultipartName(text);
    if (!parts) {
      failWith(ErrorClass::INVALID_IDENTIFIER, token,
               fmt::format("The identifier '{}' given to IDENTIFIER is invalid: parts are "
                           "separated by dots, and a part that holds other characters than "
                           "letters, digits and underscores must be back quoted.",
                           text));
    }
    // The parts stand where the clause was; errors about the name point at the clause.
    const Token& last = tokens_[close];
    std::string_view written(token.text.data(),
                             static_cast<size_t>(last.end_offset - token.position.offset));
    for (size_t index = 0; index < parts->size(); ++index) {
      if (index > 0) {
        Token dot;
        dot.kind = TokenKind::kDot;
        dot.position = token.position;
        dot.end_offset = last.end_offset;
        dot.text = written;
        dot.value = ".";
        out.push_back(std::move(dot));
      }
      Token name;
      name.kind = TokenKind::kQuotedIdentifier;
      name.position = token.position;
      name.end_offset = last.end_offset;
      name.text = written;
      name.value = (*parts)[index];
      out.push_back(std::move(name));
    }
    i = close;
    // Markers after the clause keep their numbers although the clause's are gone.
    question_shifts_.push_back({out.size(), questions});
  }
  tokens_ = std::move(out);
}

size_t TokenParser::positionalMarkersBefore(size_t token_index) const {
  size_t count = 0;
  size_t start = 0;
  for (const auto& [index, questions] : question_shifts_) {
    if (index > token_index)
      break;
    count = questions;
    start = index;
  }
  for (size_t i = start; i < token_index; ++i)
    count += tokens_[i].is(TokenKind::kQuestion) ? 1 : 0;
  return count;
}

}  // namespace sluice::sql
