// src/cli/result_format.hpp
//
// Writing a statement's result for a person or a program: an aligned table, CSV or JSON
// lines. Every writer prints the values as the spark-sql shell does (StatementResult's
// displayValue); only the framing and quoting differ.
#pragma once

#include <optional>
#include <ostream>
#include <string_view>

#include "session/statement_result.hpp"

namespace sluice {

enum class OutputFormat { kTable, kCsv, kJson };

//! "table", "csv" or "json"; nothing for any other name.
std::optional<OutputFormat> parseOutputFormat(std::string_view name);

//! A table with borders and a header line; numeric columns are right-aligned, NULL prints as
//! NULL, and control characters inside values are escaped so that rows stay on one line.
void writeTable(std::ostream& out, const StatementResult& result);

//! A header line of column names, then one line per row; fields are quoted (RFC 4180) only
//! when they hold a comma, a quote or a line break, or are the empty string, which keeps it
//! apart from NULL (an empty field).
void writeCsv(std::ostream& out, const StatementResult& result);

//! One JSON object per row and line: numbers and booleans bare, NULL as null, other scalars
//! as strings (BINARY in base64, as Spark's to_json), ARRAY / MAP / STRUCT as JSON arrays and
//! objects.
void writeJson(std::ostream& out, const StatementResult& result);

void writeResult(std::ostream& out, const StatementResult& result, OutputFormat format);

}  // namespace sluice
