// src/sql/source_text.hpp
//
// A SQL text with the name it came from, and positions in it. Statements keep a shared pointer
// to their SourceText so that later stages (binder, pipeline registration) can point at the
// offending line of a file long after parsing.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "common/error/error.hpp"

namespace sluice::sql {

//! A position in a SourceText. `offset` counts bytes from the start of the text; `line` and
//! `column` count from 1, and `column` counts Unicode code points (a tab is one column).
struct SourcePosition {
  uint32_t offset = 0;
  uint32_t line = 1;
  uint32_t column = 1;

  bool operator==(const SourcePosition& other) const = default;
};

class SourceText {
 public:
  //! Throws PARSE_SYNTAX_ERROR for texts of 4 GiB or more (positions are 32-bit).
  SourceText(std::string name, std::string text);

  const std::string& name() const { return name_; }
  const std::string& text() const { return text_; }

  //! The bytes [begin, end) of the text.
  std::string_view slice(uint32_t begin, uint32_t end) const;

  //! The location of `position` for an Error: the name, line, column and the text of that line
  //! (without its line break).
  SourceLocation locate(SourcePosition position) const;

 private:
  std::string name_;
  std::string text_;
};

using SourceTextPtr = std::shared_ptr<const SourceText>;

}  // namespace sluice::sql
