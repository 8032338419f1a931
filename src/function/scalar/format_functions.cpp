// src/function/scalar/format_functions.cpp
//
// format_string / printf (java.util.Formatter) and format_number (java.text.DecimalFormat).
//
// format_string supports %[index$][flags][width][.precision]conversion with the conversions
// s S d x X o f e E b B c % n and the flags - 0 + space , ( #. Arguments are formatted as the
// JVM objects Spark passes: integral types and DATE / TIMESTAMP (their day and microsecond
// counts) for d x o, FLOAT / DOUBLE for f e, anything for s (NULL prints "null"). As in Java,
// %f and %e round the shortest decimal form of the double HALF_UP, so '%.2f' of 0.125 is
// 0.13. A conversion that does not fit its argument, an unknown conversion or a missing
// argument raises INVALID_PARAMETER_VALUE (Java's IllegalFormatException in Spark).
//
// format_number(x, d) groups the integral digits by three with ',' and rounds to d decimals
// HALF_EVEN on the exact value (DecimalFormat); d < 0 gives NULL. format_number(x, '#.##')
// formats with a DecimalFormat pattern (decimal_format.hpp).

#include <charconv>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>

#include "common/error/error.hpp"
#include "common/types/decimal.hpp"
#include "common/types/value_text.hpp"
#include "function/function_registry.hpp"
#include "function/physical_type.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/decimal_format.hpp"
#include "function/scalar/string_kernel.hpp"
#include "function/scalar/utf8_text.hpp"

