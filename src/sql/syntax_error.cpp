// src/sql/syntax_error.cpp
//
// The wording of syntax errors.
#include "sql/syntax_error.hpp"

#include <fmt/format.h>

namespace sluice::sql {

namespace {

// Long tokens (a runaway string, a huge number) are cut so that the message stays one line.
constexpr size_t kMaxQuotedLength = 60;

}  // namespace

std::string syntaxErrorMessage(std::string_view near, std::string_view hint) {
  std::string message = "Syntax error at or near ";
  if (near.empty()) {
    message += "end of input";
  } else {
    std::string_view shown = near.substr(0, kMaxQuotedLength);
    // Never cut inside a UTF-8 sequence.
    while (!shown.empty() && shown.size() < near.size() &&
           (static_cast<unsigned char>(near[shown.size()]) & 0xC0) == 0x80) {
      shown.remove_suffix(1);
    }
    size_t line_break = shown.find_first_of("\r\n");
    bool cut = shown.size() < near.size() || line_break != std::string_view::npos;
    if (line_break != std::string_view::npos)
      shown = shown.substr(0, line_break);
    message += fmt::format("'{}{}'", shown, cut ? "..." : "");
  }
  if (!hint.empty()) {
    message += ": ";
    message += hint;
  }
  message += '.';
  return message;
}

}  // namespace sluice::sql
