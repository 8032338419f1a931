// src/storage/csv/csv_reader.cpp
//
// The record loop: tokenize, decide NULL, convert each field straight into its output vector,
// and apply the parse mode to records that do not fit.
#include "storage/csv/csv_reader.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/csv/csv_tokenizer.hpp"
#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"
#include "common/text/json_text.hpp"
#include "common/text/utf8_repair.hpp"

namespace sluice::csv {

namespace {

// Spark cuts records in its error messages to this length (maxErrorContentLength).
constexpr size_t kMaxErrorContent = 1000;

std::string clip(std::string_view text) {
  if (text.size() <= kMaxErrorContent)
    return std::string(text);
  return std::string(text.substr(0, kMaxErrorContent)) + "...";
}

}  // namespace

CsvReader::CsvReader(std::string path, std::string text, std::vector<StructField> schema,
                     CsvOptions options)
    : path_(std::move(path)),
      text_(std::move(text)),
      schema_(std::move(schema)),
      options_(std::move(options)),
      converter_(schema_, options_, path_) {
  if (options_.batch_size == 0)
    options_.batch_size = kVectorSize;
  repairUtf8(text_);
  tokenizer_ = std::make_unique<CsvTokenizer>(text_, options_);
  has_rescued_column_ = !options_.rescued_data_column.empty();
  header_pending_ = options_.header;
}

CsvReader::~CsvReader() = default;

bool CsvReader::next(Batch& batch) {
  batch.columns.clear();
  batch.num_rows = 0;
  if (finished_)
    return false;
  idx_t capacity = options_.batch_size;
  batch.columns.reserve(schema_.size() + (has_rescued_column_ ? 1 : 0));
  for (const StructField& field : schema_)
    batch.columns.emplace_back(field.type, capacity);
  if (has_rescued_column_)
    batch.columns.emplace_back(DataType::string(), capacity);
  idx_t rows = 0;
  while (rows < capacity) {
    if (!tokenizer_->next()) {
      finished_ = true;
      break;
    }
    if (header_pending_) {
      header_pending_ = false;
      header_names_.reserve(tokenizer_->fieldCount());
      for (idx_t i = 0; i < tokenizer_->fieldCount(); ++i) {
        header_names_.emplace_back(tokenizer_->field(i));
      }
      if (!options_.enforce_schema)
        checkHeader();
      continue;
    }
    if (readRecord(batch.columns, rows))
      ++rows;
  }
  batch.num_rows = rows;
  return rows > 0;
}

bool CsvReader::readRecord(std::vector<Vector>& columns, idx_t row) {
  const CsvTokenizer& tokens = *tokenizer_;
  idx_t field_count = tokens.fieldCount();
  idx_t column_count = schema_.size();
  if (options_.mode != ParseMode::kPermissive) {
    // Spark's malformed records: an unclosed quote, or a field count not the schema's.
    std::string detail;
    if (tokens.malformed()) {
      detail = "Malformed CSV record: a quoted field is never closed.";
    } else if (field_count != column_count) {
      detail = fmt::format("Malformed CSV record: expected {} fields, found {}.", column_count,
                           field_count);
    }
    if (!detail.empty()) {
      if (options_.mode == ParseMode::kDropMalformed)
        return false;
      failRecord(std::min(field_count, column_count), detail);
    }
  }
  rescued_.clear();
  for (idx_t column = 0; column < column_count; ++column) {
    Vector& vector = columns[column];
    if (column >= field_count) {
      vector.setNull(row);
      continue;
    }
    std::string_view text = converter_.withEmptyValue(tokens.field(column), tokens.quoted(column));
    if (converter_.isNull(text, tokens.quoted(column)) || converter_.isVoid(column)) {
      vector.setNull(row);
      continue;
    }
    if (converter_.convert(vector, column, row, text)) {
      vector.setNull(row, false);
      continue;
    }
    if (options_.mode == ParseMode::kDropMalformed)
      return false;
    if (options_.mode == ParseMode::kFailFast) {
      failRecord(column, fmt::format("Cannot parse the value '{}' of column '{}' as {}.",
                                     clip(text), schema_[column].name, schema_[column].type.sql()));
    }
    vector.setNull(row);
    if (has_rescued_column_)
      rescue(schema_[column].name, text);
  }
  if (!has_rescued_column_)
    return true;
  // Fields beyond the schema are rescued by their header name (or position); NULL ones are
  // not data.
  for (idx_t index = column_count; index < field_count; ++index) {
    std::string_view text = tokens.field(index);
    if (converter_.isNull(text, tokens.quoted(index)))
      continue;
    if (index < header_names_.size() && !header_names_[index].empty()) {
      rescue(header_names_[index], text);
    } else {
      rescue("_c" + std::to_string(index), text);
    }
  }
  Vector& rescued = columns[column_count];
  if (rescued_.empty()) {
    rescued.setNull(row);
  } else {
    rescued_ += ",\"_file_path\":";
    appendJsonString(rescued_, path_);
    rescued_ += '}';
    rescued.mutableData<StringView>()[row] = rescued.addString(rescued_);
    rescued.setNull(row, false);
  }
  return true;
}

void CsvReader::rescue(std::string_view key, std::string_view value) {
  rescued_ += rescued_.empty() ? '{' : ',';
  appendJsonString(rescued_, key);
  rescued_ += ':';
  appendJsonString(rescued_, value);
}

void CsvReader::checkHeader() const {
  // Spark's CSVHeaderChecker: the names in order, case-insensitively.
  size_t count = std::max(header_names_.size(), schema_.size());
  for (size_t index = 0; index < count; ++index) {
    if (index < header_names_.size() && index < schema_.size() &&
        sameIdentifier(header_names_[index], schema_[index].name)) {
      continue;
    }
    std::vector<std::string> schema_names;
    for (const StructField& field : schema_)
      schema_names.push_back(field.name);
    std::string detail =
        header_names_.size() != schema_.size()
            ? fmt::format(
                  "Number of column in CSV header is not equal to number of fields in the "
                  "schema:\n Header length: {}, schema size: {}",
                  header_names_.size(), schema_.size())
            : fmt::format("Expected: {} but found: {}", schema_[index].name, header_names_[index]);
    Error error(
        ErrorClass::FAILED_READ_FILE, "NO_HINT",
        fmt::format("Encountered error while reading file {}. CSV header does not conform "
                    "to the schema.\n Header: {}\n Schema: {}\n{}",
                    path_, fmt::join(header_names_, ", "), fmt::join(schema_names, ", "), detail));
    error.withLocation(tokenizer_->locate(std::min(index, header_names_.size()), path_));
    throw error;
  }
}

void CsvReader::failRecord(idx_t field, const std::string& detail) const {
  Error error(ErrorClass::MALFORMED_RECORD_IN_PARSING, "WITHOUT_SUGGESTION",
              fmt::format("Malformed records are detected in record parsing: [{}]. Parse Mode: "
                          "FAILFAST. To process malformed records as null result, try setting "
                          "the option 'mode' as 'PERMISSIVE'. {}",
                          clip(tokenizer_->recordText()), detail));
  error.withLocation(tokenizer_->locate(field, path_));
  throw error;
}

}  // namespace sluice::csv
