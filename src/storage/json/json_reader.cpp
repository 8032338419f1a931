// src/storage/json/json_reader.cpp
//
// The record loop of the JSON reader: parse modes, the rescued column, FAILFAST errors.
#include "storage/json/json_reader.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/text/utf8_repair.hpp"
#include "common/variant/variant_json.hpp"
#include "storage/json/padded_input.hpp"
#include "storage/json/record_converter.hpp"
#include "storage/json/record_splitter.hpp"

namespace sluice::json {

namespace {

//! Bytes of the offending line shown in an error, at most.
constexpr size_t kMaxLineTextInError = 1000;
//! Bytes of the offending value shown in an error, at most.
constexpr size_t kMaxValueTextInError = 200;

std::string_view malformedReasonText(MalformedReason reason) {
  switch (reason) {
    case MalformedReason::kInvalidJson:
      return "the record is not valid JSON";
    case MalformedReason::kInvalidUtf8:
      return "the record is not valid UTF-8";
    case MalformedReason::kNotObject:
      return "the record is not a JSON object";
  }
  return "the record is malformed";
}

std::string repairedPrefix(std::string_view text, size_t limit) {
  std::string out;
  appendRepairedUtf8(out, text.substr(0, limit));
  if (text.size() > limit)
    out += "...";
  return out;
}

//! Throws INVALID_DATETIME_PATTERN for a pattern that cannot parse.
DatetimeParsing datetimeParsing(const JsonOptions& options) {
  DatetimeParsing parsing;
  if (!options.date_format.empty()) {
    parsing.date_pattern = DatetimePattern::compileForParsing(options.date_format);
  }
  if (!options.timestamp_format.empty()) {
    parsing.timestamp_pattern = DatetimePattern::compileForParsing(options.timestamp_format);
  }
  parsing.zone = options.time_zone;
  return parsing;
}

}  // namespace

struct JsonReader::State {
  State(std::string path_in, std::string text_in, std::vector<StructField> schema_in,
        JsonOptions options_in)
      : path(std::move(path_in)),
        text(std::move(text_in)),
        schema(std::move(schema_in)),
        options(std::move(options_in)),
        converter(schema, path, !options.rescued_data_column.empty(),
                  options.mode != ParseMode::kPermissive, datetimeParsing(options)) {
    padText(text);
    splitter =
        std::make_unique<RecordSplitter>(text, readableFrom(text.data()), options.multi_line);
  }

  size_t readableFrom(const char* position) const {
    return static_cast<size_t>(text.data() + text.capacity() - position);
  }

  //! Handles a malformed record as the mode says; true when it became a row.
  bool malformedRecord(const JsonRecord& record, std::string_view reason, size_t offset,
                       std::vector<Vector>& columns, Vector* rescued_column, idx_t row);
  [[noreturn]] void throwMalformed(const JsonRecord& record, std::string_view reason,
                                   size_t offset) const;
  std::string mismatchReason() const;
  //! singleVariantColumn: the record as one variant in `column`; false when it became no row.
  bool variantRecord(const JsonRecord& record, Vector& column, idx_t row);

