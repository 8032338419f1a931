// src/function/scalar/number_format.hpp
//
// Spark's number formats, read by to_number / try_to_number and written by to_char /
// to_varchar of a number (Spark's ToNumberParser). A format is, in this order, an optional 'PR'
// wrapping ('<' and '>' around a negative number), an optional sign ('S' for + or -, 'MI' for
// - only), an optional '$', digits ('0' and '9') with thousands separators (',' or 'G'), an
// optional decimal point ('.' or 'D') with fraction digits, an optional '$' and an optional
// trailing sign. Letters are case-insensitive. Before the decimal point, a run of digits that
// starts with '0' must be matched by exactly as many digits; one that starts with '9' by at
// most as many. The result of parsing is DECIMAL(all digits, fraction digits).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/types/data_type.hpp"
#include "function/function_registry.hpp"

namespace sluice {

class NumberFormat {
 public:
  //! Reads `format`; throws INVALID_FORMAT.<reason> (EMPTY, WRONG_NUM_DIGIT, UNEXPECTED_TOKEN,
  //! ...) naming the problem when it is malformed.
  static NumberFormat compile(std::string_view format);

  //! DECIMAL(precision, scale) of the format's digits; DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION
  //! past 38 digits.
  DataType resultType() const;
  //! The unscaled value (at the format's scale) that `input` spells, or nullopt when it does
  //! not match the format.
  std::optional<int128_t> parse(std::string_view input) const;
  //! `unscaled` (at `scale`) written with the format; '#' in every digit position when the
  //! number has more digits than the format. nullopt when digits are left over.
  std::optional<std::string> format(int128_t unscaled, int scale) const;
  //! The format as Spark quotes it in messages (upper-cased).
  const std::string& text() const { return text_; }

 private:
  //! One element of the format. Digits and separators between other elements form one group.
  struct Token {
    enum class Kind {
      kDigitGroup,
      kDecimalPoint,
      kDollar,
      kPlusOrMinus,   // S
      kMinus,         // MI
      kOpenBracket,   // PR, before the number
      kCloseBracket,  // PR, after the number
      kInvalid,
    };
    //! A run of '0' / '9' (count > 0) or a thousands separator (count == 0), left to right.
    struct GroupItem {
      int count = 0;
      bool exact = false;  // a run that starts with '0' before the decimal point
    };
    Kind kind;
    std::vector<GroupItem> items;  // kDigitGroup only
    char invalid = 0;              // kInvalid only
  };

  static std::string describe(const Token& token);
  void validate() const;
  //! Matches one digit group at `position` of `input`, appending its digits to `digits`.
  bool parseGroup(const Token& group, std::string_view input, size_t& position,
                  std::string& digits) const;

  std::string text_;
  std::vector<Token> tokens_;
  int precision_ = 0;
  int scale_ = 0;
};

//! The number format of argument `index` of a to_number / to_char call, compiled once at bind
//! time; null for a NULL format. A format that is not a constant string is
//! DATATYPE_MISMATCH.NON_FOLDABLE_INPUT.
std::shared_ptr<const NumberFormat> numberFormatArgument(const BindRequest& request, size_t index);

}  // namespace sluice
