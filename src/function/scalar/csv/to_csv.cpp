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
#include "function/scalar/options_argument.hpp"
#include "function/scalar/string_kernel.hpp"

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
  OptionsArgument<CsvWriteFunctionOptions> options_argument(
      request, 1, [](const Value* map) { return readCsvWriteOptions(map, "to_csv"); });
  ScalarKernel kernel = [options_argument](const ExecContext& context, const ArgumentVectors& args,
                                           const RowSet& rows, Vector& result) {
    if (rows.count == 0)
      return;
    std::shared_ptr<const CsvWriteFunctionOptions> batch_options =
        options_argument.forBatch(args, rows);
    const CsvWriteFunctionOptions& options = *batch_options;
    csv::CsvWriteOptions csv = options.csv;
    csv.time_zone = options.zone ? options.zone.get() : &datetime::sessionZone(context);
    csv::CsvRecordFormatter formatter(csv);
    writeTextOfValues(*args[0], rows, result, [&](const Value& value, std::string& text) {
      formatter.appendRecord(value.children(), text);
    });
  };
  return {"to_csv", request.argument_types, DataType::string(), std::move(kernel)};
}

}  // namespace

void registerToCsvFunctions(FunctionRegistry& registry) {
  registry.addScalar({"to_csv", 1, 2, bindToCsv});
}

}  // namespace sluice
