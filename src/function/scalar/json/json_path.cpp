// src/function/scalar/json/json_path.cpp

#include "function/scalar/json/json_path.hpp"

#include <charconv>

namespace sluice::json {

namespace {

class PathParser {
 public:
  explicit PathParser(std::string_view text) : text_(text) {}

  std::optional<JsonPath> parse() {
    if (text_.empty() || text_[0] != '$')
      return std::nullopt;
    pos_ = 1;
    JsonPath path;
    while (true) {
      size_t before = pos_;
      if (wildcard(path) || named(path) || subscript(path))
        continue;
      pos_ = before;
      break;
    }
    skipSpace();
    if (pos_ != text_.size())
      return std::nullopt;
    return path;
  }

 private:
  static bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
  }

  void skipSpace() {
    while (pos_ < text_.size() && isSpace(text_[pos_]))
      ++pos_;
  }

  bool literal(std::string_view token) {
    size_t start = pos_;
    skipSpace();
    if (text_.substr(pos_, token.size()) == token) {
      pos_ += token.size();
      return true;
    }
    pos_ = start;
    return false;
  }

  bool character(char c) {
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  // ".*" | "['*']"
  bool wildcard(JsonPath& path) {
    if (literal(".*") || literal("['*']")) {
      path.push_back({PathStep::Kind::kWildcard, 0, {}});
      return true;
    }
    return false;
  }

  // '.' ~> "[^\\.\\[]+".r | "['" ~> "[^\\']+".r <~ "']"
  bool named(JsonPath& path) {
    size_t start = pos_;
    std::string name;
    if (character('.')) {
      skipSpace();
      size_t begin = pos_;
      while (pos_ < text_.size() && text_[pos_] != '.' && text_[pos_] != '[')
        ++pos_;
      name = std::string(text_.substr(begin, pos_ - begin));
    } else if (literal("['")) {
      skipSpace();
      size_t begin = pos_;
      while (pos_ < text_.size() && text_[pos_] != '\'')
        ++pos_;
      name = std::string(text_.substr(begin, pos_ - begin));
      if (name.empty() || !literal("']")) {
        pos_ = start;
        return false;
      }
    }
    if (name.empty()) {
      pos_ = start;
      return false;
    }
    path.push_back({PathStep::Kind::kKey, 0, {}});
    path.push_back({PathStep::Kind::kNamed, 0, std::move(name)});
    return true;
  }

  // '[' ~> ('*' | "\\d+".r) <~ ']'
  bool subscript(JsonPath& path) {
    size_t start = pos_;
    if (!character('['))
      return false;
    if (character('*')) {
      if (!character(']')) {
        pos_ = start;
        return false;
      }
      path.push_back({PathStep::Kind::kSubscript, 0, {}});
      path.push_back({PathStep::Kind::kWildcard, 0, {}});
      return true;
    }
    skipSpace();
    size_t begin = pos_;
    while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9')
      ++pos_;
    int64_t index = 0;
    auto [end, error] = std::from_chars(text_.data() + begin, text_.data() + pos_, index);
    if (pos_ == begin || error != std::errc() || !character(']')) {
      pos_ = start;
      return false;
    }
    path.push_back({PathStep::Kind::kSubscript, 0, {}});
    path.push_back({PathStep::Kind::kIndex, index, {}});
    return true;
  }

  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

std::optional<JsonPath> parseJsonPath(std::string_view text) {
  return PathParser(text).parse();
}

}  // namespace sluice::json
