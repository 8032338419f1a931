// src/function/scalar/decimal_format.hpp
//
// java.text.DecimalFormat patterns as format_number reads them: Locale.US symbols ('.' and
// ','), HALF_EVEN rounding, no exponent. A pattern is a prefix, digits ('#', '0', ','),
// an optional '.' with fraction digits ('0' then '#'), a suffix, and optionally ';' and a
// negative subpattern whose prefix and suffix replace "-" + the positive ones. '%' and the
// per-mille sign multiply by 100 and 1000; quotes make any text literal.
#pragma once

#include <string>
#include <string_view>

namespace sluice {

struct DecimalFormat {
  std::string positive_prefix;
  std::string positive_suffix;
  std::string negative_prefix = "-";
  std::string negative_suffix;
  int min_integer_digits = 1;
  int grouping_size = 0;  // 0: no grouping
  int min_fraction_digits = 0;
  int max_fraction_digits = 0;
  bool decimal_separator_always_shown = false;
  //! A power of ten: 0, 2 for '%', 3 for the per-mille sign.
  int multiplier_exponent = 0;

  //! Reads `pattern`; an empty one is format_number's default (grouped, no decimals). Throws
  //! INVALID_PARAMETER_VALUE naming the problem when the pattern is malformed.
  static DecimalFormat compile(std::string_view pattern);
  //! format_number(x, d): grouped by three, exactly `decimals` fraction digits.
  static DecimalFormat fixedDecimals(int decimals);

  //! The text of a number already rounded to max_fraction_digits: its integral digits (may
  //! be empty or have leading zeros) and fraction digits (up to max_fraction_digits).
  std::string format(bool negative, std::string_view integral, std::string_view fraction) const;
};

//! Rounds the exact decimal `integral`.`fraction` HALF_EVEN to `keep` fraction digits
//! (a carry may lengthen `integral`).
void roundDecimalDigitsHalfEven(std::string& integral, std::string& fraction, int keep);

}  // namespace sluice
