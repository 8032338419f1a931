// src/sql/source_text.cpp
//
// SourceText: slicing and error locations.
#include "sql/source_text.hpp"

#include <algorithm>
#include <limits>

namespace sluice::sql {

SourceText::SourceText(std::string name, std::string text)
    : name_(std::move(name)), text_(std::move(text)) {
  if (text_.size() >= std::numeric_limits<uint32_t>::max()) {
    throwError(ErrorClass::PARSE_SYNTAX_ERROR, "The SQL text is too large ({} bytes).",
               text_.size());
  }
}

std::string_view SourceText::slice(uint32_t begin, uint32_t end) const {
  begin = std::min<uint32_t>(begin, static_cast<uint32_t>(text_.size()));
  end = std::clamp<uint32_t>(end, begin, static_cast<uint32_t>(text_.size()));
  return std::string_view(text_).substr(begin, end - begin);
}

SourceLocation SourceText::locate(SourcePosition position) const {
  std::string_view text(text_);
  size_t offset = std::min<size_t>(position.offset, text.size());
  size_t line_start = 0;
  if (offset > 0) {
    size_t previous_break = text.rfind('\n', offset - 1);
    if (previous_break != std::string_view::npos)
      line_start = previous_break + 1;
  }
  size_t line_end = text.find('\n', line_start);
  if (line_end == std::string_view::npos)
    line_end = text.size();
  std::string_view line = text.substr(line_start, line_end - line_start);
  if (!line.empty() && line.back() == '\r')
    line.remove_suffix(1);
  return SourceLocation{name_, position.line, position.column, std::string(line)};
}

}  // namespace sluice::sql
