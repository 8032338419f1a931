// src/function/scalar/decimal_format.cpp
#include "function/scalar/decimal_format.hpp"

#include "common/error/error.hpp"

namespace sluice {

namespace {

// format_number's pattern when the given one is empty, as Spark sets it.
constexpr std::string_view kDefaultNumberPattern = "#,###,###,###,###,###,##0";
constexpr std::string_view kPerMille = "\xE2\x80\xB0";  // U+2030
constexpr std::string_view kCurrency = "\xC2\xA4";      // U+00A4

[[noreturn]] void raiseMalformed(std::string_view pattern, std::string_view why) {
  throwError(ErrorClass::INVALID_PARAMETER_VALUE,
             "The value of parameter(s) `expr2` in `format_number` is invalid: the pattern "
             "'{}' is malformed: {}.",
             pattern, why);
}

//! Reads one subpattern of `pattern` from `position`: its prefix, number part and suffix.
class SubpatternReader {
 public:
  SubpatternReader(std::string_view pattern, size_t position)
      : pattern_(pattern), position_(position) {}

  std::string prefix;
  std::string suffix;
  int multiplier_exponent = 0;
  int digit_left = 0;   // '#' before any '0'
  int zero_digits = 0;  // '0'
  int digit_right = 0;  // '#' after a '0'
  int decimal_position = -1;
  int grouping_count = -1;  // digits after the last ',' of the integral part; -1: no ','
  bool has_number = false;

  //! Reads up to the end or past a ';'; returns whether a ';' followed.
  bool read() {
    readAffix(prefix, /*is_suffix=*/false);
    readNumber();
    return readAffix(suffix, /*is_suffix=*/true);
  }

  size_t position() const { return position_; }

 private:
  static bool isNumberCharacter(char c) { return c == '#' || c == '0' || c == ',' || c == '.'; }

  // Copies affix text to `out`, stopping at the number part (a prefix) or at ';' (a suffix,
  // returning true). Quotes make text literal; '' is a quote.
  bool readAffix(std::string& out, bool is_suffix) {
    bool quoted = false;
    while (position_ < pattern_.size()) {
      char c = pattern_[position_];
      if (c == '\'') {
        if (position_ + 1 < pattern_.size() && pattern_[position_ + 1] == '\'') {
          out += '\'';
          position_ += 2;
          continue;
        }
        quoted = !quoted;
        ++position_;
        continue;
      }
      if (quoted) {
        out += c;
        ++position_;
        continue;
      }
      if (isNumberCharacter(c)) {
        if (is_suffix)
          raiseMalformed(pattern_, fmt::format("unquoted special character '{}'", c));
        return false;
      }
      if (c == ';') {
        if (!is_suffix)
          raiseMalformed(pattern_, "a subpattern has no digits");
        ++position_;
        return true;
      }
      if (c == 'E')
        throwError(ErrorClass::NOT_SUPPORTED,
                   "format_number does not support exponent patterns ('E'): '{}'.", pattern_);
      std::string_view rest = pattern_.substr(position_);
      if (c == '%') {
        setMultiplier(2);
        out += '%';
        ++position_;
      } else if (rest.starts_with(kPerMille)) {
        setMultiplier(3);
        out += kPerMille;
        position_ += kPerMille.size();
      } else if (rest.starts_with(kCurrency)) {
        position_ += kCurrency.size();
        bool international = pattern_.substr(position_).starts_with(kCurrency);
        if (international)
          position_ += kCurrency.size();
        out += international ? "USD" : "$";  // Locale.US
      } else {
        out += c;
        ++position_;
      }
    }
    if (quoted)
      raiseMalformed(pattern_, "a quote is not closed");
    return false;
  }

  void readNumber() {
    for (; position_ < pattern_.size() && isNumberCharacter(pattern_[position_]); ++position_) {
      has_number = true;
      switch (pattern_[position_]) {
        case '#':
          (zero_digits > 0 ? digit_right : digit_left) += 1;
          countGroupedDigit();
          break;
        case '0':
          if (digit_right > 0)
            raiseMalformed(pattern_, "'0' follows '#' after a '0'");
          ++zero_digits;
          countGroupedDigit();
          break;
        case ',':
          grouping_count = 0;
          break;
        default:  // '.'
          if (decimal_position >= 0)
            raiseMalformed(pattern_, "more than one decimal separator");
          decimal_position = digit_left + zero_digits + digit_right;
          break;
      }
    }
  }

  void countGroupedDigit() {
    if (grouping_count >= 0 && decimal_position < 0)
      ++grouping_count;
  }

  void setMultiplier(int exponent) {
    if (multiplier_exponent != 0)
      raiseMalformed(pattern_, "more than one percent or per-mille sign");
    multiplier_exponent = exponent;
  }

