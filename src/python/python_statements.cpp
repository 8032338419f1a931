// src/python/python_statements.cpp
#include "python/python_statements.hpp"

#include <fmt/format.h>

namespace sluice {

namespace {

// An error class sluice does not know (one of pyspark's argument checks) stays in the
// message, under PYTHON_EXCEPTION; a known class keeps its subclass ("CLASS.SUBCLASS").
Error pythonError(const std::string& error_class, const std::string& message) {
  if (std::optional<ErrorClass> known = findErrorClass(error_class))
    return Error(*known, message);
  size_t dot = error_class.find('.');
  if (dot != std::string::npos) {
    if (std::optional<ErrorClass> known = findErrorClass(error_class.substr(0, dot)))
      return Error(*known, error_class.substr(dot + 1), message);
  }
  if (error_class == "PYTHON_EXCEPTION")
    return Error(ErrorClass::PYTHON_EXCEPTION, message);
  return Error(ErrorClass::PYTHON_EXCEPTION, fmt::format("[{}] {}", error_class, message));
}

}  // namespace

void appendPythonErrors(const std::vector<PythonError>& python_errors,
                        const std::string& source_name, std::vector<Error>& errors) {
  for (const auto& [error_class, message, line, line_text] : python_errors) {
    Error error = pythonError(error_class, message);
    if (line > 0)
      error.withLocation(SourceLocation{source_name, line, 1, line_text});
    errors.push_back(std::move(error));
  }
}

void registerPythonStatement(uint32_t line, const std::string& statement,
                             const std::string& source_name, const RegistrationDefaults& defaults,
                             DataflowGraph& graph, std::vector<Error>& errors) {
  // The statement starts on the line of its definition, so that its locations name the
  // Python file and line; the text shown under them is the generated statement.
  std::string text(line > 0 ? line - 1 : 0, '\n');
  text += statement;
  registerSqlText(text, source_name, defaults, graph, errors);
}

}  // namespace sluice
