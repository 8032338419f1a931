// src/function/scalar/like.cpp
//
// like(str, pattern[, escape]) and ilike, which the binder also uses for the LIKE and ILIKE
// operators (LIKE ANY / ALL become OR / AND of them). '_' matches one character, '%' any
// run of characters including line breaks; the escape character (default '\') makes the next
// '_', '%' or escape character literal. An escape character before anything else raises
// INVALID_FORMAT.ESC_IN_THE_MIDDLE, one at the end INVALID_FORMAT.ESC_AT_THE_END. ilike
// lowercases both sides first as lower() does (Spark rewrites it to lower(a) LIKE lower(b)); like
// under UTF8_LCASE lowercases each code point (Spark matches it with a case-insensitive Unicode
// regex, which compares a character at a time). The pattern is matched directly (no regex): '%' is
// resolved by backtracking to the last '%' only, which is linear in practice.

#include <cstring>
#include <optional>

#include "common/error/error.hpp"
#include "common/text/collation.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/case_mapping.hpp"
#include "function/scalar/nary_loop.hpp"
#include "function/scalar/substring_finder.hpp"
#include "function/scalar/utf8_text.hpp"

namespace sluice {

namespace {

//! One element of a compiled pattern: a literal byte run, '_' or '%'.
struct LikeToken {
  enum class Kind : uint8_t { kLiteral, kAnyChar, kAnyRun };
  Kind kind;
  std::string literal;
};

std::vector<LikeToken> compileLike(std::string_view pattern, char32_t escape) {
  std::vector<LikeToken> tokens;
  auto appendLiteral = [&](std::string_view bytes) {
    if (tokens.empty() || tokens.back().kind != LikeToken::Kind::kLiteral) {
      tokens.push_back({LikeToken::Kind::kLiteral, ""});
    }
    tokens.back().literal += bytes;
  };
  for (size_t offset = 0; offset < pattern.size();) {
    size_t length;
    char32_t c = utf8::decode(pattern, offset, length);
    std::string_view bytes = pattern.substr(offset, length);
    offset += length;
    if (c == escape) {
      if (offset >= pattern.size()) {
        throw Error(
            ErrorClass::INVALID_FORMAT, "ESC_AT_THE_END",
            fmt::format("The format is invalid: '{}'. The escape character is not allowed to end "
                        "with.",
                        pattern));
      }
      size_t next_length;
      char32_t next = utf8::decode(pattern, offset, next_length);
      if (next != '_' && next != '%' && next != escape) {
        throw Error(
            ErrorClass::INVALID_FORMAT, "ESC_IN_THE_MIDDLE",
            fmt::format("The format is invalid: '{}'. The escape character is not allowed to "
                        "precede '{}'.",
                        pattern, pattern.substr(offset, next_length)));
      }
      appendLiteral(pattern.substr(offset, next_length));
      offset += next_length;
    } else if (c == '_') {
      tokens.push_back({LikeToken::Kind::kAnyChar, ""});
    } else if (c == '%') {
      if (tokens.empty() || tokens.back().kind != LikeToken::Kind::kAnyRun)
        tokens.push_back({LikeToken::Kind::kAnyRun, ""});
    } else {
      appendLiteral(bytes);
    }
  }
  return tokens;
}

//! Matches `text` against tokens, backtracking only to the most recent '%'.
bool matchLike(std::string_view text, const std::vector<LikeToken>& tokens) {
  size_t position = 0;
  size_t token = 0;
  size_t star_token = std::string_view::npos;
  size_t star_position = 0;
  while (true) {
    if (token < tokens.size()) {
      const LikeToken& current = tokens[token];
      if (current.kind == LikeToken::Kind::kAnyRun) {
        star_token = token++;
        star_position = position;
        continue;
      }
      if (current.kind == LikeToken::Kind::kAnyChar && position < text.size()) {
        position += std::min(utf8::charLength(text[position]), text.size() - position);
        ++token;
        continue;
      }
      if (current.kind == LikeToken::Kind::kLiteral &&
          text.substr(position).starts_with(current.literal)) {
        position += current.literal.size();
        ++token;
        continue;
      }
    } else if (position == text.size()) {
      return true;
    }
    // Mismatch: let the last '%' absorb one more character and retry after it.
    if (star_token == std::string_view::npos || star_position >= text.size())
      return false;
    star_position += utf8::charLength(text[star_position]);
    position = star_position;
    token = star_token + 1;
  }
}

//! A pattern of literals and '%' only ('abc%', '%abc', '%abc%', 'a%b%c'), matched by
//! finding each literal in turn: the leftmost place for a literal never spoils a match of the
//! rest, so no backtracking is needed. Bytes are compared as they are, which is exact for
//! UTF-8: a literal cannot match from the middle of a character.
struct LiteralRunPattern {
  std::vector<SubstringFinder> literals;
  bool anchored_start = false;  // the pattern starts with a literal
  bool anchored_end = false;    // the pattern ends with a literal
  bool any_run = false;         // the pattern has a '%'

