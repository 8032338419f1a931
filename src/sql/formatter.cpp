// src/sql/formatter.cpp
//
// The formatter walks the text's statements in order. The bytes between two statements hold
// only blanks, ';' and comments; the comments are carried over line by line. Inside a
// statement, any non-blank byte between two tokens is a comment, and such a statement is
// copied as written.
#include "sql/formatter.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "sql/lexer.hpp"
#include "sql/parser/parser.hpp"
#include "sql/printer.hpp"

namespace sluice::sql {

namespace {

bool isBlank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

std::string_view trimBlanks(std::string_view text) {
  while (!text.empty() && isBlank(text.front()))
    text.remove_prefix(1);
  while (!text.empty() && isBlank(text.back()))
    text.remove_suffix(1);
  return text;
}

// The comments in a stretch of text between statements, which holds nothing but blanks,
// ';' and comments (the lexer has accepted it). Each comment goes on a line of its own.
std::string commentsBetween(std::string_view gap) {
  std::string comments;
  size_t at = 0;
  while (at < gap.size()) {
    if (gap.compare(at, 2, "--") == 0) {
      size_t end = gap.find('\n', at);
      if (end == std::string_view::npos)
        end = gap.size();
      comments.append(trimBlanks(gap.substr(at, end - at)));
      comments.push_back('\n');
      at = end;
    } else if (gap.compare(at, 2, "/*") == 0) {
      // Bracketed comments nest.
      size_t end = at + 2;
      int depth = 1;
      while (end < gap.size() && depth > 0) {
        if (gap.compare(end, 2, "/*") == 0) {
          ++depth;
          end += 2;
        } else if (gap.compare(end, 2, "*/") == 0) {
          --depth;
          end += 2;
        } else {
          ++end;
        }
      }
      comments.append(gap.substr(at, end - at));
      comments.push_back('\n');
      at = end;
    } else {
      ++at;  // a blank or a ';'
    }
  }
  return comments;
}

// Whether the bytes [begin, end) of the text hold a comment between two of the tokens.
bool hasInnerComment(std::string_view text, const std::vector<Token>& tokens, uint32_t begin,
                     uint32_t end) {
  auto first = std::lower_bound(tokens.begin(), tokens.end(), begin,
                                [](const Token& t, uint32_t at) { return t.position.offset < at; });
  uint32_t previous_end = begin;
  for (auto token = first; token != tokens.end() && token->position.offset < end; ++token) {
    if (token->kind == TokenKind::kEnd)
      break;
    std::string_view gap = text.substr(previous_end, token->position.offset - previous_end);
    if (!trimBlanks(gap).empty())
      return true;
    previous_end = token->end_offset;
  }
  return false;
}

}  // namespace

std::string formatSql(std::string_view text, std::string_view source_name) {
  std::vector<Token> tokens = tokenize(text, source_name).tokens;
  StatementReader reader(text, source_name);
  std::string formatted;
  uint32_t previous_end = 0;
  while (StatementPtr statement = reader.next()) {
    uint32_t begin = statement->position.offset;
    uint32_t end = statement->end_offset;
    if (!formatted.empty())
      formatted.push_back('\n');
    formatted += commentsBetween(text.substr(previous_end, begin - previous_end));
    std::string printed = hasInnerComment(text, tokens, begin, end)
                              ? std::string(text.substr(begin, end - begin))
                              : printStatement(*statement, PrintLayout::kPretty);
    // The canonical form must mean what the original meant.
    std::vector<StatementPtr> reparsed = parseStatements(printed, source_name);
    if (reparsed.size() != 1 || !reparsed[0]->equals(*statement)) {
      throw Error(ErrorClass::INTERNAL_ERROR,
                  fmt::format("formatting would change the statement at {}:{}", source_name,
                              statement->position.line));
    }
    formatted += printed;
    formatted += ";\n";
    previous_end = end;
  }
  std::string trailing = commentsBetween(text.substr(previous_end));
  if (!trailing.empty()) {
    if (!formatted.empty())
      formatted.push_back('\n');
    formatted += trailing;
  }
  return formatted;
}

}  // namespace sluice::sql
