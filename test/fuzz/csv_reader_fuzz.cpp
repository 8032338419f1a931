// test/fuzz/csv_reader_fuzz.cpp
//
// libFuzzer target for the CSV reader and Spark datetime patterns. The input is read as CSV:
// schema inference, then a reader over a fixed schema of every scalar type, in PERMISSIVE and
// FAILFAST modes, with multi-line off and on. It is also read as a datetime pattern (its first
// line) and texts to parse and format with it (the other lines). The first two bytes choose
// the other options (header, nullValue, escape, patterns, white space trimming, comments). Any
// input must either work or raise a user-facing sluice::Error; an INTERNAL_ERROR, any other
// exception, a crash, a sanitizer report, or output that breaks the reader's promises (row counts,
// valid UTF-8) is a bug.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/error/error.hpp"
#include "common/text/utf8_repair.hpp"
#include "common/types/datetime_pattern.hpp"
#include "common/types/time_zone.hpp"
#include "storage/csv/csv_reader.hpp"

namespace {

using sluice::DataType;
using sluice::Error;
using sluice::ErrorClass;
using sluice::StructField;

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "%s\n%s\n", what, detail.c_str());
  std::abort();
}

void checkUserError(const Error& error, const char* where) {
  if (error.errorClass() == ErrorClass::INTERNAL_ERROR)
    fail(where, error.report());
}

const std::vector<StructField>& everyScalarType() {
  static const std::vector<StructField> schema = [] {
    std::vector<std::pair<const char*, DataType>> columns = {
        {"b", DataType::boolean()},         {"t", DataType::byteType()},
        {"s", DataType::shortType()},       {"i", DataType::intType()},
        {"l", DataType::longType()},        {"f", DataType::floatType()},
        {"d", DataType::doubleType()},      {"dec", DataType::decimal(10, 2)},
        {"wide", DataType::decimal(30, 5)}, {"str", DataType::string()},
        {"bin", DataType::binary()},        {"dt", DataType::date()},
        {"ts", DataType::timestamp()},      {"ntz", DataType::timestampNtz()},
        {"v", DataType::voidType()}};
    std::vector<StructField> fields;
    for (auto& [name, type] : columns)
      fields.push_back(StructField{name, type, true, {}});
    return fields;
  }();
  return schema;
}

void readCsv(std::string_view text, const sluice::csv::CsvOptions& options) {
  const auto& schema = everyScalarType();
  try {
    auto inferred = sluice::csv::inferCsvSchema("<fuzz>", text, options, 100);
    inferred =
        sluice::csv::finishInferredSchema(sluice::csv::mergeInferredSchemas(inferred, inferred));
    for (const StructField& field : inferred) {
      if (field.type.isVoid())
        fail("VOID left after finishInferredSchema", field.name);
    }
  } catch (const Error& error) {
    checkUserError(error, "internal error in inference");
  }
  try {
    sluice::csv::CsvReader reader("<fuzz>", std::string(text), schema, options);
    sluice::Batch batch;
    size_t expected_columns = schema.size() + (options.rescued_data_column.empty() ? 0 : 1);
    while (reader.next(batch)) {
      if (batch.num_rows == 0 || batch.num_rows > options.batch_size) {
        fail("batch size out of range", std::to_string(batch.num_rows));
      }
      if (batch.columns.size() != expected_columns)
        fail("wrong column count", "");
      for (size_t column = 0; column < batch.columns.size(); ++column) {
        const sluice::Vector& vector = batch.columns[column];
        if (vector.type().id() != sluice::TypeId::kString)
          continue;
        for (sluice::idx_t row = 0; row < batch.num_rows; ++row) {
          if (vector.isNull(row))
            continue;
          std::string_view value = vector.at<sluice::StringView>(row).view();
          if (sluice::findInvalidUtf8(value) != std::string_view::npos) {
            fail("invalid UTF-8 in a STRING column", std::string(value));
          }
        }
      }
    }
  } catch (const Error& error) {
    checkUserError(error, "internal error while reading");
    if (options.mode != sluice::ParseMode::kFailFast &&
        error.errorClass() == ErrorClass::MALFORMED_RECORD_IN_PARSING) {
      fail("malformed record raised outside FAILFAST", error.report());
    }
  }
}

void runPattern(std::string_view text) {
  size_t line_end = text.find('\n');
  std::string_view pattern = text.substr(0, line_end);
  std::string_view rest =
      line_end == std::string_view::npos ? std::string_view() : text.substr(line_end + 1);
  std::optional<sluice::DatetimePattern> compiled;
  try {
    compiled = sluice::DatetimePattern::compile(pattern);
  } catch (const Error& error) {
    checkUserError(error, "internal error compiling a pattern");
    if (error.errorClass() != ErrorClass::INVALID_DATETIME_PATTERN) {
      fail("pattern refused with the wrong class", error.report());
    }
    return;
  }
  static const auto los_angeles = sluice::TimeZone::find("America/Los_Angeles");
  const sluice::TimeZone& utc = sluice::TimeZone::utc();
  if (compiled->formatOnly()) {
    compiled->formatTimestamp(0, *los_angeles);
    compiled->formatDate(-1);
    return;
  }
  while (!rest.empty()) {
    size_t end = rest.find('\n');
    std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    try {
      if (auto days = compiled->parseDate(line))
        compiled->formatDate(*days);
      if (auto micros = compiled->parseTimestamp(line, *los_angeles)) {
        compiled->formatTimestamp(*micros, *los_angeles);
        compiled->formatTimestamp(*micros, utc);
      }
      compiled->parseTimestamp(line, utc);
      if (auto micros = compiled->parseTimestampNtz(line))
        compiled->formatTimestamp(*micros, utc);
    } catch (const Error& error) {
      checkUserError(error, "internal error parsing with a pattern");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  // The first two bytes pick the options that are not looped over.
  uint8_t flags = size > 0 ? data[0] : 0;
  uint8_t more_flags = size > 1 ? data[1] : 0;
  for (bool multi_line : {false, true}) {
    for (sluice::ParseMode mode : {sluice::ParseMode::kPermissive, sluice::ParseMode::kFailFast}) {
      sluice::csv::CsvOptions options;
      options.multi_line = multi_line;
      options.mode = mode;
      options.header = flags & 1;
      options.batch_size = 1 + (flags >> 5);
      if (flags & 2)
        options.null_value = "NA";
      if (flags & 4)
        options.escape = '"';
      if (flags & 8) {
        options.date_format = "dd/MM/yyyy";
        options.timestamp_format = "yyyy-MM-dd'T'HH:mm[:ss][.SSS][XXX]";
        options.time_zone = sluice::TimeZone::find("America/Los_Angeles");
      }
      if (flags & 16)
        options.rescued_data_column.clear();
      options.ignore_leading_white_space = more_flags & 1;
      options.ignore_trailing_white_space = more_flags & 2;
      if (more_flags & 4)
        options.comment = '#';
      readCsv(text, options);
    }
  }
  runPattern(text);
  return 0;
}
