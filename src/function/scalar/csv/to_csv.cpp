// src/function/scalar/csv/to_csv.cpp
//
// to_csv(struct[, options]): the struct's fields as one CSV record, as Spark's StructsToCsv
// writes it (common/csv/csv_record_format.hpp): no line break, NULL fields empty, arrays, maps
// and structs in the generator's text. A VARIANT anywhere in the struct, or a value that is not
// a struct, is DATATYPE_MISMATCH.UNSUPPORTED_INPUT_TYPE. A NULL struct gives NULL.

#include <memory>
#include <optional>

#include "common/csv/csv_record_format.hpp"
#include "common/error/error.hpp"
#include "common/types/time_zone.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/csv/csv_function_options.hpp"
#include "function/scalar/datetime_common.hpp"

namespace sluice {

namespace {

BoundScalarFunction bindToCsv(const BindRequest& request) {
  const DataType& input = request.argument_types[0];
  if (input.id() != TypeId::kStruct || containsVariantType(input)) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "UNSUPPORTED_INPUT_TYPE",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: The input of "
                            "`to_csv` can't be \"{}\" type data.",
                            request.name, input.sql()));
  }
  bool has_options = request.argument_types.size() > 1;
  if (has_options)
    requireOptionsMap(request.argument_types[1]);
  // Options are a constant map; a map() call that the binder did not fold is read once per
  // batch, from its first row.
  std::shared_ptr<const CsvWriteFunctionOptions> constant_options;
  if (!has_options || request.argument_constants[1] != nullptr) {
    constant_options = std::make_shared<const CsvWriteFunctionOptions>(
        readCsvWriteOptions(has_options ? request.argument_constants[1] : nullptr, "to_csv"));
  }
  ScalarKernel kernel = [constant_options](const ExecContext& context, const ArgumentVectors& args,
                                           const RowSet& rows, Vector& result) {
    if (rows.count == 0)
      return;
    std::optional<CsvWriteFunctionOptions> batch_options;
    if (!constant_options) {
      Value map = args[1]->getValue(rows.row(0));
      batch_options = readCsvWriteOptions(&map, "to_csv");
    }
    const CsvWriteFunctionOptions& options = constant_options ? *constant_options : *batch_options;
    csv::CsvWriteOptions csv = options.csv;
    csv.time_zone = options.zone ? options.zone.get() : &datetime::sessionZone(context);
    csv::CsvRecordFormatter formatter(csv);
    const Vector& values = *args[0];
    StringView* out = result.mutableData<StringView>();
    std::string text;
    forEachRow(rows, [&](idx_t row) {
      if (values.isNull(row)) {
        result.setNull(row);
        return;
      }
      text.clear();
      formatter.appendRecord(values.getValue(row).children(), text);
      result.setNull(row, false);
      out[row] = result.addString(text);
    });
  };
  return {"to_csv", request.argument_types, DataType::string(), std::move(kernel)};
}

}  // namespace

void registerToCsvFunctions(FunctionRegistry& registry) {
  registry.addScalar({"to_csv", 1, 2, bindToCsv});
}

}  // namespace sluice
