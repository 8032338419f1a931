// test/fuzz/sql_parser_fuzz.cpp
//
// libFuzzer target for the SQL lexer and parser. Any input must either parse or raise a
// user-facing sluice::Error; an INTERNAL_ERROR, any other exception, a crash or a sanitizer
// report is a bug. Inputs that parse must also survive the printer: printing and parsing
// again gives an equal AST, in both layouts.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "common/error/error.hpp"
#include "sql/parser/parser.hpp"
#include "sql/printer.hpp"

namespace {

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "%s\n%s\n", what, detail.c_str());
  std::abort();
}

void checkRoundTrip(const sluice::sql::Statement& statement) {
  std::string printed = sluice::sql::printStatement(statement);
  std::vector<sluice::sql::StatementPtr> reparsed;
  try {
    reparsed = sluice::sql::parseStatements(printed, "<printed>");
  } catch (const sluice::Error& error) {
    fail("printed statement does not parse", printed + "\n" + error.report());
  }
  if (reparsed.size() != 1 || !reparsed[0]->equals(statement))
    fail("printed statement parses to a different tree", printed);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<sluice::sql::StatementPtr> statements;
  try {
    statements = sluice::sql::parseStatements(text, "<fuzz>");
  } catch (const sluice::Error& error) {
    if (error.errorClass() == sluice::ErrorClass::INTERNAL_ERROR)
      fail("internal error while parsing", error.report());
    return 0;
  }
  for (const auto& statement : statements)
    checkRoundTrip(*statement);
  return 0;
}