  std::string path;
  std::string text;  // never changes after padding: records view into it
  std::vector<StructField> schema;
  JsonOptions options;
  RecordConverter converter;
  std::unique_ptr<RecordSplitter> splitter;
  std::string corrupt_data;  // reused for each malformed record's rescued data
  variant::JsonToVariant variant_parser{"read_files"};  // singleVariantColumn
  std::string variant_encoded;
  bool finished = false;
};

bool JsonReader::State::malformedRecord(const JsonRecord& record, std::string_view reason,
                                        size_t offset, std::vector<Vector>& columns,
                                        Vector* rescued_column, idx_t row) {
  switch (options.mode) {
    case ParseMode::kDropMalformed:
      return false;
    case ParseMode::kFailFast:
      throwMalformed(record, reason, offset);
    case ParseMode::kPermissive:
      break;
  }
  converter.setNullRow(columns, row);
  if (rescued_column) {
    converter.corruptRecordData(record.text, corrupt_data);
    rescued_column->mutableData<StringView>()[row] = rescued_column->addString(corrupt_data);
    if (rescued_column->mayHaveNulls())
      rescued_column->setNull(row, false);
  }
  return true;
}

void JsonReader::State::throwMalformed(const JsonRecord& record, std::string_view reason,
                                       size_t offset) const {
  // The line and column of the problem: multiLine records span lines and start mid-line.
  const char* at = record.text.data() + std::min(offset, record.text.size());
  uint64_t line = record.line + static_cast<uint64_t>(std::count(record.text.data(), at, '\n'));
  const char* line_start = at;
  while (line_start > text.data() && line_start[-1] != '\n')
    --line_start;
  const char* text_end = text.data() + text.size();
  const auto* newline = static_cast<const char*>(std::memchr(at, '\n', text_end - at));
  std::string_view line_text(line_start, (newline ? newline : text_end) - line_start);
  if (!line_text.empty() && line_text.back() == '\r')
    line_text.remove_suffix(1);
  SourceLocation location{path, static_cast<uint32_t>(std::min<uint64_t>(line, UINT32_MAX)),
                          static_cast<uint32_t>(std::min<size_t>(at - line_start + 1, UINT32_MAX)),
                          repairedPrefix(line_text, kMaxLineTextInError)};
  throw Error(ErrorClass::MALFORMED_RECORD_IN_PARSING, "WITHOUT_SUGGESTION",
              fmt::format("Malformed records are detected in record parsing: {}. Parse Mode: "
                          "FAILFAST. To process malformed records as null result, try setting "
                          "the option 'mode' as 'PERMISSIVE'.",
                          reason))
      .withLocation(std::move(location));
}

bool JsonReader::State::variantRecord(const JsonRecord& record, Vector& column, idx_t row) {
  if (record.problem != SplitProblem::kInvalidDocument &&
      variant_parser.encode(record.text, variant_encoded)) {
    column.mutableData<StringView>()[row] = column.addString(variant_encoded);
    return true;
  }
  switch (options.mode) {
    case ParseMode::kDropMalformed:
      return false;
    case ParseMode::kFailFast:
      throwMalformed(record, malformedReasonText(MalformedReason::kInvalidJson), 0);
    case ParseMode::kPermissive:
      break;
  }
  column.setNull(row);
  return true;
}

std::string JsonReader::State::mismatchReason() const {
  const ConvertFailure& failure = converter.failure();
  std::string field;
  for (auto name = failure.path.rbegin(); name != failure.path.rend(); ++name) {
    if (!field.empty())
      field.push_back('.');
    field.append(*name);
  }
  return fmt::format(
      "cannot parse the field name '{}' and the value {} of the JSON token type {} to target "
      "Spark data type \"{}\"",
      field, repairedPrefix(failure.token, kMaxValueTextInError), jacksonTokenName(failure.kind),
      failure.type ? failure.type->sql() : std::string("?"));
}

JsonReader::JsonReader(std::string path, std::string text, std::vector<StructField> schema,
                       JsonOptions options)
    : state_(std::make_unique<State>(std::move(path), std::move(text), std::move(schema),
                                     std::move(options))) {}

JsonReader::~JsonReader() = default;
JsonReader::JsonReader(JsonReader&&) noexcept = default;
JsonReader& JsonReader::operator=(JsonReader&&) noexcept = default;

bool JsonReader::next(Batch& batch) {
  State& state = *state_;
  if (state.finished)
    return false;
  idx_t capacity = std::max<idx_t>(state.options.batch_size, 1);
  std::vector<Vector> columns;
  columns.reserve(state.schema.size() + 1);
  for (const StructField& field : state.schema)
    columns.emplace_back(field.type, capacity);
  bool rescue = !state.options.rescued_data_column.empty();
  Vector rescued_column = rescue ? Vector(DataType::string(), capacity) : Vector();

  idx_t row = 0;
  JsonRecord record;
  if (!state.options.single_variant_column.empty()) {
    while (row < capacity && state.splitter->next(record)) {
      if (state.variantRecord(record, columns[0], row))
        ++row;
    }
    if (row == 0) {
      state.finished = true;
      return false;
    }
    batch.columns = std::move(columns);
    batch.num_rows = row;
    return true;
  }
  while (row < capacity && state.splitter->next(record)) {
    Vector* rescued = rescue ? &rescued_column : nullptr;
    if (record.problem != SplitProblem::kNone) {
      std::string_view reason = record.problem == SplitProblem::kNotObject
                                    ? malformedReasonText(MalformedReason::kNotObject)
                                    : malformedReasonText(MalformedReason::kInvalidJson);
      if (state.malformedRecord(record, reason, 0, columns, rescued, row))
        ++row;
      continue;
    }
    RecordStatus status =
        state.converter.convert(record.text, state.readableFrom(record.text.data()), columns, row);
    switch (status) {
      case RecordStatus::kOk:
        if (rescued) {
          const std::string& data = state.converter.rescued();
          if (data.empty()) {
            rescued->setNull(row);
          } else {
            rescued->mutableData<StringView>()[row] = rescued->addString(data);
            if (rescued->mayHaveNulls())
              rescued->setNull(row, false);
          }
        }
        ++row;
        break;
      case RecordStatus::kMismatch:
        // Only DROPMALFORMED and FAILFAST stop at a mismatch.
        if (state.options.mode == ParseMode::kFailFast) {
          state.throwMalformed(record, state.mismatchReason(), state.converter.errorOffset());
        }
        break;
      case RecordStatus::kMalformed:
        if (state.malformedRecord(record, malformedReasonText(state.converter.malformedReason()),
                                  state.converter.errorOffset(), columns, rescued, row)) {
          ++row;
        }
        break;
    }
  }
  if (row == 0) {
    state.finished = true;
    return false;
  }
  if (rescue)
    columns.push_back(std::move(rescued_column));
  batch.columns = std::move(columns);
  batch.num_rows = row;
  return true;
}

}  // namespace sluice::json
