// test/fuzz/json_reader_fuzz.cpp
//
// libFuzzer target for the JSON reader and JSON schema inference. The bytes are one file's
// text, read in lines and multiLine mode: inference (then merge and finish), and readers in
// PERMISSIVE, DROPMALFORMED and FAILFAST mode with a fixed schema that covers every type,
// nested too, and with the inferred schema. PERMISSIVE and DROPMALFORMED never raise;
// FAILFAST raises only MALFORMED_RECORD_IN_PARSING; any other error (an INTERNAL_ERROR above
// all), another exception, a crash or a sanitizer report is a bug. Every value of every batch
// is read back, so that list offsets and validity are checked too.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "common/error/error.hpp"
#include "storage/json/json_inference.hpp"
#include "storage/json/json_reader.hpp"

namespace {

using sluice::DataType;
using sluice::StructField;

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "%s\n%s\n", what, detail.c_str());
  std::abort();
}

StructField field(std::string name, DataType type) {
  return StructField{std::move(name), std::move(type), true, {}};
}

const std::vector<StructField>& fixedSchema() {
  static const std::vector<StructField> schema = {
      field("b", DataType::boolean()),
      field("i8", DataType::byteType()),
      field("i16", DataType::shortType()),
      field("i32", DataType::intType()),
      field("i64", DataType::longType()),
      field("f", DataType::floatType()),
      field("d", DataType::doubleType()),
      field("dec", DataType::decimal(10, 2)),
      field("wdec", DataType::decimal(38, 6)),
      field("s", DataType::string()),
      field("bin", DataType::binary()),
      field("day", DataType::date()),
      field("ts", DataType::timestamp()),
      field("ntz", DataType::timestampNtz()),
      field("v", DataType::voidType()),
      field("st",
            DataType::structOf({field("a", DataType::intType()), field("s", DataType::string()),
                                field("l", DataType::array(DataType::longType()))})),
      field("arr", DataType::array(DataType::structOf(
                       {field("x", DataType::doubleType()),
                        field("m", DataType::map(DataType::string(), DataType::intType()))}))),
      field("m", DataType::map(DataType::string(), DataType::array(DataType::string()))),
      field("aa", DataType::array(DataType::array(DataType::intType()))),
  };
  return schema;
}

//! Reads every batch and every value; returns the error FAILFAST raised, if any.
void readAll(std::string_view text, const std::vector<StructField>& schema,
             sluice::json::JsonOptions options) {
  sluice::json::JsonReader reader("/fuzz/input.json", std::string(text), schema, options);
  sluice::Batch batch;
  while (reader.next(batch)) {
    if (batch.num_rows == 0 || batch.num_rows > options.batch_size) {
      fail("bad batch size", std::to_string(batch.num_rows));
    }
    size_t columns = schema.size() + (options.rescued_data_column.empty() ? 0 : 1);
    if (batch.columns.size() != columns)
      fail("bad column count", std::to_string(columns));
    for (const sluice::Vector& column : batch.columns) {
      for (sluice::idx_t row = 0; row < batch.num_rows; ++row)
        (void)column.getValue(row);
    }
  }
}

void readInEveryMode(std::string_view text, const std::vector<StructField>& schema,
                     bool multi_line) {
  sluice::json::JsonOptions options;
  options.multi_line = multi_line;
  options.batch_size = 3;
  for (sluice::ParseMode mode : {sluice::ParseMode::kPermissive, sluice::ParseMode::kDropMalformed,
                                 sluice::ParseMode::kFailFast}) {
    options.mode = mode;
    try {
      readAll(text, schema, options);
    } catch (const sluice::Error& error) {
      bool expected = mode == sluice::ParseMode::kFailFast &&
                      error.errorClass() == sluice::ErrorClass::MALFORMED_RECORD_IN_PARSING &&
                      error.location().has_value();
      if (!expected)
        fail("unexpected error while reading", error.report());
    }
  }
  // Without a rescued column.
  options.mode = sluice::ParseMode::kPermissive;
  options.rescued_data_column.clear();
  try {
    readAll(text, schema, options);
  } catch (const sluice::Error& error) {
    fail("unexpected error while reading without rescued column", error.report());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  for (bool multi_line : {false, true}) {
    std::vector<StructField> inferred;
    try {
      sluice::json::JsonOptions options;
      options.multi_line = multi_line;
      inferred = sluice::json::inferJsonSchema("/fuzz/input.json", text, options, 1000);
      options.infer_column_types = false;
      std::vector<StructField> strings =
          sluice::json::inferJsonSchema("/fuzz/input.json", text, options, 1000);
      inferred = sluice::json::finishInferredSchema(
          sluice::json::mergeInferredSchemas(inferred, fixedSchema()));
      (void)sluice::json::mergeInferredSchemas(strings, inferred);
    } catch (const sluice::Error& error) {
      fail("unexpected error while inferring", error.report());
    }
    readInEveryMode(text, fixedSchema(), multi_line);
    readInEveryMode(text, inferred, multi_line);
  }
  return 0;
}