namespace sluice {

namespace {

[[noreturn]] void raiseFormatError(const std::string& why) {
  throwError(ErrorClass::INVALID_PARAMETER_VALUE,
             "The value of parameter(s) `strfmt` in `format_string` is invalid: {}.", why);
}

// ---- decimal digits of doubles, as Java's Formatter sees them ----

//! The shortest decimal digits of |value| and the exponent of the first digit.
void shortestDigits(double value, std::string& digits, int& exponent) {
  char buffer[64];
  auto [end, error] = std::to_chars(buffer, buffer + sizeof(buffer), std::fabs(value),
                                    std::chars_format::scientific);
  std::string_view text(buffer, end - buffer);
  size_t e = text.find('e');
  exponent = std::atoi(std::string(text.substr(e + 1)).c_str());
  digits.clear();
  for (char c : text.substr(0, e)) {
    if (c != '.')
      digits += c;
  }
}

//! Rounds `digits` (first digit of weight 10^exponent) HALF_UP to `keep` digits; may carry
//! into a new leading digit, which increments `exponent`.
void roundDigitsHalfUp(std::string& digits, int& exponent, long keep) {
  if (keep >= static_cast<long>(digits.size())) {
    digits.append(keep - digits.size(), '0');
    return;
  }
  bool up = keep >= 0 && digits[keep] >= '5';
  if (keep <= 0) {
    digits = up ? "1" : "0";
    if (up)
      exponent += 1 - static_cast<int>(keep);
    else
      exponent = 0;
    return;
  }
  digits.resize(keep);
  if (!up)
    return;
  int position = static_cast<int>(keep) - 1;
  while (position >= 0 && digits[position] == '9')
    digits[position--] = '0';
  if (position < 0) {
    digits.insert(digits.begin(), '1');
    digits.pop_back();
    ++exponent;
  } else {
    digits[position] = static_cast<char>(digits[position] + 1);
  }
}

//! Java's %.{precision}f of |value| (no sign).
std::string fixedJava(double value, int precision) {
  std::string digits;
  int exponent;
  shortestDigits(value, digits, exponent);
  if (value == 0)
    exponent = 0;
  roundDigitsHalfUp(digits, exponent, static_cast<long>(exponent) + 1 + precision);
  if (digits == "0")
    exponent = 0;
  // digits[i] has weight 10^(exponent - i).
  std::string integral;
  std::string fraction;
  for (int weight = std::max(exponent, 0); weight >= -precision; --weight) {
    int index = exponent - weight;
    char digit = (index >= 0 && index < static_cast<int>(digits.size())) ? digits[index] : '0';
    (weight >= 0 ? integral : fraction) += digit;
  }
  return precision > 0 ? integral + "." + fraction : integral;
}

//! Java's %.{precision}e of |value| (no sign).
std::string scientificJava(double value, int precision, bool upper) {
  std::string digits;
  int exponent;
  shortestDigits(value, digits, exponent);
  if (value == 0)
    exponent = 0;
  roundDigitsHalfUp(digits, exponent, precision + 1);
  std::string out(1, digits[0]);
  if (precision > 0)
    out += "." + digits.substr(1);
  out += upper ? "E" : "e";
  out += exponent < 0 ? "-" : "+";
  int magnitude = std::abs(exponent);
  if (magnitude < 10)
    out += "0";
  out += std::to_string(magnitude);
  return out;
}

std::string groupThousands(const std::string& integral) {
  std::string out;
  int count = 0;
  for (auto it = integral.rbegin(); it != integral.rend(); ++it) {
    if (count > 0 && count % 3 == 0)
      out += ',';
    out += *it;
    ++count;
  }
  return std::string(out.rbegin(), out.rend());
}

// ---- format_string ----

//! How an argument is handed to the formatter, fixed at bind time.
enum class ArgumentKind : uint8_t { kNull, kString, kIntegral, kFloating, kBoolean, kDecimal };

struct FormatArgument {
  ArgumentKind kind = ArgumentKind::kNull;
  int bits = 32;  // integral width, for the two's complement of %x and %o
  DataType type;
};

struct FormatSpec {
  bool literal = true;
  std::string text;  // literal text
  int index = 0;     // 1-based argument index; 0 = next ordinary
  std::string flags;
  int width = -1;
  int precision = -1;
  char conversion = 's';
};

FormatSpec literalSpec(const std::string& text) {
  FormatSpec spec;
  spec.text = text;
  return spec;
}

std::vector<FormatSpec> parseFormat(std::string_view format) {
  std::vector<FormatSpec> specs;
  std::string literal;
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') {
      literal += format[i];
      continue;
    }
    size_t start = i++;
    FormatSpec spec;
    spec.literal = false;
    auto readNumber = [&]() {
      int number = 0;
      while (i < format.size() && std::isdigit(static_cast<unsigned char>(format[i])))
        number = number * 10 + (format[i++] - '0');
      return number;
    };
    size_t digits_at = i;
    int number = readNumber();
    if (i < format.size() && format[i] == '$' && i > digits_at) {
      spec.index = number;
      ++i;
    } else {
      i = digits_at;
    }
    while (i < format.size() &&
           std::string_view("-#+ 0,(").find(format[i]) != std::string_view::npos)
      spec.flags += format[i++];
    if (i < format.size() && std::isdigit(static_cast<unsigned char>(format[i])))
      spec.width = readNumber();
    if (i < format.size() && format[i] == '.') {
      ++i;
      spec.precision = readNumber();
    }
    if (i >= format.size())
      raiseFormatError(fmt::format("Format specifier '{}'", format.substr(start)));
    spec.conversion = format[i];
    if (spec.conversion == '%' || spec.conversion == 'n') {
      literal += spec.conversion == '%' ? "%" : "\n";
      if (spec.conversion == '%' && spec.width > 0) {
        literal.pop_back();
        std::string percent = "%";
        bool left = spec.flags.find('-') != std::string::npos;
        std::string padding(spec.width > 1 ? spec.width - 1 : 0, ' ');
        literal += left ? percent + padding : padding + percent;
      }
      continue;
    }
    if (std::string_view("sSdxXofeEbBcC").find(spec.conversion) == std::string_view::npos) {
      raiseFormatError(fmt::format("Conversion = '{}'", spec.conversion));
    }
    if (!literal.empty()) {
      specs.push_back(literalSpec(literal));
      literal.clear();
    }
    specs.push_back(spec);
  }
  if (!literal.empty())
    specs.push_back(literalSpec(literal));
  return specs;
}

