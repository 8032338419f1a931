// src/sql/parameter_substitution.cpp
//
// One pass over the text that tells code, string literals and quoted identifiers (where
// references are replaced) from comments (where they are not), following the lexer's rules:
// -- line comments (a backslash before the line break continues them), nested /* */ comments
// (but not /*+ hints), backslash escapes in '...' and "..." strings, none in r'...' strings.
#include "sql/parameter_substitution.hpp"

#include <fmt/format.h>

#include "sql/source_text.hpp"

namespace sluice::sql {

namespace {

bool isWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

class Substitution {
 public:
  Substitution(std::string_view text, const std::map<std::string, std::string>& conf,
               std::string_view source_name)
      : text_(text), conf_(conf), source_name_(source_name) {}

  std::string run() {
    while (at_ < text_.size()) {
      char c = text_[at_];
      if (c == '-' && peek(1) == '-') {
        copyLineComment();
      } else if (c == '/' && peek(1) == '*' && peek(2) != '+') {
        copyBracketedComment();
      } else if (c == '\'' || c == '"') {
        bool raw = at_ > 0 && (text_[at_ - 1] == 'r' || text_[at_ - 1] == 'R') &&
                   (at_ < 2 || !isWordChar(text_[at_ - 2]));
        copyQuoted(c, /*escapes=*/!raw);
      } else if (c == '`') {
        copyQuoted(c, /*escapes=*/false);
      } else if (!substituteAt()) {
        copy(1);
      }
    }
    return std::move(out_);
  }

 private:
  char peek(size_t ahead) const { return at_ + ahead < text_.size() ? text_[at_ + ahead] : '\0'; }

  // Copies `count` bytes, keeping line and column (in code points) up to date.
  void copy(size_t count) {
    for (size_t i = 0; i < count && at_ < text_.size(); ++i) {
      char c = text_[at_++];
      out_ += c;
      if (c == '\n') {
        ++position_.line;
        position_.column = 1;
      } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
        ++position_.column;
      }
      position_.offset = static_cast<uint32_t>(at_);
    }
  }

  void copyLineComment() {
    copy(2);
    while (at_ < text_.size()) {
      char c = text_[at_];
      if (c == '\\' && peek(1) == '\n') {
        copy(2);
        continue;
      }
      if (c == '\n' || c == '\r')
        return;
      copy(1);
    }
  }

  void copyBracketedComment() {
    copy(2);
    size_t depth = 1;
    while (depth > 0 && at_ < text_.size()) {
      if (text_[at_] == '*' && peek(1) == '/') {
        copy(2);
        --depth;
      } else if (text_[at_] == '/' && peek(1) == '*') {
        copy(2);
        ++depth;
      } else {
        copy(1);
      }
    }
  }

  void copyQuoted(char quote, bool escapes) {
    copy(1);
    while (at_ < text_.size()) {
      char c = text_[at_];
      if (escapes && c == '\\') {
        copy(2);
      } else if (c == quote) {
        copy(1);
        return;
      } else if (!substituteAt()) {
        copy(1);
      }
    }
  }

  // Replaces the ${name} at the cursor, if one starts there.
  bool substituteAt() {
    if (text_[at_] != '$' || peek(1) != '{')
      return false;
    size_t close = text_.find_first_of("}\n", at_ + 2);
    if (close == std::string_view::npos || text_[close] != '}')
      return false;
    std::string name(text_.substr(at_ + 2, close - at_ - 2));
    auto found = conf_.find(name);
    if (found == conf_.end()) {
      SourceText source{std::string(source_name_), std::string(text_)};
      throw Error(
          ErrorClass::UNBOUND_SQL_PARAMETER,
          fmt::format("The parameter ${{{}}} is not set in the pipeline configuration.", name))
          .withLocation(source.locate(position_));
    }
    out_ += found->second;
    // The reference's own characters still count for the positions that follow.
    size_t length = close + 1 - at_;
    position_.column += static_cast<uint32_t>(length);
    at_ += length;
    position_.offset = static_cast<uint32_t>(at_);
    return true;
  }

  std::string_view text_;
  const std::map<std::string, std::string>& conf_;
  std::string_view source_name_;
  size_t at_ = 0;
  SourcePosition position_;
  std::string out_;
};

}  // namespace

std::string substituteParameters(std::string_view text,
                                 const std::map<std::string, std::string>& conf,
                                 std::string_view source_name) {
  return Substitution(text, conf, source_name).run();
}

}  // namespace sluice::sql
