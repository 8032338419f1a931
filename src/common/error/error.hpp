// src/common/error/error.hpp
//
// The one error type of sluice: a class with Spark's UPPER_SNAKE name, a message, and for SQL
// an optional source location. User errors are thrown as Error; bugs go through SLUICE_CHECK.
#pragma once

#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace sluice {

// Enumerators use Spark's error-class spelling so that code, tests and messages agree.
enum class ErrorClass : uint16_t {
#define SLUICE_ERROR_CLASS(name, sqlstate) name,
#include "common/error/error_classes.def"
#undef SLUICE_ERROR_CLASS
};

//! Returns the class's name as Spark spells it, e.g. "DIVIDE_BY_ZERO".
std::string_view errorClassName(ErrorClass error_class);
//! Returns the class's five-character SQLSTATE.
std::string_view errorClassSqlState(ErrorClass error_class);
//! Returns the class Spark spells `name`, or nothing when sluice has no such class.
std::optional<ErrorClass> findErrorClass(std::string_view name);

//! A position in a source text; line and column count from 1.
struct SourceLocation {
  std::string source_name;  // a file path, or "<query>" for command-line SQL
  uint32_t line = 0;
  uint32_t column = 0;
  std::string line_text;  // the offending line, shown with a caret under `column`
};

class Error : public std::exception {
 public:
  Error(ErrorClass error_class, std::string message)
      : error_class_(error_class), message_(std::move(message)) {
    render();
  }
  Error(ErrorClass error_class, std::string sub_class, std::string message)
      : error_class_(error_class), sub_class_(std::move(sub_class)), message_(std::move(message)) {
    render();
  }

  ErrorClass errorClass() const { return error_class_; }
  //! Returns e.g. "UNRESOLVED_COLUMN" or "UNRESOLVED_COLUMN.WITH_SUGGESTION".
  std::string fullClassName() const;
  const std::string& subClass() const { return sub_class_; }
  const std::string& message() const { return message_; }
  const std::optional<SourceLocation>& location() const { return location_; }

  //! Attaches a location unless one is already known (the innermost position wins).
  Error& withLocation(SourceLocation location);

  //! "[CLASS] message" and, when located, " (file:line:column)".
  const char* what() const noexcept override { return rendered_.c_str(); }

  //! Returns the full report for a terminal: the class and message, the location, the
  //! offending line and a caret under the column.
  std::string report() const;

 private:
  void render();

  ErrorClass error_class_;
  std::string sub_class_;
  std::string message_;
  std::optional<SourceLocation> location_;
  std::string rendered_;
};

//! Throws an Error of `error_class` with a message formatted by fmt.
template <typename... Args>
[[noreturn]] void throwError(ErrorClass error_class, fmt::format_string<Args...> format,
                             Args&&... args) {
  throw Error(error_class, fmt::format(format, std::forward<Args>(args)...));
}

}  // namespace sluice