std::string applyWidth(std::string text, const FormatSpec& spec, bool numeric) {
  int64_t length = utf8::numChars(text);
  if (spec.width <= length)
    return text;
  size_t missing = static_cast<size_t>(spec.width - length);
  if (spec.flags.find('-') != std::string::npos)
    return text + std::string(missing, ' ');
  if (numeric && spec.flags.find('0') != std::string::npos) {
    // Zeros go after the sign or the opening parenthesis.
    size_t sign =
        (!text.empty() && (text[0] == '-' || text[0] == '+' || text[0] == ' ' || text[0] == '('))
            ? 1
            : 0;
    return text.substr(0, sign) + std::string(missing, '0') + text.substr(sign);
  }
  return std::string(missing, ' ') + text;
}

std::string signed_(bool negative, std::string magnitude, const FormatSpec& spec) {
  if (negative) {
    if (spec.flags.find('(') != std::string::npos)
      return "(" + magnitude + ")";
    return "-" + magnitude;
  }
  if (spec.flags.find('+') != std::string::npos)
    return "+" + magnitude;
  if (spec.flags.find(' ') != std::string::npos)
    return " " + magnitude;
  return magnitude;
}

std::string conversionError(char conversion, const FormatArgument& argument) {
  static const char* const kClasses[] = {"null",
                                         "org.apache.spark.unsafe.types.UTF8String",
                                         "java.lang.Long",
                                         "java.lang.Double",
                                         "java.lang.Boolean",
                                         "org.apache.spark.sql.types.Decimal"};
  return fmt::format("{} != {}", conversion, kClasses[static_cast<int>(argument.kind)]);
}

