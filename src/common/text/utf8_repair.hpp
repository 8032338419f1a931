// src/common/text/utf8_repair.hpp
//
// Makes text that may hold invalid UTF-8 safe to show and to store in a STRING, as Java's
// decoder does in Spark: each ill-formed sequence becomes U+FFFD. The CSV reader repairs a
// whole file this way; the JSON reader repairs a malformed record before it is rescued.
#pragma once

#include <string>
#include <string_view>

namespace sluice {

//! Appends `bytes` to `out` with each ill-formed UTF-8 sequence replaced by U+FFFD, one
//! replacement per maximal ill-formed subpart (as Unicode recommends and Java decodes).
void appendRepairedUtf8(std::string& out, std::string_view bytes);

//! The offset of the first byte of `bytes` that starts an ill-formed sequence, or npos.
size_t findInvalidUtf8(std::string_view bytes);

//! Replaces every ill-formed sequence in `text` by U+FFFD; returns whether there was one.
bool repairUtf8(std::string& text);

}  // namespace sluice
