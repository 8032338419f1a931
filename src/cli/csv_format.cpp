// src/cli/csv_format.cpp
//
// The CSV writer (RFC 4180 quoting, "\n" line ends as Spark writes them).
#include <string>

#include "cli/result_format.hpp"
#include "cli/result_rows.hpp"

namespace sluice {

namespace {

void writeField(std::ostream& out, std::string_view text) {
  bool needs_quotes = text.empty() || text.find_first_of(",\"\r\n") != std::string_view::npos;
  if (!needs_quotes) {
    out << text;
    return;
  }
  out << '"';
  for (char c : text) {
    if (c == '"')
      out << '"';
    out << c;
  }
  out << '"';
}

}  // namespace

void writeCsv(std::ostream& out, const StatementResult& result) {
  idx_t num_columns = result.numColumns();
  for (idx_t column = 0; column < num_columns; ++column) {
    if (column > 0)
      out << ',';
    writeField(out, result.columnNames()[column]);
  }
  out << '\n';
  forEachRow(result, [&](idx_t row, const Batch& batch, idx_t batch_row) {
    for (idx_t column = 0; column < num_columns; ++column) {
      if (column > 0)
        out << ',';
      // NULL is the empty field; the empty string is written quoted.
      if (!batch.columns[column].isNull(batch_row)) {
        writeField(out, result.displayValue(row, column));
      }
    }
    out << '\n';
  });
}

}  // namespace sluice
