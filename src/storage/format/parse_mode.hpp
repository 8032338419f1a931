// src/storage/format/parse_mode.hpp
//
// What a text-format reader (JSON, CSV) does with a record it cannot parse, as Spark's `mode`
// option says: PERMISSIVE keeps the row (NULLs, and the record in the rescued data column),
// DROPMALFORMED skips it, FAILFAST stops with MALFORMED_RECORD_IN_PARSING naming file and line.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace sluice {

enum class ParseMode : uint8_t { kPermissive, kDropMalformed, kFailFast };

//! The mode named by an option value, in any case; nullopt for an unknown name.
inline std::optional<ParseMode> parseModeFromName(std::string_view name) {
  auto equals = [&](std::string_view expected) {
    if (name.size() != expected.size())
      return false;
    for (size_t i = 0; i < name.size(); ++i) {
      char c = name[i];
      if (c >= 'a' && c <= 'z')
        c = static_cast<char>(c - 'a' + 'A');
      if (c != expected[i])
        return false;
    }
    return true;
  };
  if (equals("PERMISSIVE"))
    return ParseMode::kPermissive;
  if (equals("DROPMALFORMED"))
    return ParseMode::kDropMalformed;
  if (equals("FAILFAST"))
    return ParseMode::kFailFast;
  return std::nullopt;
}

}  // namespace sluice
