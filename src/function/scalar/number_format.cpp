// src/function/scalar/number_format.cpp
#include "function/scalar/number_format.hpp"

#include <algorithm>
#include <cctype>

#include "common/error/error.hpp"
#include "common/types/decimal.hpp"
#include "function/scalar/argument_types.hpp"

namespace sluice {

namespace {

constexpr int kMaxDecimalPrecision = 38;

[[noreturn]] void invalidFormat(std::string_view reason, std::string_view format,
                                std::string_view detail) {
  throw Error(ErrorClass::INVALID_FORMAT, std::string(reason),
              fmt::format("The format is invalid: '{}'. {}", format, detail));
}

//! Java's Character.isWhitespace over ASCII: the characters a digit group skips.
bool isJavaWhitespace(char c) {
  return c == ' ' || (c >= '\t' && c <= '\r') || (c >= '\x1C' && c <= '\x1F');
}

//! Appends `c`, then moves it left past the spaces before it ("  -" becomes "-  ").
void appendBeforeSpaces(std::string& out, char c) {
  out.push_back(c);
  for (size_t i = out.size() - 1; i >= 1 && out[i - 1] == ' ' && out[i] == c; --i)
    std::swap(out[i - 1], out[i]);
}

//! Appends a space, moving a sign or '<' just before it to its right, so that signs stay next
//! to the first digit ("- " becomes " -").
void appendSpaceAfterSigns(std::string& out) {
  out.push_back(' ');
  for (size_t i = out.size() - 1;
       i >= 1 && (out[i - 1] == '+' || out[i - 1] == '-' || out[i - 1] == '<') && out[i] == ' ';
       --i)
    std::swap(out[i - 1], out[i]);
}

//! A decimal point with no digit after it becomes a space.
void blankLoneDecimalPoint(std::string& out) {
  size_t point = out.find('.');
  if (point != std::string::npos && (point + 1 == out.size() || out[point + 1] == ' '))
    out[point] = ' ';
}

}  // namespace

NumberFormat NumberFormat::compile(std::string_view format) {
  NumberFormat result;
  result.text_ = std::string(format);
  for (char& c : result.text_)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const std::string& text = result.text_;

  // Each character (or MI / PR) becomes a token; digit runs and separators are one-item groups
  // until the loop below joins neighbours.
  std::vector<Token> tokens;
  bool reached_point = false;
  for (size_t i = 0; i < text.size();) {
    char c = text[i];
    if (c == '0' || c == '9') {
      size_t start = i;
      while (i < text.size() && (text[i] == '0' || text[i] == '9'))
        ++i;
      Token::GroupItem run{static_cast<int>(i - start), c == '0' && !reached_point};
      tokens.push_back({Token::Kind::kDigitGroup, {run}, 0});
      continue;
    }
    ++i;
    switch (c) {
      case '.':
      case 'D':
        tokens.push_back({Token::Kind::kDecimalPoint, {}, 0});
        reached_point = true;
        break;
      case ',':
      case 'G':
        tokens.push_back({Token::Kind::kDigitGroup, {Token::GroupItem{}}, 0});
        break;
      case '$':
        tokens.push_back({Token::Kind::kDollar, {}, 0});
        break;
      case 'S':
        tokens.push_back({Token::Kind::kPlusOrMinus, {}, 0});
        break;
      default:
        if (c == 'M' && i < text.size() && text[i] == 'I') {
          tokens.push_back({Token::Kind::kMinus, {}, 0});
          ++i;
        } else if (c == 'P' && i < text.size() && text[i] == 'R') {
          tokens.insert(tokens.begin(), {Token::Kind::kOpenBracket, {}, 0});
          tokens.push_back({Token::Kind::kCloseBracket, {}, 0});
          ++i;
        } else {
          tokens.push_back({Token::Kind::kInvalid, {}, c});
        }
    }
  }
  for (Token& token : tokens) {
    if (token.kind == Token::Kind::kDigitGroup && !result.tokens_.empty() &&
        result.tokens_.back().kind == Token::Kind::kDigitGroup) {
      auto& items = result.tokens_.back().items;
      items.insert(items.end(), token.items.begin(), token.items.end());
    } else {
      result.tokens_.push_back(std::move(token));
    }
  }

  reached_point = false;
  for (const Token& token : result.tokens_) {
    if (token.kind == Token::Kind::kDecimalPoint)
      reached_point = true;
    for (const Token::GroupItem& item : token.items) {
      result.precision_ += item.count;
      if (reached_point)
        result.scale_ += item.count;
    }
  }
  result.validate();
  return result;
}

std::string NumberFormat::describe(const Token& token) {
  switch (token.kind) {
    case Token::Kind::kDigitGroup:
      return "digit sequence";
    case Token::Kind::kDecimalPoint:
      return ". or D";
    case Token::Kind::kDollar:
      return "$";
    case Token::Kind::kPlusOrMinus:
      return "S";
    case Token::Kind::kMinus:
      return "MI";
    case Token::Kind::kOpenBracket:
    case Token::Kind::kCloseBracket:
      return "PR";
    case Token::Kind::kInvalid:
      // Spark's text, stray quote included.
      return fmt::format("character '{}''", token.invalid);
  }
  return "";
}

void NumberFormat::validate() const {
  auto first = [&](Token::Kind kind) -> long {
    auto found = std::find_if(tokens_.begin(), tokens_.end(),
                              [&](const Token& token) { return token.kind == kind; });
    return found == tokens_.end() ? -1 : found - tokens_.begin();
  };
  if (text_.empty())
    invalidFormat("EMPTY", text_, "The number format string cannot be empty.");
  long first_digit = first(Token::Kind::kDigitGroup);
  if (first_digit == -1)
    invalidFormat("WRONG_NUM_DIGIT", text_,
                  "The format string requires at least one number digit.");
  long first_dollar = first(Token::Kind::kDollar);
  long first_point = first(Token::Kind::kDecimalPoint);
  if (first_digit < first_dollar)
    invalidFormat("CUR_MUST_BEFORE_DIGIT", text_,
                  "Currency characters must appear before digits in the number format.");
  if (first_point != -1 && first_point < first_dollar)
    invalidFormat("CUR_MUST_BEFORE_DEC", text_,
                  "Currency characters must appear before any decimal point in the number format.");
  for (long index = 0; index < static_cast<long>(tokens_.size()); ++index) {
    const Token& token = tokens_[index];
    if (token.kind != Token::Kind::kDigitGroup)
      continue;
    const auto& items = token.items;
    auto separator = [&](size_t j) { return items[j].count == 0; };
    if (first_point == -1 || index < first_point) {
      for (size_t j = 0; j < items.size(); ++j) {
        if (separator(j) &&
            (j == 0 || j + 1 == items.size() || separator(j - 1) || separator(j + 1))) {
          invalidFormat("CONT_THOUSANDS_SEPS", text_,
                        "Thousands separators (, or G) must have digits in between them in the "
                        "number format.");
        }
      }
    } else if (index > first_point) {
      for (size_t j = 0; j < items.size(); ++j) {
        if (separator(j)) {
          invalidFormat("THOUSANDS_SEPS_MUST_BEFORE_DEC", text_,
                        "Thousands separators (, or G) may not appear after the decimal point in "
                        "the number format.");
        }
      }
    }
  }
  for (Token::Kind kind : {Token::Kind::kDecimalPoint, Token::Kind::kPlusOrMinus,
                           Token::Kind::kMinus, Token::Kind::kDollar, Token::Kind::kCloseBracket}) {
    auto count = std::count_if(tokens_.begin(), tokens_.end(),
                               [&](const Token& token) { return token.kind == kind; });
    if (count > 1) {
      invalidFormat("WRONG_NUM_TOKEN", text_,
                    fmt::format("At most one {} is allowed in the number format.",
                                describe(Token{kind, {}, 0})));
    }
  }
  // The order a format must follow: each slot takes at most one token.
  using K = Token::Kind;
  const std::vector<std::vector<K>> slots = {
      {K::kOpenBracket},  {K::kMinus, K::kPlusOrMinus},
      {K::kDollar},       {K::kDigitGroup},
      {K::kDecimalPoint}, {K::kDigitGroup},
      {K::kDollar},       {K::kMinus, K::kPlusOrMinus, K::kCloseBracket}};
  size_t next = 0;
  for (const auto& slot : slots) {
    if (next < tokens_.size() &&
        std::find(slot.begin(), slot.end(), tokens_[next].kind) != slot.end())
      ++next;
  }
  if (next < tokens_.size()) {
    invalidFormat("UNEXPECTED_TOKEN", text_,
                  fmt::format("Found the unexpected {} in the format string; the structure of the "
                              "format string must match: `[MI|S]` `[$]` `[0|9|G|,]*` `[.|D]` "
                              "`[0|9]*` `[$]` `[PR|MI|S]`.",
                              describe(tokens_[next])));
  }
}

DataType NumberFormat::resultType() const {
  if (precision_ > kMaxDecimalPrecision) {
    throwError(ErrorClass::DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION,
               "Decimal precision {} exceeds max precision {}.", precision_, kMaxDecimalPrecision);
  }
  return DataType::decimal(precision_, scale_);
}

bool NumberFormat::parseGroup(const Token& group, std::string_view input, size_t& position,
                              std::string& digits) const {
  // The digits between separators, left to right; whitespace is skipped.
  std::vector<int> sizes;
  int current = 0;
  for (; position < input.size(); ++position) {
    char c = input[position];
    if (isJavaWhitespace(c))
      continue;
    if (c >= '0' && c <= '9') {
      ++current;
      digits.push_back(c);
    } else if (c == ',') {
      sizes.push_back(current);
      current = 0;
    } else {
      break;
    }
  }
  sizes.push_back(current);
  // Compared from the right, so that leading optional runs of the format may be left out.
  std::vector<Token::GroupItem> runs;
  for (const Token::GroupItem& item : group.items) {
    if (item.count > 0)
      runs.push_back(item);
  }
  if (sizes.size() > runs.size())
    return false;
  for (size_t i = 0; i < runs.size(); ++i) {
    const Token::GroupItem& run = runs[runs.size() - 1 - i];
    int actual = i < sizes.size() ? sizes[sizes.size() - 1 - i] : 0;
    if (run.exact ? actual != run.count : actual > run.count)
      return false;
  }
  return true;
}

std::optional<int128_t> NumberFormat::parse(std::string_view input) const {
  std::string integral;
  std::string fraction;
  bool reached_point = false;
  bool opened = false;
  bool closed = false;
  bool negative = false;
  size_t position = 0;
  for (const Token& token : tokens_) {
    bool more = position < input.size();
    char c = more ? input[position] : '\0';
    switch (token.kind) {
      case Token::Kind::kDigitGroup:
        if (!parseGroup(token, input, position, reached_point ? fraction : integral))
          return std::nullopt;
        break;
      case Token::Kind::kDecimalPoint:
        if (more && c == '.') {
          reached_point = true;
          ++position;
        }
        break;
      case Token::Kind::kDollar:
        if (more) {
          if (c != '$')
            return std::nullopt;
          ++position;
        }
        break;
      case Token::Kind::kPlusOrMinus:
        if (more && (c == '+' || c == '-')) {
          negative ^= c == '-';
          ++position;
        }
        break;
      case Token::Kind::kMinus:
        if (more && c == '-') {
          negative = !negative;
          ++position;
        }
        break;
      case Token::Kind::kOpenBracket:
        if (more && c == '<') {
          if (opened)
            return std::nullopt;
          opened = true;
          ++position;
        }
        break;
      case Token::Kind::kCloseBracket:
        if (more && c == '>') {
          if (!opened)
            return std::nullopt;
          closed = true;
          negative = !negative;
          ++position;
        }
        break;
      case Token::Kind::kInvalid:
        return std::nullopt;
    }
  }
  if (position < input.size() || opened != closed || (integral.empty() && fraction.empty()))
    return std::nullopt;
  if (static_cast<int>(fraction.size()) > scale_)
    return std::nullopt;
  fraction.append(scale_ - fraction.size(), '0');
  int128_t value = 0;
  for (char digit : integral + fraction)
    value = value * 10 + (digit - '0');
  return negative ? -value : value;
}

std::optional<std::string> NumberFormat::format(int128_t unscaled, int scale) const {
  bool negative = unscaled < 0;
  std::string digits = decimal::int128ToString(negative ? -unscaled : unscaled);
  if (scale > 0 && static_cast<int>(digits.size()) <= scale)
    digits.insert(0, scale + 1 - digits.size(), '0');
  std::string integral = digits.substr(0, digits.size() - scale);
  std::string fraction = digits.substr(digits.size() - scale);
  integral.erase(0, std::min(integral.find_first_not_of('0'), integral.size()));
  fraction.erase(fraction.find_last_not_of('0') + 1);

  size_t integral_places = 0;
  size_t fraction_places = 0;
  bool reached_point = false;
  for (const Token& token : tokens_) {
    if (token.kind == Token::Kind::kDecimalPoint)
      reached_point = true;
    for (const Token::GroupItem& item : token.items)
      (reached_point ? fraction_places : integral_places) += item.count;
  }
  if (integral.size() > integral_places || fraction.size() > fraction_places) {
    integral.assign(integral_places, '#');
    fraction.assign(fraction_places, '#');
  }
  integral.insert(0, integral_places - integral.size(), ' ');
  fraction.append(fraction_places - fraction.size(), '0');

  std::string out;
  size_t integral_index = 0;
  size_t fraction_index = 0;
  reached_point = false;
  for (const Token& token : tokens_) {
    switch (token.kind) {
      case Token::Kind::kDigitGroup:
        for (const Token::GroupItem& item : token.items) {
          if (item.count == 0) {
            if (!out.empty() && std::isdigit(static_cast<unsigned char>(out.back())))
              out.push_back(',');
            else
              appendSpaceAfterSigns(out);
            continue;
          }
          for (int k = 0; k < item.count; ++k) {
            if (reached_point) {
              out.push_back(fraction[fraction_index++]);
              continue;
            }
            char c = integral[integral_index++];
            if (c != ' ')
              out.push_back(c);
            else if (item.exact)
              out.push_back('0');
            else
              appendSpaceAfterSigns(out);
          }
        }
        break;
      case Token::Kind::kDecimalPoint:
        // No integral digit: the last place shows a zero.
        if (!out.empty() && out.back() == ' ')
          out.back() = '0';
        out.push_back('.');
        reached_point = true;
        break;
      case Token::Kind::kDollar:
        out.push_back('$');
        break;
      case Token::Kind::kPlusOrMinus:
        blankLoneDecimalPoint(out);
        appendBeforeSpaces(out, negative ? '-' : '+');
        break;
      case Token::Kind::kMinus:
        if (negative) {
          blankLoneDecimalPoint(out);
          appendBeforeSpaces(out, '-');
        } else {
          out.push_back(' ');
        }
        break;
      case Token::Kind::kOpenBracket:
        if (negative)
          out.push_back('<');
        break;
      case Token::Kind::kCloseBracket:
        blankLoneDecimalPoint(out);
        if (negative)
          appendBeforeSpaces(out, '>');
        else
          out.append("  ");
        break;
      case Token::Kind::kInvalid:
        return std::nullopt;
    }
  }
  if (integral_index < integral.size() || fraction_index < fraction.size())
    return std::nullopt;
  blankLoneDecimalPoint(out);
  if (out.empty() || out == "+" || out == "-")
    return "0";
  return out;
}

std::shared_ptr<const NumberFormat> numberFormatArgument(const BindRequest& request, size_t index) {
  const Value* format = constantArgument(request, index);
  TypeId type = request.argument_types[index].id();
  if (format == nullptr || !(type == TypeId::kString || type == TypeId::kVoid)) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "NON_FOLDABLE_INPUT",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: the input format "
                            "should be a foldable \"STRING\" expression.",
                            request.name));
  }
  if (format->isNull())
    return nullptr;
  return std::make_shared<const NumberFormat>(NumberFormat::compile(format->getString()));
}

}  // namespace sluice
