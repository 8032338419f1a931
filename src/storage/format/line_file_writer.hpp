// src/storage/format/line_file_writer.hpp
//
// A text file of one line per row, as the JSON Lines and CSV writers write it: the format
// turns a row's values into its line, this writes the lines.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/types/value.hpp"
#include "common/vector/vector.hpp"

namespace sluice {

class LocalFileWriter;

class LineFileWriter {
 public:
  //! Appends a row's text (no line break) to `out`; `values` are the row's columns.
  using RowFormatter = std::function<void(const std::vector<Value>& values, std::string& out)>;

  //! Creates (or truncates) `path`; each line ends with `line_break`.
  explicit LineFileWriter(std::string path, std::string line_break = "\n");
  ~LineFileWriter();
  LineFileWriter(const LineFileWriter&) = delete;
  LineFileWriter& operator=(const LineFileWriter&) = delete;

  //! Appends `text` and a line break.
  void writeLine(std::string_view text);
  //! Appends one line per row of `batch`, its first `columns` columns formatted by `format`.
  void writeRows(const Batch& batch, size_t columns, const RowFormatter& format);
  //! Flushes and closes the file.
  void close();

 private:
  std::unique_ptr<LocalFileWriter> file_;
  std::string line_break_;
  std::string line_;
};

}  // namespace sluice
