// src/exec/physical/recursion_limits.cpp
#include "exec/physical/recursion_limits.hpp"

#include <fmt/format.h>

#include <charconv>

#include "common/error/error.hpp"

namespace sluice {

int64_t recursionLimitOrThrow(std::string_view key, std::string_view text) {
  // SET keeps a value as written; a quoted number is taken too.
  std::string_view number = text;
  if (number.size() >= 2 && (number.front() == '\'' || number.front() == '"') &&
      number.back() == number.front()) {
    number = number.substr(1, number.size() - 2);
  }
  int32_t value = 0;
  auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), value);
  if (error != std::errc() || end != number.data() + number.size() || value < -1) {
    throw Error(ErrorClass::INVALID_CONF_VALUE,
                fmt::format("The value '{}' in the config \"{}\" is invalid. It must be an "
                            "integer, -1 for no limit.",
                            text, key));
  }
  return value;
}

}  // namespace sluice
