// src/function/scalar/csv/from_csv.cpp
//
// from_csv(csvStr, schema[, options]): the first CSV record of `csvStr` read into a struct, as
// Spark's CsvToStructs reads it (UnivocityParser behind FailureSafeParser). The binder parses
// the schema (a DDL string of a struct, or a folded schema_of_csv) and hands it over as the
// type of a NULL constant. Fields map to the struct's fields by position and convert as the
// CSV reader converts them (common/csv/csv_field_converter.hpp); fields beyond the schema are
// dropped, missing ones are NULL. A record is malformed when a field does not convert, when it
// has more or fewer fields than the schema, when a quote is never closed or when there is no
// record: PERMISSIVE (the default) keeps what converted, NULL elsewhere, and puts the text in
// the STRING field named by columnNameOfCorruptRecord (default _corrupt_record) when the schema
// has one; FAILFAST raises MALFORMED_RECORD_IN_PARSING. A NULL input gives NULL.

#include <memory>
#include <optional>

#include "common/csv/csv_field_converter.hpp"
#include "common/csv/csv_tokenizer.hpp"
#include "common/error/error.hpp"
#include "common/types/time_zone.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/csv/csv_function_options.hpp"
#include "function/scalar/datetime_common.hpp"
#include "function/scalar/options_argument.hpp"

namespace sluice {

namespace {

//! The schema's fields split into the ones read from the record and the corrupt-record field.
struct FromCsvLayout {
  std::vector<StructField> data_fields;
  std::vector<idx_t> data_positions;  // each data field's position in the result struct
  std::optional<idx_t> corrupt_position;
};

FromCsvLayout layoutOf(const DataType& schema, const std::string& corrupt_column) {
  FromCsvLayout layout;
  layout.corrupt_position = corruptRecordField(schema, corrupt_column);
  const std::vector<StructField>& fields = schema.fields();
  for (idx_t index = 0; index < fields.size(); ++index) {
    if (index == layout.corrupt_position)
      continue;
    layout.data_fields.push_back(fields[index]);
    layout.data_positions.push_back(index);
  }
  return layout;
}

class FromCsvEvaluator {
 public:
  FromCsvEvaluator(const CsvReadFunctionOptions& options, const FromCsvLayout& layout,
                   const csv::CsvOptions& csv)
      : options_(options),
        layout_(layout),
        converter_(layout.data_fields, csv, "from_csv"),
        tokenizer_(std::string_view(), csv) {}

  void evaluate(std::string_view text, Vector& result, idx_t row) {
    tokenizer_.reset(text);
    bool has_record = tokenizer_.next();
    idx_t field_count = has_record ? tokenizer_.fieldCount() : 0;
    idx_t column_count = layout_.data_fields.size();
    bool malformed = !has_record || tokenizer_.malformed() || field_count != column_count;
    for (idx_t column = 0; column < column_count; ++column) {
      Vector& out = result.child(layout_.data_positions[column]);
      if (column >= field_count) {
        out.setNull(row);
        continue;
      }
      std::string_view field =
          converter_.withEmptyValue(tokenizer_.field(column), tokenizer_.quoted(column));
      if (converter_.isNull(field, tokenizer_.quoted(column)) || converter_.isVoid(column)) {
        out.setNull(row);
      } else if (converter_.convert(out, column, row, field)) {
        out.setNull(row, false);
      } else {
        out.setNull(row);
        malformed = true;
      }
    }
    if (malformed && options_.fail_fast) {
      throw Error(ErrorClass::MALFORMED_RECORD_IN_PARSING, "WITHOUT_SUGGESTION",
                  fmt::format("Malformed records are detected in record parsing: [{}]. Parse "
                              "Mode: FAILFAST. To process malformed records as null result, try "
                              "setting the option 'mode' as 'PERMISSIVE'.",
                              text));
    }
    if (layout_.corrupt_position) {
      Vector& corrupt = result.child(*layout_.corrupt_position);
      if (malformed) {
        corrupt.mutableData<StringView>()[row] = corrupt.addString(text);
        corrupt.setNull(row, false);
      } else {
        corrupt.setNull(row);
      }
    }
    result.setNull(row, false);
  }

 private:
  const CsvReadFunctionOptions& options_;
  const FromCsvLayout& layout_;
  csv::CsvFieldConverter converter_;
  csv::CsvTokenizer tokenizer_;
};

BoundScalarFunction bindFromCsv(const BindRequest& request) {
  expectArgument(request, 0, DataType::string());
  // The binder has checked that the schema is a struct; every field of it is nullable here.
  std::vector<StructField> fields = request.argument_types[1].fields();
  for (StructField& field : fields)
    field.nullable = true;
  DataType schema = DataType::structOf(std::move(fields));
  std::vector<DataType> argument_types = {DataType::string(), request.argument_types[1]};
  OptionsArgument<CsvReadFunctionOptions> options_argument(
      request, 2, [](const Value* map) { return readCsvReadOptions(map, "from_csv"); });
  if (request.argument_types.size() > 2)
    argument_types.push_back(request.argument_types[2]);
  if (const CsvReadFunctionOptions* constant = options_argument.constant()) {
    // Checked here when the options are known; else the converters refuse the type per batch.
    FromCsvLayout layout = layoutOf(schema, constant->corrupt_column);
    for (const StructField& field : layout.data_fields) {
      if (!csv::CsvFieldConverter::canHold(field.type)) {
        throw Error(ErrorClass::UNSUPPORTED_DATATYPE,
                    fmt::format("Unsupported data type {}.", field.type.sql()));
      }
    }
  }
  ScalarKernel kernel = [schema, options_argument](const ExecContext& context,
                                                   const ArgumentVectors& args, const RowSet& rows,
                                                   Vector& result) {
    if (rows.count == 0)
      return;
    std::shared_ptr<const CsvReadFunctionOptions> batch_options =
        options_argument.forBatch(args, rows);
    const CsvReadFunctionOptions& options = *batch_options;
    FromCsvLayout layout = layoutOf(schema, options.corrupt_column);
    csv::CsvOptions csv = options.csv;
    if (!csv.time_zone) {
      // The session's zone, borrowed for this batch.
      csv.time_zone = std::shared_ptr<const TimeZone>(std::shared_ptr<const TimeZone>(),
                                                      &datetime::sessionZone(context));
    }
    FromCsvEvaluator evaluator(options, layout, csv);
    const Vector& texts = *args[0];
    forEachRow(rows, [&](idx_t row) {
      if (texts.isNull(row)) {
        result.setValue(row, Value::null(schema));
        return;
      }
      StringView text = texts.at<StringView>(row);
      evaluator.evaluate(std::string_view(text.data(), text.size()), result, row);
    });
  };
  return {"from_csv", std::move(argument_types), schema, std::move(kernel)};
}

}  // namespace

void registerFromCsvFunctions(FunctionRegistry& registry) {
  registry.addScalar({"from_csv", 2, 3, bindFromCsv});
}

}  // namespace sluice
