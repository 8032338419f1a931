// src/storage/format/line_file_writer.cpp
#include "storage/format/line_file_writer.hpp"

#include "storage/file/local_file.hpp"

namespace sluice {

LineFileWriter::LineFileWriter(std::string path, std::string line_break)
    : file_(std::make_unique<LocalFileWriter>(std::move(path))),
      line_break_(std::move(line_break)) {}

LineFileWriter::~LineFileWriter() = default;

void LineFileWriter::writeLine(std::string_view text) {
  line_.assign(text);
  line_ += line_break_;
  file_->write(line_.data(), line_.size());
}

void LineFileWriter::writeRows(const Batch& batch, size_t columns, const RowFormatter& format) {
  std::vector<Value> values(columns, Value::null(DataType::voidType()));
  for (idx_t row = 0; row < batch.num_rows; ++row) {
    for (size_t column = 0; column < columns; ++column)
      values[column] = batch.columns[column].getValue(row);
    line_.clear();
    format(values, line_);
    line_ += line_break_;
    file_->write(line_.data(), line_.size());
  }
}

void LineFileWriter::close() {
  file_->close();
}

}  // namespace sluice