  std::string_view pattern_;
  size_t position_;
};

}  // namespace

DecimalFormat DecimalFormat::compile(std::string_view pattern) {
  if (pattern.empty())
    pattern = kDefaultNumberPattern;
  SubpatternReader positive(pattern, 0);
  bool has_negative = positive.read();
  if (!positive.has_number)
    raiseMalformed(pattern, "it has no digits");
  int left = positive.digit_left;
  int zeros = positive.zero_digits;
  int right = positive.digit_right;
  int decimal = positive.decimal_position;
  // Without any '0', one '#' next to the decimal separator acts as one: "#.##" is "0.##",
  // ".##" is ".0#".
  if (zeros == 0 && left > 0 && decimal >= 0) {
    int split = decimal == 0 ? 1 : decimal;
    right = left - split;
    left = split - 1;
    zeros = 1;
  }
  if ((decimal < 0 && right > 0) || (decimal >= 0 && (decimal < left || decimal > left + zeros)))
    raiseMalformed(pattern, "'#' and '0' are out of order");
  if (positive.grouping_count == 0)
    raiseMalformed(pattern, "a grouping separator has no digits after it");
  int total = left + zeros + right;
  DecimalFormat format;
  format.positive_prefix = positive.prefix;
  format.positive_suffix = positive.suffix;
  format.multiplier_exponent = positive.multiplier_exponent;
  format.grouping_size = std::max(positive.grouping_count, 0);
  format.min_integer_digits = (decimal >= 0 ? decimal : total) - left;
  format.max_fraction_digits = decimal >= 0 ? total - decimal : 0;
  format.min_fraction_digits = decimal >= 0 ? left + zeros - decimal : 0;
  format.decimal_separator_always_shown = decimal == 0 || decimal == total;
  if (has_negative) {
    SubpatternReader negative(pattern, positive.position());
    negative.read();
    format.negative_prefix = negative.prefix;
    format.negative_suffix = negative.suffix;
  } else {
    format.negative_prefix = "-" + format.positive_prefix;
    format.negative_suffix = format.positive_suffix;
  }
  return format;
}

DecimalFormat DecimalFormat::fixedDecimals(int decimals) {
  DecimalFormat format;
  format.grouping_size = 3;
  format.min_fraction_digits = decimals;
  format.max_fraction_digits = decimals;
  return format;
}

std::string DecimalFormat::format(bool negative, std::string_view integral,
                                  std::string_view fraction) const {
  size_t first = integral.find_first_not_of('0');
  integral = first == std::string_view::npos ? std::string_view() : integral.substr(first);
  size_t last = fraction.find_last_not_of('0');
  size_t kept = last == std::string_view::npos ? 0 : last + 1;
  fraction = fraction.substr(0, std::max(kept, static_cast<size_t>(min_fraction_digits)));

  std::string digits;
  if (static_cast<int>(integral.size()) < min_integer_digits)
    digits.append(min_integer_digits - integral.size(), '0');
  digits += integral;
  std::string out = negative ? negative_prefix : positive_prefix;
  for (size_t i = 0; i < digits.size(); ++i) {
    size_t remaining = digits.size() - i;
    if (i > 0 && grouping_size > 0 && remaining % grouping_size == 0)
      out += ',';
    out += digits[i];
  }
  bool fraction_present = !fraction.empty() || min_fraction_digits > 0;
  if (digits.empty() && !fraction_present)
    out += '0';
  if (fraction_present || decimal_separator_always_shown)
    out += '.';
  out += fraction;
  if (static_cast<int>(fraction.size()) < min_fraction_digits)
    out.append(min_fraction_digits - fraction.size(), '0');
  out += negative ? negative_suffix : positive_suffix;
  return out;
}

void roundDecimalDigitsHalfEven(std::string& integral, std::string& fraction, int keep) {
  if (static_cast<int>(fraction.size()) <= keep)
    return;
  std::string_view dropped = std::string_view(fraction).substr(keep);
  bool above_half = dropped[0] > '5' ||
                    (dropped[0] == '5' && dropped.find_first_not_of('0', 1) != std::string::npos);
  bool tie = dropped[0] == '5' && !above_half;
  fraction.resize(keep);
  char last_kept = keep > 0 ? fraction.back() : (integral.empty() ? '0' : integral.back());
  if (!above_half && !(tie && (last_kept - '0') % 2 == 1))
    return;
  // Add one unit of the last kept digit, carrying leftwards.
  std::string digits = integral + fraction;
  int position = static_cast<int>(digits.size()) - 1;
  while (position >= 0 && digits[position] == '9')
    digits[position--] = '0';
  if (position < 0)
    digits.insert(digits.begin(), '1');
  else
    digits[position] = static_cast<char>(digits[position] + 1);
  integral = digits.substr(0, digits.size() - keep);
  fraction = digits.substr(digits.size() - keep);
}

}  // namespace sluice
