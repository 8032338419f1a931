// src/function/scalar/csv/schema_of_csv.cpp
//
// schema_of_csv(csv[, options]): the struct type, in DDL form, that Spark's CSV inference gives
// the first record of a constant CSV text: fields _c0, _c1, ... typed as the CSV reader infers
// them (common/csv/csv_schema_inference.hpp; a field with no value is STRING).

#include "common/csv/csv_schema_inference.hpp"
#include "common/error/error.hpp"
#include "common/types/time_zone.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/csv/csv_function_options.hpp"
#include "function/scalar/options_argument.hpp"

namespace sluice {

namespace {

std::string inferredDdl(const std::string& text, const Value* options_map) {
  csv::CsvOptions options = readCsvReadOptions(options_map, "schema_of_csv").csv;
  // Columns are _c0, _c1, ... whatever the header option says; every field is inferred.
  options.header = false;
  options.infer_column_types = true;
  if (!options.time_zone)
    options.time_zone = TimeZone::find("UTC");
  std::vector<StructField> fields =
      csv::finishInferredSchema(csv::inferCsvSchema("schema_of_csv", text, options, 1));
  return DataType::structOf(std::move(fields)).sql();
}

BoundScalarFunction bindSchemaOfCsv(const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::string());
  const Value* constant = constantArgument(request, 0);
  if (constant == nullptr) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "NON_FOLDABLE_INPUT",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: the input `csv` "
                            "should be a foldable \"STRING\" expression.",
                            request.name));
  }
  if (constant->isNull()) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_NULL",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: The csv must not "
                            "be null.",
                            request.name));
  }
  std::vector<DataType> argument_types = {input};
  if (request.argument_types.size() > 1)
    argument_types.push_back(request.argument_types[1]);
  // The "options" this function reads are the DDL they make inference give.
  std::string text = constant->getString();
  OptionsArgument<std::string> ddl(request, 1,
                                   [text](const Value* map) { return inferredDdl(text, map); });
  return {"schema_of_csv", std::move(argument_types), DataType::string(),
          textOfOptionsKernel(std::move(ddl))};
}

}  // namespace

void registerSchemaOfCsvFunctions(FunctionRegistry& registry) {
  registry.addScalar({"schema_of_csv", 1, 2, bindSchemaOfCsv});
}

}  // namespace sluice
