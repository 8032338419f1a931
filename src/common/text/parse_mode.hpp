// src/common/text/parse_mode.hpp
//
// What a text-format reader (JSON, CSV) does with a record it cannot parse, as Spark's `mode`
// option says: PERMISSIVE keeps the row (NULLs, and the record in the rescued data column),
// DROPMALFORMED skips it, FAILFAST stops with MALFORMED_RECORD_IN_PARSING naming file and line.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "common/text/ascii_case.hpp"

namespace sluice {

enum class ParseMode : uint8_t { kPermissive, kDropMalformed, kFailFast };

//! The mode named by an option value, in any case; nullopt for an unknown name.
inline std::optional<ParseMode> parseModeFromName(std::string_view name) {
  if (sameIdentifier(name, "PERMISSIVE"))
    return ParseMode::kPermissive;
  if (sameIdentifier(name, "DROPMALFORMED"))
    return ParseMode::kDropMalformed;
  if (sameIdentifier(name, "FAILFAST"))
    return ParseMode::kFailFast;
  return std::nullopt;
}

}  // namespace sluice
