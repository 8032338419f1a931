// src/cli/json_format.cpp
//
// The JSON lines writer. Scalars reuse the shell's text (displayValue) so that a DOUBLE or a
// TIMESTAMP reads the same in every format; nested values are walked as boxed Values and each
// scalar inside is printed through a one-value result, for the same reason.
#include <sstream>
#include <string>

#include "cli/result_format.hpp"
#include "cli/result_rows.hpp"
#include "common/text/base64.hpp"
#include "common/text/json_text.hpp"

namespace sluice {

namespace {

void writeJsonString(std::ostream& out, std::string_view text) {
  std::string quoted;
  appendJsonString(quoted, text);
  out << quoted;
}

//! Writes a scalar of `type` whose shell text is `text`: numbers and booleans bare (NaN and
//! the infinities, which JSON lacks, as strings), everything else as a JSON string.
void writeScalarText(std::ostream& out, const DataType& type, const std::string& text) {
  bool bare = type.isNumeric() || type.id() == TypeId::kBoolean;
  if (type.isFloating() && (text == "NaN" || text == "Infinity" || text == "-Infinity")) {
    bare = false;
  }
  if (bare) {
    out << text;
  } else {
    writeJsonString(out, text);
  }
}

//! The shell's text of one scalar value, through a one-row result.
std::string displayScalar(const Value& value) {
  Vector vector(value.type(), 1);
  vector.setValue(0, value);
  Batch batch;
  batch.columns.push_back(std::move(vector));
  batch.num_rows = 1;
  std::vector<Batch> batches;
  batches.push_back(std::move(batch));
  StatementResult result({"value"}, {value.type()}, std::move(batches));
  return result.displayValue(0, 0);
}

void writeValue(std::ostream& out, const Value& value);

//! The text of a map key as a JSON object key: strings as they are, other values as the text
//! they would be written as.
std::string keyText(const Value& key) {
  if (key.isNull())
    return "null";
  if (key.type().id() == TypeId::kString)
    return key.getString();
  if (!key.type().isNested())
    return displayScalar(key);
  std::ostringstream text;
  writeValue(text, key);
  return text.str();
}

void writeValue(std::ostream& out, const Value& value) {
  const DataType& type = value.type();
  if (value.isNull()) {
    out << "null";
    return;
  }
  switch (type.id()) {
    case TypeId::kBoolean:
      out << (value.getBoolean() ? "true" : "false");
      return;
    case TypeId::kByte:
    case TypeId::kShort:
    case TypeId::kInt:
    case TypeId::kLong:
      out << value.getInt64();
      return;
    case TypeId::kString:
      writeJsonString(out, value.getString());
      return;
    case TypeId::kBinary: {
      std::string text;
      appendBase64(text, value.getString());
      writeJsonString(out, text);
      return;
    }
    case TypeId::kVariant:
      out << displayScalar(value);  // its JSON text, written as JSON
      return;
    case TypeId::kArray: {
      out << '[';
      const std::vector<Value>& elements = value.children();
      for (size_t i = 0; i < elements.size(); ++i) {
        if (i > 0)
          out << ',';
        writeValue(out, elements[i]);
      }
      out << ']';
      return;
    }
    case TypeId::kMap: {
      out << '{';
      const std::vector<Value>& entries = value.children();
      for (size_t i = 0; i < entries.size(); ++i) {
        if (i > 0)
          out << ',';
        writeJsonString(out, keyText(entries[i].children()[0]));
        out << ':';
        writeValue(out, entries[i].children()[1]);
      }
      out << '}';
      return;
    }
    case TypeId::kStruct: {
      out << '{';
      const std::vector<StructField>& fields = type.fields();
      const std::vector<Value>& children = value.children();
      for (size_t i = 0; i < fields.size() && i < children.size(); ++i) {
        if (i > 0)
          out << ',';
        writeJsonString(out, fields[i].name);
        out << ':';
        writeValue(out, children[i]);
      }
      out << '}';
      return;
    }
    default:
      writeScalarText(out, type, displayScalar(value));
      return;
  }
}

}  // namespace

void writeJson(std::ostream& out, const StatementResult& result) {
  idx_t num_columns = result.numColumns();
  forEachRow(result, [&](idx_t row, const Batch& batch, idx_t batch_row) {
    out << '{';
    for (idx_t column = 0; column < num_columns; ++column) {
      if (column > 0)
        out << ',';
      writeJsonString(out, result.columnNames()[column]);
      out << ':';
      const DataType& type = result.columnTypes()[column];
      if (batch.columns[column].isNull(batch_row)) {
        out << "null";
      } else if (type.isNested() || type.id() == TypeId::kBinary || type.isVariant()) {
        writeValue(out, result.value(row, column));
      } else {
        writeScalarText(out, type, result.displayValue(row, column));
      }
    }
    out << "}\n";
  });
}

}  // namespace sluice
