// src/cli/table_format.cpp
//
// The table writer:
//   +----+-------+
//   | id | name  |
//   +----+-------+
//   |  1 | alice |
//   |  2 | NULL  |
//   +----+-------+
#include <string>
#include <vector>

#include "cli/result_format.hpp"
#include "cli/result_rows.hpp"

namespace sluice {

namespace {

//! Replaces control characters so that a value cannot break the table's lines.
std::string escapeForTable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          out += '?';
        } else {
          out += c;
        }
    }
  }
  return out;
}

//! Columns on a terminal: one per code point (UTF-8 continuation bytes take none).
size_t displayWidth(std::string_view text) {
  size_t width = 0;
  for (char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80)
      ++width;
  }
  return width;
}

void writeBorder(std::ostream& out, const std::vector<size_t>& widths) {
  out << '+';
  for (size_t width : widths)
    out << std::string(width + 2, '-') << '+';
  out << '\n';
}

void writeLine(std::ostream& out, const std::vector<std::string>& cells,
               const std::vector<size_t>& widths, const std::vector<bool>& right_aligned) {
  out << '|';
  for (size_t column = 0; column < cells.size(); ++column) {
    std::string padding(widths[column] - displayWidth(cells[column]), ' ');
    out << ' ';
    if (right_aligned[column])
      out << padding;
    out << cells[column];
    if (!right_aligned[column])
      out << padding;
    out << " |";
  }
  out << '\n';
}

}  // namespace

void writeTable(std::ostream& out, const StatementResult& result) {
  idx_t num_columns = result.numColumns();
  std::vector<std::string> header;
  std::vector<size_t> widths;
  std::vector<bool> right_aligned;
  for (idx_t column = 0; column < num_columns; ++column) {
    header.push_back(escapeForTable(result.columnNames()[column]));
    widths.push_back(displayWidth(header.back()));
    right_aligned.push_back(result.columnTypes()[column].isNumeric());
  }
  std::vector<std::vector<std::string>> rows;
  rows.reserve(result.numRows());
  forEachRow(result, [&](idx_t row, const Batch& batch, idx_t batch_row) {
    std::vector<std::string> cells;
    cells.reserve(num_columns);
    for (idx_t column = 0; column < num_columns; ++column) {
      cells.push_back(batch.columns[column].isNull(batch_row)
                          ? "NULL"
                          : escapeForTable(result.displayValue(row, column)));
      widths[column] = std::max(widths[column], displayWidth(cells.back()));
    }
    rows.push_back(std::move(cells));
  });
  writeBorder(out, widths);
  writeLine(out, header, widths, right_aligned);
  writeBorder(out, widths);
  for (const std::vector<std::string>& cells : rows)
    writeLine(out, cells, widths, right_aligned);
  if (!rows.empty())
    writeBorder(out, widths);
}

}  // namespace sluice
