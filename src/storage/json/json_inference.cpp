// src/storage/json/json_inference.cpp
//
// Infers the schema of one JSON file's records (JsonInferSchema.inferField per record,
// compatibleType across records).
#include "storage/json/json_inference.hpp"

#include <string>

#include <simdjson.h>

#include "common/types/json_type_widening.hpp"
#include "storage/json/json_token.hpp"
#include "storage/json/json_value_copy.hpp"
#include "storage/json/padded_input.hpp"
#include "storage/json/record_splitter.hpp"

namespace sluice::json {

namespace ondemand = simdjson::ondemand;

namespace {

//! Digits beyond which an integer is inferred as DOUBLE instead of DECIMAL(p, 0).
constexpr size_t kMaxDecimalDigits = DataType::kMaxDecimalPrecision;

class RecordTypeInferrer {
 public:
  explicit RecordTypeInferrer(bool infer_column_types) : infer_column_types_(infer_column_types) {}

  //! Replaces `fields` with the record's top-level fields, sorted by name; false when the
  //! record is malformed or not an object.
  bool inferRecord(std::string_view record, size_t readable, std::vector<StructField>& fields);

 private:
  bool inferValue(ondemand::value& value, int depth, DataType& out);

  bool infer_column_types_;
  ondemand::parser parser_;
  std::string padded_copy_;
};

bool RecordTypeInferrer::inferRecord(std::string_view record, size_t readable,
                                     std::vector<StructField>& fields) {
  fields.clear();
  size_t start = skipJsonSpace(record);
  if (start == record.size() || record[start] != '{')
    return false;
  auto parsed = parser_.iterate(paddedRecord(record, readable, padded_copy_));
  if (parsed.error())
    return false;
  ondemand::document doc = std::move(parsed).value_unsafe();
  ondemand::object object;
  if (doc.get_object().get(object))
    return false;
  for (auto field_result : object) {
    ondemand::field field;
    if (std::move(field_result).get(field))
      return false;
    std::string_view key;
    if (field.unescaped_key().get(key))
      return false;
    DataType type;
    if (infer_column_types_) {
      if (!inferValue(field.value(), 1, type))
        return false;
    } else {
      // Every top-level field is STRING; its value must still be valid JSON.
      if (!copyJsonValue(field.value(), nullptr, 1))
        return false;
      type = DataType::string();
    }
    fields.push_back(StructField{std::string(key), std::move(type), true, {}});
  }
  if (doc.current_location().error() != simdjson::OUT_OF_BOUNDS)
    return false;
  sortAndMergeDuplicates(fields);
  return true;
}

bool RecordTypeInferrer::inferValue(ondemand::value& value, int depth, DataType& out) {
  if (depth >= kMaxNestingDepth)
    return false;
  std::string_view token = trimToken(value.raw_json_token());
  TokenKind kind = classifyToken(token);
  switch (kind) {
    case TokenKind::kObject: {
      ondemand::object object;
      if (value.get_object().get(object))
        return false;
      std::vector<StructField> fields;
      for (auto field_result : object) {
        ondemand::field field;
        if (std::move(field_result).get(field))
          return false;
        std::string_view key;
        if (field.unescaped_key().get(key))
          return false;
        DataType type;
        if (!inferValue(field.value(), depth + 1, type))
          return false;
        fields.push_back(StructField{std::string(key), std::move(type), true, {}});
      }
      sortAndMergeDuplicates(fields);
      out = DataType::structOf(std::move(fields));
      return true;
    }
    case TokenKind::kArray: {
      ondemand::array array;
      if (value.get_array().get(array))
        return false;
      DataType element_type = DataType::voidType();
      for (auto element_result : array) {
        ondemand::value element;
        if (std::move(element_result).get(element))
          return false;
        DataType type;
        if (!inferValue(element, depth + 1, type))
          return false;
        if (type != element_type)
          element_type = compatibleJsonType(element_type, type);
      }
      out = DataType::array(std::move(element_type));
      return true;
    }
    case TokenKind::kString: {
      if (!plainStringContent(token)) {
        std::string_view text;
        if (value.get_string().get(text))
          return false;  // checks the escapes
      }
      out = DataType::string();
      return true;
    }
    case TokenKind::kInteger: {
      int64_t number;
      if (parseIntegerToken(token, number) == IntegerToken::kOk) {
        out = DataType::longType();
        return true;
      }
      // Jackson's BIG_INTEGER: DECIMAL(digits, 0) while it fits, else DOUBLE.
      size_t digits = token.size() - (token[0] == '-' ? 1 : 0);
      out = digits <= kMaxDecimalDigits ? DataType::decimal(static_cast<int>(digits), 0)
                                        : DataType::doubleType();
      return true;
    }
    case TokenKind::kFloat:
    case TokenKind::kNonNumeric:
      out = DataType::doubleType();
      return true;
    case TokenKind::kTrue:
    case TokenKind::kFalse:
      out = DataType::boolean();
      return true;
    case TokenKind::kNull:
      out = DataType::voidType();
      return true;
    case TokenKind::kInvalid:
      return false;
  }
  return false;
}

//! Merges a record's fields into the file's schema, in place when the names are the same.
void mergeRecordFields(std::vector<StructField>& schema, const std::vector<StructField>& record) {
  bool same_names = schema.size() == record.size();
  for (size_t index = 0; same_names && index < schema.size(); ++index) {
    same_names = schema[index].name == record[index].name;
  }
  if (!same_names) {
    schema = mergeSortedFields(schema, record);
    return;
  }
  for (size_t index = 0; index < schema.size(); ++index) {
    if (schema[index].type != record[index].type) {
      schema[index].type = compatibleJsonType(schema[index].type, record[index].type);
    }
  }
}

}  // namespace

std::vector<StructField> inferJsonSchema(std::string_view path, std::string_view text,
                                         const JsonOptions& options, idx_t max_records) {
  // multiLine walks the whole document at once, which needs padding after it; lines are
  // padded one by one when needed.
  std::string padded;
  size_t readable = text.size();
  if (options.multi_line) {
    padded.assign(text);
    padText(padded);
    text = padded;
    readable = padded.capacity();
  }
  RecordSplitter splitter(text, readable, options.multi_line);
  RecordTypeInferrer inferrer(options.infer_column_types);
  std::vector<StructField> schema;
  std::vector<StructField> record_fields;
  idx_t records = 0;
  JsonRecord record;
  while (records < max_records && splitter.next(record)) {
    if (record.problem != SplitProblem::kNone)
      continue;
    size_t record_readable = readable - static_cast<size_t>(record.text.data() - text.data());
    if (!inferrer.inferRecord(record.text, record_readable, record_fields))
      continue;
    mergeRecordFields(schema, record_fields);
    ++records;
  }
  return schema;
}

}  // namespace sluice::json
