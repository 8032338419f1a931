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
// HALF_EVEN on the exact value (DecimalFormat); d < 0 gives NULL. The DecimalFormat pattern
// form format_number(x, '#.##') is not supported.

#include <charconv>
#include <cmath>
#include <cstdio>

#include "common/error/error.hpp"
#include "common/types/decimal.hpp"
#include "common/types/value_text.hpp"
#include "function/function_registry.hpp"
#include "function/physical_type.hpp"
#include "function/scalar/argument_types.hpp"
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
      specs.push_back(FormatSpec{true, literal});
      literal.clear();
    }
    specs.push_back(spec);
  }
  if (!literal.empty())
    specs.push_back(FormatSpec{true, literal});
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

//! Groups and signs an unscaled decimal rounded to `decimals` digits.
std::string groupedNumber(int128_t unscaled, int scale, int decimals) {
  bool negative = unscaled < 0;
  std::string digits = decimal::int128ToString(negative ? -unscaled : unscaled);
  if (static_cast<int>(digits.size()) <= scale)
    digits.insert(0, scale - digits.size() + 1, '0');
  std::string integral = digits.substr(0, digits.size() - scale);
  std::string fraction = digits.substr(digits.size() - scale);
  std::string out = (negative ? "-" : "") + groupThousands(integral);
  if (decimals > 0)
    out += "." + fraction + std::string(decimals > scale ? decimals - scale : 0, '0');
  return out;
}

//! value rounded HALF_EVEN from `scale` to `decimals` digits.
int128_t roundHalfEven(int128_t value, int scale, int decimals) {
  if (decimals >= scale)
    return value;
  int drop = scale - decimals;
  if (drop > 38)
    return 0;
  int128_t divisor = decimal::powerOfTen(drop);
  int128_t quotient = value / divisor;
  int128_t remainder = value % divisor;
  int128_t magnitude = remainder < 0 ? -remainder : remainder;
  int128_t rest = divisor - magnitude;
  if (magnitude > rest || (magnitude == rest && quotient % 2 != 0))
    quotient += value < 0 ? -1 : 1;
  return quotient;
}

BoundScalarFunction bindFormatNumber(const BindRequest& request) {
  const DataType& type = request.argument_types[0];
  DataType input = type.isNumeric() ? type : expectArgument(request, 0, DataType::doubleType());
  DataType decimals = expectArgument(request, 1, DataType::intType());
  ScalarKernel kernel = visitNumericType(input, [&]<typename T>() -> ScalarKernel {
    return [input](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                   Vector& result) {
      StringView* out = result.mutableData<StringView>();
      forEachRow(rows, [&](idx_t row) {
        if (args[0]->isNull(row) || args[1]->isNull(row) || args[1]->at<int32_t>(row) < 0) {
          result.setNull(row);
          return;
        }
        int32_t places = args[1]->at<int32_t>(row);
        T value = args[0]->at<T>(row);
        std::string text;
        if constexpr (std::is_floating_point_v<T>) {
          double number = static_cast<double>(value);
          if (std::isnan(number)) {
            text = "NaN";  // DecimalFormatSymbols' NaN and infinity of the root locale
          } else if (std::isinf(number)) {
            text = number > 0 ? "\xE2\x88\x9E" : "-\xE2\x88\x9E";
          } else {
            // printf rounds the exact binary value half-even, as DecimalFormat does.
            int digits = std::min(places, 340);
            int size = std::snprintf(nullptr, 0, "%.*f", digits, std::fabs(number));
            std::string plain(static_cast<size_t>(size) + 1, '\0');
            std::snprintf(plain.data(), plain.size(), "%.*f", digits, std::fabs(number));
            plain.resize(static_cast<size_t>(size));
            size_t point = plain.find('.');
            std::string integral = plain.substr(0, point);
            text = (number < 0 ? "-" : "") + groupThousands(integral) +
                   (point == std::string::npos ? "" : plain.substr(point));
          }
        } else {
          int scale = input.isDecimal() ? input.scale() : 0;
          int128_t rounded = roundHalfEven(static_cast<int128_t>(value), scale, places);
          text = groupedNumber(rounded, std::min(scale, places), places);
        }
        result.setNull(row, false);
        out[row] = result.addString(text);
      });
    };
  });
  return {"format_number", {input, decimals}, DataType::string(), std::move(kernel)};
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
