// src/common/check.hpp
//
// Internal invariants. A failed check is a bug in sluice, never a user error: it throws an
// INTERNAL_ERROR naming the file and line (and both values for the comparisons).
#pragma once

#include <fmt/format.h>

#include "common/error/error.hpp"

namespace sluice::detail {
[[noreturn]] inline void failCheck(const char* file, int line, const std::string& what) {
  throw Error(
      ErrorClass::INTERNAL_ERROR,
      fmt::format("{} at {}:{}; this is a bug in sluice, please report it", what, file, line));
}
}  // namespace sluice::detail

#define SLUICE_CHECK(condition)                                                     \
  do {                                                                              \
    if (!(condition)) [[unlikely]]                                                  \
      ::sluice::detail::failCheck(__FILE__, __LINE__, "check failed: " #condition); \
  } while (0)

#define SLUICE_CHECK_OP(a, op, b)                                                   \
  do {                                                                              \
    if (!((a)op(b))) [[unlikely]]                                                   \
      ::sluice::detail::failCheck(                                                  \
          __FILE__, __LINE__,                                                       \
          fmt::format("check failed: {} {} {} ({} vs {})", #a, #op, #b, (a), (b))); \
  } while (0)

#define SLUICE_CHECK_EQ(a, b) SLUICE_CHECK_OP(a, ==, b)
#define SLUICE_CHECK_LT(a, b) SLUICE_CHECK_OP(a, <, b)
#define SLUICE_CHECK_LE(a, b) SLUICE_CHECK_OP(a, <=, b)

#define SLUICE_UNREACHABLE(what) ::sluice::detail::failCheck(__FILE__, __LINE__, what)
