// src/storage/json/json_writer.cpp
#include "storage/json/json_writer.hpp"

#include <cmath>

#include <fmt/format.h>

#include "common/types/value.hpp"
#include "common/types/value_text.hpp"
#include "storage/file/local_file.hpp"
#include "storage/format/datetime_text_writer.hpp"

namespace sluice::json {

namespace {

void appendQuoted(std::string_view text, std::string& out) {
  out += '"';
  for (char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
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
        if (static_cast<unsigned char>(c) < 0x20)
          out += fmt::format("\\u{:04X}", static_cast<unsigned char>(c));
        else
          out += c;
    }
  }
  out += '"';
}

std::string base64(std::string_view bytes) {
  static constexpr char kDigits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  size_t index = 0;
  for (; index + 2 < bytes.size(); index += 3) {
    uint32_t group = (uint8_t(bytes[index]) << 16) | (uint8_t(bytes[index + 1]) << 8) |
                     uint8_t(bytes[index + 2]);
    for (int shift : {18, 12, 6, 0})
      out += kDigits[(group >> shift) & 63];
  }
  size_t rest = bytes.size() - index;
  if (rest > 0) {
    uint32_t group = uint8_t(bytes[index]) << 16;
    if (rest == 2)
      group |= uint8_t(bytes[index + 1]) << 8;
    out += kDigits[(group >> 18) & 63];
    out += kDigits[(group >> 12) & 63];
    out += rest == 2 ? kDigits[(group >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

// Jackson writes the non-finite numbers as strings.
void appendFloating(double value, std::string text, std::string& out) {
  if (std::isfinite(value))
    out += text;
  else
    appendQuoted(text, out);
}

class JsonRecordFormatter {
 public:
  explicit JsonRecordFormatter(const JsonWriteOptions& options)
      : options_(options), datetimes_(options.time_zone) {}

  void appendStruct(const std::vector<StructField>& fields, const std::vector<Value>& values,
                    std::string& out) const {
    out += '{';
    bool first = true;
    for (size_t index = 0; index < fields.size(); ++index) {
      if (values[index].isNull() && options_.ignore_null_fields)
        continue;
      if (!first)
        out += ',';
      first = false;
      appendQuoted(fields[index].name, out);
      out += ':';
      appendValue(values[index], out);
    }
    out += '}';
  }

  void appendValue(const Value& value, std::string& out) const {
    if (value.isNull()) {
      out += "null";
      return;
    }
    const DataType& type = value.type();
    switch (type.id()) {
      case TypeId::kVoid:
        out += "null";
        return;
      case TypeId::kBoolean:
        out += value.getBoolean() ? "true" : "false";
        return;
      case TypeId::kByte:
      case TypeId::kShort:
      case TypeId::kInt:
      case TypeId::kLong:
        out += std::to_string(value.getInt64());
        return;
      case TypeId::kFloat:
        appendFloating(value.getFloat(), formatFloat(value.getFloat()), out);
        return;
      case TypeId::kDouble:
        appendFloating(value.getDouble(), formatDouble(value.getDouble()), out);
        return;
      case TypeId::kDecimal:
        out += formatDecimalScientific(value.getDecimalUnscaled(), type.scale());
        return;
      case TypeId::kString:
        appendQuoted(value.getString(), out);
        return;
      case TypeId::kBinary:
        appendQuoted(base64(value.getString()), out);
        return;
      case TypeId::kDate:
        appendQuoted(datetimes_.date(static_cast<int32_t>(value.getInt64())), out);
        return;
      case TypeId::kTimestamp:
        appendQuoted(datetimes_.timestamp(value.getInt64()), out);
        return;
      case TypeId::kTimestampNtz:
        appendQuoted(datetimes_.timestampNtz(value.getInt64()), out);
        return;
      case TypeId::kYearMonthInterval:
        appendQuoted(formatYearMonthInterval(static_cast<int32_t>(value.getInt64()),
                                             type.startField(), type.endField()),
                     out);
        return;
      case TypeId::kDayTimeInterval:
        appendQuoted(formatDayTimeInterval(value.getInt64(), type.startField(), type.endField()),
                     out);
        return;
      case TypeId::kArray: {
        out += '[';
        bool first = true;
        for (const Value& element : value.children()) {
          if (!first)
            out += ',';
          first = false;
          appendValue(element, out);
        }
        out += ']';
        return;
      }
      case TypeId::kMap: {
        out += '{';
        bool first = true;
        for (const Value& entry : value.children()) {
          if (!first)
            out += ',';
          first = false;
          appendQuoted(keyText(entry.children()[0]), out);
          out += ':';
          appendValue(entry.children()[1], out);
        }
        out += '}';
        return;
      }
      case TypeId::kStruct:
        appendStruct(type.fields(), value.children(), out);
        return;
    }
  }

 private:
  //! A map key as Jackson's field name: the key's text.
  std::string keyText(const Value& key) const {
    if (key.type().id() == TypeId::kString)
      return key.getString();
    std::string text;
    appendValue(key, text);
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"')
      return text.substr(1, text.size() - 2);
    return text;
  }

  const JsonWriteOptions& options_;
  DatetimeTextWriter datetimes_;
};

}  // namespace

std::string formatJsonRecord(const std::vector<StructField>& schema,
                             const std::vector<Value>& values, const JsonWriteOptions& options) {
  std::string out;
  JsonRecordFormatter(options).appendStruct(schema, values, out);
  return out;
}

JsonWriter::JsonWriter(std::string path, std::vector<StructField> schema, JsonWriteOptions options)
    : schema_(std::move(schema)),
      options_(options),
      file_(std::make_unique<LocalFileWriter>(std::move(path))) {}

JsonWriter::~JsonWriter() = default;

void JsonWriter::write(const Batch& batch) {
  JsonRecordFormatter formatter(options_);
  std::vector<Value> values(schema_.size(), Value::null(DataType::voidType()));
  for (idx_t row = 0; row < batch.num_rows; ++row) {
    for (size_t column = 0; column < schema_.size(); ++column)
      values[column] = batch.columns[column].getValue(row);
    line_.clear();
    formatter.appendStruct(schema_, values, line_);
    line_ += '\n';
    file_->write(line_.data(), line_.size());
  }
}

void JsonWriter::close() {
  file_->close();
}

}  // namespace sluice::json