//! Formats argument `index` of `row` for one specifier.
std::string formatOne(const FormatSpec& spec, const FormatArgument& argument, const Vector& vector,
                      idx_t row) {
  bool is_null = argument.kind == ArgumentKind::kNull || vector.isNull(row);
  char conversion = spec.conversion;
  bool upper = std::isupper(static_cast<unsigned char>(conversion)) != 0;
  char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(conversion)));
  std::string text;
  if (lower == 's' || lower == 'b') {
    if (lower == 'b') {
      text = is_null ? "false"
                     : (argument.kind == ArgumentKind::kBoolean
                            ? (vector.at<uint8_t>(row) ? "true" : "false")
                            : "true");
    } else if (is_null) {
      text = "null";
    } else {
      switch (argument.kind) {
        case ArgumentKind::kString:
          text = vector.at<StringView>(row).str();
          break;
        case ArgumentKind::kBoolean:
          text = vector.at<uint8_t>(row) ? "true" : "false";
          break;
        case ArgumentKind::kIntegral:
          text = visitScalarType(argument.type, [&]<typename T>() -> std::string {
            if constexpr (std::is_integral_v<T>)
              return std::to_string(static_cast<int64_t>(vector.at<T>(row)));
            return {};
          });
          break;
        case ArgumentKind::kFloating:
          text = argument.type.id() == TypeId::kFloat ? formatFloat(vector.at<float>(row))
                                                      : formatDouble(vector.at<double>(row));
          break;
        case ArgumentKind::kDecimal: {
          int128_t unscaled =
              argument.type.isWideDecimal() ? vector.at<int128_t>(row) : vector.at<int64_t>(row);
          text = formatDecimal(unscaled, argument.type.scale());
          break;
        }
        case ArgumentKind::kNull:
          break;
      }
    }
    if (spec.precision >= 0)
      text = std::string(utf8::substringByChars(text, 0, spec.precision));
    if (upper) {
      for (char& c : text)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return applyWidth(text, spec, false);
  }
  if (is_null)
    return applyWidth("null", spec, false);
  if (lower == 'c') {
    if (argument.kind != ArgumentKind::kIntegral)
      raiseFormatError(conversionError(conversion, argument));
    std::string out;
    int64_t code = visitScalarType(argument.type, [&]<typename T>() -> int64_t {
      if constexpr (std::is_integral_v<T>)
        return vector.at<T>(row);
      return 0;
    });
    appendUtf8(out, static_cast<char32_t>(code));
    return applyWidth(out, spec, false);
  }
  if (lower == 'd' || lower == 'x' || lower == 'o') {
    if (argument.kind != ArgumentKind::kIntegral)
      raiseFormatError(conversionError(conversion, argument));
    int64_t value = visitScalarType(argument.type, [&]<typename T>() -> int64_t {
      if constexpr (std::is_integral_v<T>)
        return static_cast<int64_t>(vector.at<T>(row));
      return 0;
    });
    if (lower == 'd') {
      uint64_t magnitude =
          value < 0 ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
      std::string digits = std::to_string(magnitude);
      if (spec.flags.find(',') != std::string::npos)
        digits = groupThousands(digits);
      return applyWidth(signed_(value < 0, digits, spec), spec, true);
    }
    // Two's complement of the argument's own width, as Integer.toHexString and friends.
    uint64_t bits = static_cast<uint64_t>(value);
    if (argument.bits < 64)
      bits &= (uint64_t{1} << argument.bits) - 1;
    std::string digits;
    int base = lower == 'x' ? 16 : 8;
    do {
      digits.insert(digits.begin(), "0123456789abcdef"[bits % base]);
      bits /= base;
    } while (bits != 0);
    if (spec.flags.find('#') != std::string::npos)
      digits = (lower == 'x' ? "0x" : "0") + digits;
    if (upper) {
      for (char& c : digits)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return applyWidth(digits, spec, true);
  }
  // f, e, E
  if (argument.kind != ArgumentKind::kFloating)
    raiseFormatError(conversionError(conversion, argument));
  double value = argument.type.id() == TypeId::kFloat ? static_cast<double>(vector.at<float>(row))
                                                      : vector.at<double>(row);
  if (std::isnan(value) || std::isinf(value)) {
    std::string special = std::isnan(value) ? "NaN" : (value > 0 ? "Infinity" : "-Infinity");
    if (std::isinf(value) && value > 0)
      special = signed_(false, special, spec);
    if (std::isinf(value) && value < 0 && spec.flags.find('(') != std::string::npos)
      special = "(Infinity)";
    FormatSpec no_zero = spec;
    no_zero.flags.erase(std::remove(no_zero.flags.begin(), no_zero.flags.end(), '0'),
                        no_zero.flags.end());
    return applyWidth(special, no_zero, false);
  }
  int precision = spec.precision >= 0 ? spec.precision : 6;
  bool negative = std::signbit(value);
  std::string magnitude;
  if (lower == 'f') {
    magnitude = fixedJava(value, precision);
    if (spec.flags.find(',') != std::string::npos) {
      size_t point = magnitude.find('.');
      std::string integral = magnitude.substr(0, point);
      magnitude =
          groupThousands(integral) + (point == std::string::npos ? "" : magnitude.substr(point));
    }
  } else {
    magnitude = scientificJava(value, precision, upper);
  }
  return applyWidth(signed_(negative, magnitude, spec), spec, true);
}

FormatArgument describeArgument(const DataType& type) {
  FormatArgument argument;
  argument.type = type;
  switch (type.id()) {
    case TypeId::kVoid:
      argument.kind = ArgumentKind::kNull;
      break;
    case TypeId::kString:
    case TypeId::kBinary:
      argument.kind = ArgumentKind::kString;
      break;
    case TypeId::kBoolean:
      argument.kind = ArgumentKind::kBoolean;
      break;
    case TypeId::kFloat:
    case TypeId::kDouble:
      argument.kind = ArgumentKind::kFloating;
      break;
    case TypeId::kDecimal:
      argument.kind = ArgumentKind::kDecimal;
      break;
    default:
      argument.kind = ArgumentKind::kIntegral;
      argument.bits = static_cast<int>(type.physicalSize() * 8);
      break;
  }
  return argument;
}

BoundScalarFunction bindFormatString(std::string name, const BindRequest& request) {
  std::vector<DataType> types{expectArgument(request, 0, DataType::string())};
  std::vector<FormatArgument> arguments;
  for (size_t i = 1; i < request.argument_types.size(); ++i) {
    const DataType& type = request.argument_types[i];
    requireArgumentType(
        !type.isNested(), request.name,
        fmt::format("format_string does not format values of type \"{}\"", type.sql()));
    types.push_back(type);
    arguments.push_back(describeArgument(type));
  }
  ScalarKernel kernel = [arguments](const ExecContext&, const ArgumentVectors& args,
                                    const RowSet& rows, Vector& result) {
    StringView* out = result.mutableData<StringView>();
    std::string cached_format;
    std::vector<FormatSpec> specs;
    bool parsed = false;
    std::string buffer;
    forEachRow(rows, [&](idx_t row) {
      if (args[0]->isNull(row)) {
        result.setNull(row);
        return;
      }
      std::string_view format = args[0]->at<StringView>(row);
      if (!parsed || format != cached_format) {
        cached_format = format;
        specs = parseFormat(cached_format);
        parsed = true;
      }
      buffer.clear();
      size_t next = 0;
      for (const FormatSpec& spec : specs) {
        if (spec.literal) {
          buffer += spec.text;
          continue;
        }
        size_t index = spec.index > 0 ? static_cast<size_t>(spec.index - 1) : next++;
        if (index >= arguments.size()) {
          raiseFormatError(fmt::format("Format specifier '%{}'", spec.conversion));
        }
        buffer += formatOne(spec, arguments[index], *args[index + 1], row);
      }
      result.setNull(row, false);
      out[row] = result.addString(buffer);
    });
  };
  return {std::move(name), types, DataType::string(), std::move(kernel)};
}

// ---- format_number ----

//! A number's digits rounded for `format`: |value| times the pattern's multiplier, HALF_EVEN to
//! its maximum fraction digits (Java caps those at 340 for floating-point numbers).
struct RoundedDigits {
  bool negative = false;
  std::string integral;
  std::string fraction;
};

RoundedDigits roundFloating(double number, const DecimalFormat& format) {
  RoundedDigits rounded;
  rounded.negative = number < 0;
  double magnitude = std::fabs(number) * std::pow(10.0, format.multiplier_exponent);
  // printf rounds the exact binary value half-even, as DecimalFormat does.
  int digits = std::min(format.max_fraction_digits, 340);
  int size = std::snprintf(nullptr, 0, "%.*f", digits, magnitude);
  std::string plain(static_cast<size_t>(size) + 1, '\0');
  std::snprintf(plain.data(), plain.size(), "%.*f", digits, magnitude);
  plain.resize(static_cast<size_t>(size));
  size_t point = plain.find('.');
  rounded.integral = plain.substr(0, point);
  if (point != std::string::npos)
    rounded.fraction = plain.substr(point + 1);
  return rounded;
}

//! An unscaled integer or decimal, exactly.
RoundedDigits roundExact(int128_t unscaled, int scale, const DecimalFormat& format) {
  std::string digits = decimal::int128ToString(unscaled < 0 ? -unscaled : unscaled);
  if (static_cast<int>(digits.size()) <= scale)
    digits.insert(0, scale - digits.size() + 1, '0');
  RoundedDigits rounded;
  rounded.integral = digits.substr(0, digits.size() - scale);
  rounded.fraction = digits.substr(digits.size() - scale);
  // The multiplier moves the decimal point.
  int shift = format.multiplier_exponent;
  if (static_cast<int>(rounded.fraction.size()) < shift)
    rounded.fraction.append(shift - rounded.fraction.size(), '0');
  rounded.integral += rounded.fraction.substr(0, shift);
  rounded.fraction.erase(0, shift);
  roundDecimalDigitsHalfEven(rounded.integral, rounded.fraction, format.max_fraction_digits);
  bool zero = rounded.integral.find_first_not_of('0') == std::string::npos &&
              rounded.fraction.find_first_not_of('0') == std::string::npos;
  rounded.negative = unscaled < 0 && !zero;
  return rounded;
}

template <typename T>
std::string formatNumber(T value, int scale, const DecimalFormat& format) {
  RoundedDigits rounded;
  if constexpr (std::is_floating_point_v<T>) {
    double number = static_cast<double>(value);
    // DecimalFormatSymbols' NaN and infinity of the root locale.
    if (std::isnan(number))
      return "NaN";
    if (std::isinf(number)) {
      return number > 0 ? format.positive_prefix + "\xE2\x88\x9E" + format.positive_suffix
                        : format.negative_prefix + "\xE2\x88\x9E" + format.negative_suffix;
    }
    rounded = roundFloating(number, format);
  } else {
    rounded = roundExact(static_cast<int128_t>(value), scale, format);
  }
  return format.format(rounded.negative, rounded.integral, rounded.fraction);
}

//! The pattern of each row's format argument: a constant one compiled at bind time, else the
//! last one seen compiled again only when it changes (as Spark caches it).
class FormatSource {
 public:
  explicit FormatSource(std::shared_ptr<const DecimalFormat> constant)
      : constant_(std::move(constant)) {}

  const DecimalFormat& forPattern(std::string_view pattern) {
    if (constant_)
      return *constant_;
    if (!last_ || pattern != last_pattern_) {
      last_ = DecimalFormat::compile(pattern);
      last_pattern_ = pattern;
    }
    return *last_;
  }

  const DecimalFormat& forDecimals(int32_t decimals) {
    if (!last_ || decimals != last_decimals_) {
      last_ = DecimalFormat::fixedDecimals(decimals);
      last_decimals_ = decimals;
    }
    return *last_;
  }

 private:
  std::shared_ptr<const DecimalFormat> constant_;
  std::optional<DecimalFormat> last_;
  std::string last_pattern_;
  int32_t last_decimals_ = 0;
};

// format_number(x, d) and format_number(x, 'pattern'): Spark formats both with a
// DecimalFormat, the first with the pattern "#,###,...,##0" and d decimals.
BoundScalarFunction bindFormatNumber(const BindRequest& request) {
  const DataType& type = request.argument_types[0];
  DataType input = type.isNumeric() ? type : expectArgument(request, 0, DataType::doubleType());
  bool pattern_form = request.argument_types[1].id() == TypeId::kString;
  DataType format_type =
      pattern_form ? DataType::string() : expectArgument(request, 1, DataType::intType());
  std::shared_ptr<const DecimalFormat> constant;
  if (const Value* value = constantArgument(request, 1);
      pattern_form && value != nullptr && !value->isNull())
    constant = std::make_shared<DecimalFormat>(DecimalFormat::compile(value->getString()));
  ScalarKernel kernel = visitNumericType(input, [&]<typename T>() -> ScalarKernel {
    return [input, pattern_form, constant](const ExecContext&, const ArgumentVectors& args,
                                           const RowSet& rows, Vector& result) {
      StringView* out = result.mutableData<StringView>();
      int scale = input.isDecimal() ? input.scale() : 0;
      FormatSource formats(constant);
      forEachRow(rows, [&](idx_t row) {
        if (args[0]->isNull(row) || args[1]->isNull(row) ||
            (!pattern_form && args[1]->at<int32_t>(row) < 0)) {
          result.setNull(row);
          return;
        }
        const DecimalFormat& format =
            pattern_form ? formats.forPattern(std::string_view(args[1]->at<StringView>(row)))
                         : formats.forDecimals(args[1]->at<int32_t>(row));
        result.setNull(row, false);
        out[row] = result.addString(formatNumber(args[0]->at<T>(row), scale, format));
      });
    };
  });
  return {"format_number", {input, format_type}, DataType::string(), std::move(kernel)};
}

}  // namespace

void registerFormatFunctions(FunctionRegistry& registry) {
  registry.addScalar({"format_string", 1, -1,
                      [](const BindRequest& r) { return bindFormatString("format_string", r); }});
  registry.addScalar(
      {"printf", 1, -1, [](const BindRequest& r) { return bindFormatString("printf", r); }});
  registry.addScalar({"format_number", 2, 2, bindFormatNumber});
}

}  // namespace sluice