  static std::optional<LiteralRunPattern> of(const std::vector<LikeToken>& tokens) {
    LiteralRunPattern pattern;
    for (const LikeToken& token : tokens) {
      if (token.kind == LikeToken::Kind::kAnyChar)
        return std::nullopt;
      if (token.kind == LikeToken::Kind::kLiteral)
        pattern.literals.emplace_back(token.literal);
      if (token.kind == LikeToken::Kind::kAnyRun)
        pattern.any_run = true;
    }
    pattern.anchored_start = !tokens.empty() && tokens.front().kind == LikeToken::Kind::kLiteral;
    pattern.anchored_end = !tokens.empty() && tokens.back().kind == LikeToken::Kind::kLiteral;
    return pattern;
  }

  bool matches(std::string_view text) const {
    if (literals.empty())
      return any_run || text.empty();  // '%' or ''
    if (anchored_start && anchored_end && literals.size() == 1)
      return text == literals[0].needle();
    size_t begin = 0;
    size_t end = text.size();
    size_t first = 0;
    size_t last = literals.size();
    if (anchored_start) {
      if (!text.starts_with(literals[0].needle()))
        return false;
      begin = literals[0].needle().size();
      first = 1;
    }
    if (anchored_end) {
      const std::string& suffix = literals.back().needle();
      if (end - begin < suffix.size() || !text.ends_with(suffix))
        return false;
      end -= suffix.size();
      last -= 1;
    }
    for (size_t index = first; index < last; ++index) {
      size_t found = literals[index].find(text.substr(0, end), begin);
      if (found == SubstringFinder::npos)
        return false;
      begin = found + literals[index].needle().size();
    }
    return true;
  }
};

//! A compiled pattern: the literal-run form where it applies, else the general matcher.
class LikeMatcher {
 public:
  explicit LikeMatcher(std::vector<LikeToken> tokens)
      : tokens_(std::move(tokens)), literal_runs_(LiteralRunPattern::of(tokens_)) {}

  bool matches(std::string_view text) const {
    return literal_runs_ ? literal_runs_->matches(text) : matchLike(text, tokens_);
  }

  //! Calls body(match) with a callable `bool match(std::string_view)` made for the pattern's
  //! shape, so that a loop over many texts inlines the test: '%abc%', 'abc%' and '%abc' need
  //! one search or comparison each.
  template <typename Body>
  void withMatchFunction(Body&& body) const {
    if (literal_runs_ && literal_runs_->literals.size() == 1 && literal_runs_->any_run) {
      const LiteralRunPattern& runs = *literal_runs_;
      const SubstringFinder& literal = runs.literals[0];
      const std::string& bytes = literal.needle();
      if (!runs.anchored_start && !runs.anchored_end) {
        body([&](std::string_view text) { return literal.find(text) != SubstringFinder::npos; });
        return;
      }
      if (runs.anchored_start && !runs.anchored_end) {
        body([&](std::string_view text) { return text.starts_with(bytes); });
        return;
      }
      if (!runs.anchored_start && runs.anchored_end) {
        body([&](std::string_view text) { return text.ends_with(bytes); });
        return;
      }
    }
    body([this](std::string_view text) { return matches(text); });
  }

