// src/storage/csv/csv_writer.cpp
#include "storage/csv/csv_writer.hpp"

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/types/value.hpp"
#include "storage/format/line_file_writer.hpp"

namespace sluice::csv {

namespace {

void refuseNestedColumns(const std::vector<StructField>& schema) {
  for (const StructField& column : schema) {
    TypeId id = column.type.id();
    if (id == TypeId::kArray || id == TypeId::kMap || id == TypeId::kStruct ||
        id == TypeId::kVariant) {
      throw Error(ErrorClass::NOT_SUPPORTED,
                  fmt::format("The CSV data source does not support the column `{}` of the type "
                              "{}: CSV holds scalar values only. Write it as JSON, or convert "
                              "the column (to_json).",
                              column.name, column.type.sql()));
    }
  }
}

}  // namespace

CsvWriter::CsvWriter(std::string path, std::vector<StructField> schema, CsvWriteOptions options)
    : schema_(std::move(schema)), options_(std::move(options)) {
  refuseNestedColumns(schema_);
  lines_ = std::make_unique<LineFileWriter>(std::move(path), options_.line_separator);
  if (options_.header) {
    std::string header;
    CsvRecordFormatter(options_).appendHeader(schema_, header);
    lines_->writeLine(header);
  }
}

CsvWriter::~CsvWriter() = default;

void CsvWriter::write(const Batch& batch) {
  CsvRecordFormatter formatter(options_);
  lines_->writeRows(batch, schema_.size(), [&](const std::vector<Value>& values, std::string& out) {
    formatter.appendRecord(values, out);
  });
}

void CsvWriter::close() {
  lines_->close();
}

}  // namespace sluice::csv
