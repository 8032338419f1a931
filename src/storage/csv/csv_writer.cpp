// src/storage/csv/csv_writer.cpp
#include "storage/csv/csv_writer.hpp"

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/types/text_trim.hpp"
#include "common/types/value.hpp"
#include "common/types/value_text.hpp"
#include "storage/format/datetime_text_writer.hpp"
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

class CsvRecordFormatter {
 public:
  explicit CsvRecordFormatter(const CsvWriteOptions& options)
      : options_(options), datetimes_(options.time_zone) {}

  void appendRecord(const std::vector<Value>& values, std::string& out) const {
    for (size_t index = 0; index < values.size(); ++index) {
      if (index > 0)
        out += options_.separator;
      if (values[index].isNull()) {
        out += options_.null_value;
        continue;
      }
      appendField(valueText(values[index]), out);
    }
  }

  void appendHeader(const std::vector<StructField>& schema, std::string& out) const {
    for (size_t index = 0; index < schema.size(); ++index) {
      if (index > 0)
        out += options_.separator;
      appendField(schema[index].name, out);
    }
  }

 private:
  //! The field as written: trimmed, then quoted when it must be; an empty value is "".
  void appendField(std::string_view text, std::string& out) const {
    text = text_trim::trimJava(text);
    bool quoted = text.empty();
    for (char c : text) {
      if (c == options_.separator || c == options_.quote || c == '\n' || c == '\r')
        quoted = true;
    }
    if (!quoted) {
      out += text;
      return;
    }
    out += options_.quote;
    for (char c : text) {
      if (c == options_.quote)
        out += options_.escape;
      out += c;
    }
    out += options_.quote;
  }

  std::string valueText(const Value& value) const {
    const DataType& type = value.type();
    switch (type.id()) {
      case TypeId::kBoolean:
        return value.getBoolean() ? "true" : "false";
      case TypeId::kByte:
      case TypeId::kShort:
      case TypeId::kInt:
      case TypeId::kLong:
        return std::to_string(value.getInt64());
      case TypeId::kFloat:
        return formatFloat(value.getFloat());
      case TypeId::kDouble:
        return formatDouble(value.getDouble());
      case TypeId::kDecimal:
        return formatDecimalScientific(value.getDecimalUnscaled(), type.scale());
      case TypeId::kString:
      case TypeId::kBinary:
        return value.getString();
      case TypeId::kDate:
        return datetimes_.date(static_cast<int32_t>(value.getInt64()));
      case TypeId::kTimestamp:
        return datetimes_.timestamp(value.getInt64());
      case TypeId::kTimestampNtz:
        return datetimes_.timestampNtz(value.getInt64());
      case TypeId::kYearMonthInterval:
        return formatYearMonthInterval(static_cast<int32_t>(value.getInt64()), type.startField(),
                                       type.endField());
      case TypeId::kDayTimeInterval:
        return formatDayTimeInterval(value.getInt64(), type.startField(), type.endField());
      case TypeId::kVoid:
      case TypeId::kArray:
      case TypeId::kMap:
      case TypeId::kStruct:
      case TypeId::kVariant:
        break;
    }
    return "";
  }

  const CsvWriteOptions& options_;
  DatetimeTextWriter datetimes_;
};

}  // namespace

std::string formatCsvRecord(const std::vector<StructField>& schema,
                            const std::vector<Value>& values, const CsvWriteOptions& options) {
  refuseNestedColumns(schema);
  std::string out;
  CsvRecordFormatter(options).appendRecord(values, out);
  return out;
}

CsvWriter::CsvWriter(std::string path, std::vector<StructField> schema, CsvWriteOptions options)
    : schema_(std::move(schema)), options_(std::move(options)) {
  refuseNestedColumns(schema_);
  lines_ = std::make_unique<LineFileWriter>(std::move(path));
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
