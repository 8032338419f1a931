// src/function/scalar/radix_conversion.cpp
//
// bin(x): the two's-complement bits of BIGINT x without leading zeros (Long.toBinaryString), and
// conv(num, from_base, to_base), which reads the digits of `num` in from_base as a 64-bit
// unsigned number and writes it in |to_base| with upper-case digits, as Spark's
// NumberConverter does:
// - reading stops at the first character that is not a digit of from_base; a leading '-'
//   negates the number;
// - a positive to_base writes the number unsigned (a negative one as its 64-bit complement),
//   a negative to_base writes it signed;
// - a base outside [2, 36] (|to_base| for the target) or an empty `num` gives NULL;
// - more digits than 64 bits hold is ARITHMETIC_OVERFLOW (ANSI).
#include <algorithm>
#include <string>

#include "common/error/error.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/string_kernel.hpp"

namespace sluice {

namespace {

//! The value of digit character `c` in `radix`, or -1 (Character.digit).
int digitValue(char c, int radix) {
  int value = -1;
  if (c >= '0' && c <= '9')
    value = c - '0';
  else if (c >= 'a' && c <= 'z')
    value = c - 'a' + 10;
  else if (c >= 'A' && c <= 'Z')
    value = c - 'A' + 10;
  return value < radix ? value : -1;
}

//! The digits of unsigned `value` in `radix`, most significant first.
std::string unsignedDigits(uint64_t value, uint64_t radix) {
  std::string digits;
  do {
    uint64_t digit = value % radix;
    digits.push_back(static_cast<char>(digit < 10 ? '0' + digit : 'A' + digit - 10));
    value /= radix;
  } while (value != 0);
  std::reverse(digits.begin(), digits.end());
  return digits;
}

//! NumberConverter.convert; false for NULL.
bool convertNumber(std::string& out, std::string_view text, int32_t from_base, int32_t to_base) {
  if (from_base < 2 || from_base > 36 || to_base == 0 || std::abs(to_base) < 2 ||
      std::abs(to_base) > 36 || text.empty()) {
    return false;
  }
  bool negative = text[0] == '-';
  uint64_t value = 0;
  uint64_t radix = static_cast<uint64_t>(from_base);
  for (size_t i = negative ? 1 : 0; i < text.size(); ++i) {
    int digit = digitValue(text[i], from_base);
    if (digit < 0)
      break;
    // value * radix + digit must stay within 64 unsigned bits.
    if (value > (UINT64_MAX - static_cast<uint64_t>(digit)) / radix) {
      throw Error(ErrorClass::ARITHMETIC_OVERFLOW,
                  "Overflow in function conv(). If necessary set \"spark.sql.ansi.enabled\" to "
                  "\"false\" to bypass this error.");
    }
    value = value * radix + static_cast<uint64_t>(digit);
  }
  auto as_signed = static_cast<int64_t>(value);
  if (negative && to_base > 0)
    value = as_signed < 0 ? UINT64_MAX : static_cast<uint64_t>(-as_signed);
  bool write_minus = false;
  if (to_base < 0) {
    as_signed = static_cast<int64_t>(value);
    if (negative && as_signed >= 0) {
      write_minus = true;
    } else if (as_signed < 0) {
      value = static_cast<uint64_t>(0) - value;
      write_minus = true;
    }
  }
  if (write_minus)
    out += '-';
  out += unsignedDigits(value, static_cast<uint64_t>(std::abs(to_base)));
  return true;
}

BoundScalarFunction bindConv(const BindRequest& request) {
  DataType number = expectArgument(request, 0, DataType::string());
  DataType from = expectArgument(request, 1, DataType::intType());
  DataType to = expectArgument(request, 2, DataType::intType());
  return {"conv",
          {number, from, to},
          DataType::string(),
          stringResultKernel<StringView, int32_t, int32_t>(
              [](std::string& out, StringView text, int32_t from_base, int32_t to_base) {
                return convertNumber(out, text, from_base, to_base);
              })};
}

BoundScalarFunction bindBin(const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::longType());
  return {"bin",
          {input},
          DataType::string(),
          stringResultKernel<int64_t>([](std::string& out, int64_t value) {
            out += unsignedDigits(static_cast<uint64_t>(value), 2);
            return true;
          })};
}

}  // namespace

void registerRadixFunctions(FunctionRegistry& registry) {
  registry.addScalar({"bin", 1, 1, bindBin});
  registry.addScalar({"conv", 3, 3, bindConv});
}

}  // namespace sluice
