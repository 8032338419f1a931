// src/common/text/collation_name.hpp
//
// Collation names. sluice compares strings by their UTF-8 bytes, which is Spark's default
// collation, UTF8_BINARY; the collate function, `expr COLLATE name` and `STRING COLLATE name`
// accept that one and refuse the others (UTF8_LCASE, UNICODE, locales, _RTRIM forms).
#pragma once

#include <string>
#include <string_view>

#include "common/text/ascii_case.hpp"

namespace sluice {

//! Whether `name` is UTF8_BINARY, bare or qualified as SYSTEM.BUILTIN.UTF8_BINARY (any case).
inline bool isBinaryCollation(std::string_view name) {
  constexpr std::string_view kQualifier = "SYSTEM.BUILTIN.";
  if (name.size() > kQualifier.size() &&
      sameIdentifier(name.substr(0, kQualifier.size()), kQualifier)) {
    name.remove_prefix(kQualifier.size());
  }
  return sameIdentifier(name, "UTF8_BINARY");
}

//! The NOT_SUPPORTED message for a collation other than UTF8_BINARY.
inline std::string unsupportedCollationMessage(std::string_view name) {
  return "The collation `" + std::string(name) +
         "` is not supported: sluice compares strings by their bytes, Spark's default "
         "collation UTF8_BINARY, the only one it accepts.";
}

}  // namespace sluice