 private:
  std::vector<LikeToken> tokens_;
  std::optional<LiteralRunPattern> literal_runs_;
};

//! out[row] = match(text) for each row of `rows`, and NULL where the text is NULL.
template <typename Match>
void matchTexts(const Vector& texts, const RowSet& rows, Vector& result, const Match& match) {
  uint8_t* out = result.mutableData<uint8_t>();
  if (!texts.mayHaveNulls()) {
    if (result.mayHaveNulls())
      forEachRow(rows, [&](idx_t row) { result.setNull(row, false); });
    forEachRow(rows, [&](idx_t row) { out[row] = match(texts.at<StringView>(row)); });
    return;
  }
  uint64_t* validity = result.mutableValidity();
  forEachRow(rows, [&](idx_t row) {
    uint64_t bit = uint64_t{1} << (row & 63);
    if (texts.isNull(row)) {
      validity[row >> 6] &= ~bit;
      return;
    }
    validity[row >> 6] |= bit;
    out[row] = match(texts.at<StringView>(row));
  });
}

//! How like compares letters: by their bytes, after lower() (ilike), or after lowercasing each
//! code point (like under UTF8_LCASE).
enum class LikeFolding : uint8_t { kNone, kLower, kCodePoints };

//! Each code point lowercased as UTF8_LCASE compares characters one at a time
//! (lowercaseCodePoint: final sigma as sigma), and 'İ' as 'i', as Java's case-insensitive
//! matching pairs them.
std::string lowercaseEachCodePoint(std::string_view text) {
  std::string out;
  for (size_t offset = 0; offset < text.size();) {
    size_t length;
    char32_t c = utf8::decode(text, offset, length);
    appendUtf8(out, c == 0x130 ? U'i' : lowercaseCodePoint(c));
    offset += length;
  }
  return out;
}

char32_t escapeCharacter(const BindRequest& request) {
  if (request.argument_types.size() < 3)
    return '\\';
  const Value* escape = constantArgument(request, 2);
  if (escape == nullptr || escape->isNull() || escape->type().id() != TypeId::kString) {
    throwError(
        ErrorClass::NON_FOLDABLE_ARGUMENT,
        "The function `{}` requires the parameter `escape` to be a foldable expression of the type "
        "\"STRING\", but the actual argument is a non-foldable.",
        request.name);
  }
  const std::string& text = escape->getString();
  if (text.empty() || utf8::numChars(text) != 1) {
    throwError(
        ErrorClass::INVALID_ESC,
        "Found an invalid escape string: {}. The escape string must contain only one character.",
        text);
  }
  size_t length;
  return utf8::decode(text, 0, length);
}

BoundScalarFunction bindLike(std::string name, LikeFolding folding, const BindRequest& request) {
  std::vector<DataType> types{expectArgument(request, 0, DataType::string()),
                              expectArgument(request, 1, DataType::string())};
  if (folding == LikeFolding::kNone && types[0].collation() == kUtf8Lcase)
    folding = LikeFolding::kCodePoints;
  char32_t escape = escapeCharacter(request);
  if (request.argument_types.size() == 3)
    types.push_back(DataType::string());
  ScalarKernel kernel = [escape, folding](const ExecContext&, const ArgumentVectors& args,
                                          const RowSet& rows, Vector& result) {
    bool case_insensitive = folding != LikeFolding::kNone;
    FullLowercase full_lowercase;
    auto lowerText = [&](std::string_view text) {
      if (folding == LikeFolding::kCodePoints)
        return lowercaseEachCodePoint(text);
      std::string lowered;
      full_lowercase.append(lowered, text);
      return lowered;
    };
    auto compile = [&](std::string_view pattern) {
      return LikeMatcher(
          compileLike(case_insensitive ? lowerText(pattern) : std::string(pattern), escape));
    };
    const Vector& patterns = *args[1];
    if (patterns.isConstant() && !patterns.isNull(0)) {
      // The usual case, a constant pattern: compiled once, no per-row pattern check.
      LikeMatcher matcher = compile(patterns.at<StringView>(0));
      if (case_insensitive) {
        matchTexts(*args[0], rows, result,
                   [&](std::string_view text) { return matcher.matches(lowerText(text)); });
        return;
      }
      matcher.withMatchFunction(
          [&](const auto& match) { matchTexts(*args[0], rows, result, match); });
      return;
    }
    uint8_t* out = result.mutableData<uint8_t>();
    auto matchRow = [&](const LikeMatcher& matcher, idx_t row) {
      std::string_view text = args[0]->at<StringView>(row);
      out[row] = case_insensitive ? matcher.matches(lowerText(text)) : matcher.matches(text);
    };
    std::string cached_pattern;
    std::optional<LikeMatcher> matcher;
    forEachRow(rows, [&](idx_t row) {
      if (args[0]->isNull(row) || patterns.isNull(row)) {
        result.setNull(row);
        return;
      }
      std::string_view pattern = patterns.at<StringView>(row);
      if (!matcher || pattern != cached_pattern) {
        cached_pattern = pattern;
        matcher = compile(pattern);
      }
      result.setNull(row, false);
      matchRow(*matcher, row);
    });
  };
  return {std::move(name), types, DataType::boolean(), std::move(kernel)};
}

}  // namespace

void registerLikeFunctions(FunctionRegistry& registry) {
  registry.addScalar(
      {"like", 2, 3, [](const BindRequest& r) { return bindLike("like", LikeFolding::kNone, r); }});
  registry.addScalar({"ilike", 2, 3, [](const BindRequest& r) {
                        return bindLike("ilike", LikeFolding::kLower, r);
                      }});
}

}  // namespace sluice
