// src/storage/csv/csv_reader.cpp
//
// The record loop: tokenize, decide NULL, convert each field straight into its output vector,
// and apply the parse mode to records that do not fit.
#include "storage/csv/csv_reader.hpp"

#include <algorithm>
#include <limits>
#include <type_traits>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/text/json_text.hpp"
#include "common/text/utf8_repair.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"
#include "storage/csv/csv_tokenizer.hpp"
#include "storage/csv/csv_value_text.hpp"

namespace sluice::csv {

namespace {

using ColumnKind = CsvReader::ColumnKind;

// Spark cuts records in its error messages to this length (maxErrorContentLength).
constexpr size_t kMaxErrorContent = 1000;

ColumnKind kindOf(const StructField& field, std::string_view path) {
  switch (field.type.id()) {
    case TypeId::kVoid:
      return ColumnKind::kVoid;
    case TypeId::kBoolean:
      return ColumnKind::kBoolean;
    case TypeId::kByte:
      return ColumnKind::kByte;
    case TypeId::kShort:
      return ColumnKind::kShort;
    case TypeId::kInt:
      return ColumnKind::kInt;
    case TypeId::kLong:
      return ColumnKind::kLong;
    case TypeId::kFloat:
      return ColumnKind::kFloat;
    case TypeId::kDouble:
      return ColumnKind::kDouble;
    case TypeId::kDecimal:
      return ColumnKind::kDecimal;
    case TypeId::kString:
    case TypeId::kBinary:
      return ColumnKind::kString;
    case TypeId::kDate:
      return ColumnKind::kDate;
    case TypeId::kTimestamp:
      return ColumnKind::kTimestamp;
    case TypeId::kTimestampNtz:
      return ColumnKind::kTimestampNtz;
    default:
      throw Error(ErrorClass::NOT_SUPPORTED,
                  fmt::format("The CSV datasource doesn't support the column `{}` of the type "
                              "\"{}\" (reading {}).",
                              field.name, field.type.sql(), path));
  }
}

template <typename T>
bool storeIntegral(Vector& vector, idx_t row, std::string_view text) {
  int64_t value = 0;
  if (!parseJavaIntegral(text, std::numeric_limits<T>::min(), std::numeric_limits<T>::max(),
                         value)) {
    return false;
  }
  vector.mutableData<T>()[row] = static_cast<T>(value);
  return true;
}

// Spark's nanValue / positiveInf / negativeInf defaults, then Java's parser.
template <typename T>
std::optional<T> floatingOf(std::string_view text) {
  if (text == "NaN")
    return std::numeric_limits<T>::quiet_NaN();
  if (text == "Inf")
    return std::numeric_limits<T>::infinity();
  if (text == "-Inf")
    return -std::numeric_limits<T>::infinity();
  if constexpr (std::is_same_v<T, float>) {
    return parseJavaFloat(text);
  } else {
    return parseJavaDouble(text);
  }
}

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
      options_(std::move(options)) {
  if (options_.batch_size == 0)
    options_.batch_size = kVectorSize;
  zone_ = options_.time_zone ? options_.time_zone : TimeZone::find("UTC");
  kinds_.reserve(schema_.size());
  for (const StructField& field : schema_) {
    ColumnKind kind = kindOf(field, path_);
    if (kind == ColumnKind::kDate && !options_.date_format.empty() && !date_pattern_) {
      date_pattern_ = DatetimePattern::compileForParsing(options_.date_format);
    }
    if (kind == ColumnKind::kTimestamp && !options_.timestamp_format.empty() &&
        !timestamp_pattern_) {
      timestamp_pattern_ = DatetimePattern::compileForParsing(options_.timestamp_format);
    }
    kinds_.push_back(kind);
  }
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
    std::string_view text = tokens.field(column);
    bool is_null = (text.empty() && !tokens.quoted(column)) || text == options_.null_value;
    if (is_null || kinds_[column] == ColumnKind::kVoid) {
      vector.setNull(row);
      continue;
    }
    if (convert(vector, column, row, text)) {
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
    if ((text.empty() && !tokens.quoted(index)) || text == options_.null_value)
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

bool CsvReader::convert(Vector& vector, idx_t column, idx_t row, std::string_view text) {
  switch (kinds_[column]) {
    case ColumnKind::kVoid:
      return true;
    case ColumnKind::kBoolean: {
      std::optional<bool> value = parseJavaBoolean(text);
      if (!value)
        return false;
      vector.mutableData<uint8_t>()[row] = *value ? 1 : 0;
      return true;
    }
    case ColumnKind::kByte:
      return storeIntegral<int8_t>(vector, row, text);
    case ColumnKind::kShort:
      return storeIntegral<int16_t>(vector, row, text);
    case ColumnKind::kInt:
      return storeIntegral<int32_t>(vector, row, text);
    case ColumnKind::kLong:
      return storeIntegral<int64_t>(vector, row, text);
    case ColumnKind::kFloat: {
      std::optional<float> value = floatingOf<float>(text);
      if (!value)
        return false;
      vector.mutableData<float>()[row] = *value;
      return true;
    }
    case ColumnKind::kDouble: {
      std::optional<double> value = floatingOf<double>(text);
      if (!value)
        return false;
      vector.mutableData<double>()[row] = *value;
      return true;
    }
    case ColumnKind::kDecimal: {
      // new BigDecimal(text.replaceAll(",", "")) (Spark's US-locale decimal parser), which
      // refuses surrounding spaces; HALF_UP to the scale; too many digits do not convert.
      if (hasOuterSpace(text))
        return false;
      std::string without_commas;
      if (text.find(',') != std::string_view::npos) {
        without_commas.reserve(text.size());
        for (char c : text) {
          if (c != ',')
            without_commas += c;
        }
        text = without_commas;
      }
      const DataType& type = schema_[column].type;
      int128_t unscaled = 0;
      if (parseDecimal(text, type.precision(), type.scale(), unscaled) != ParseStatus::kOk) {
        return false;
      }
      if (type.isWideDecimal()) {
        vector.mutableData<int128_t>()[row] = unscaled;
      } else {
        vector.mutableData<int64_t>()[row] = static_cast<int64_t>(unscaled);
      }
      return true;
    }
    case ColumnKind::kString:
      vector.mutableData<StringView>()[row] = vector.addString(text);
      return true;
    case ColumnKind::kDate: {
      std::optional<int32_t> days =
          date_pattern_ ? date_pattern_->parseDate(text) : parseDate(text);
      if (!days)
        return false;
      vector.mutableData<int32_t>()[row] = *days;
      return true;
    }
    case ColumnKind::kTimestamp: {
      std::optional<int64_t> micros = timestamp_pattern_
                                          ? timestamp_pattern_->parseTimestamp(text, *zone_)
                                          : parseTimestamp(text, *zone_);
      if (!micros)
        return false;
      vector.mutableData<int64_t>()[row] = *micros;
      return true;
    }
    case ColumnKind::kTimestampNtz: {
      std::optional<int64_t> micros = parseTimestampNtz(text, false);
      if (!micros)
        return false;
      vector.mutableData<int64_t>()[row] = *micros;
      return true;
    }
  }
  return false;
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
