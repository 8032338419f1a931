// src/cli/result_format.cpp
//
// Chooses the writer for an output format.
#include "cli/result_format.hpp"

namespace sluice {

std::optional<OutputFormat> parseOutputFormat(std::string_view name) {
  if (name == "table")
    return OutputFormat::kTable;
  if (name == "csv")
    return OutputFormat::kCsv;
  if (name == "json")
    return OutputFormat::kJson;
  return std::nullopt;
}

void writeResult(std::ostream& out, const StatementResult& result, OutputFormat format) {
  switch (format) {
    case OutputFormat::kTable:
      return writeTable(out, result);
    case OutputFormat::kCsv:
      return writeCsv(out, result);
    case OutputFormat::kJson:
      return writeJson(out, result);
  }
}

}  // namespace sluice
