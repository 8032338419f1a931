// src/function/scalar/json/json_inspection.cpp
//
// json_array_length(json): the number of elements of a JSON array; json_object_keys(json): the
// keys of a JSON object, in document order. Both read the outermost value only, and are NULL
// for NULL, malformed JSON, or a value of the other kind.
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/collection/collection_common.hpp"
#include "function/scalar/json/json_tree.hpp"
#include "function/scalar/kernel_loops.hpp"

namespace sluice {

namespace {

BoundScalarFunction bindJsonArrayLength(const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::string());
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    unaryLoop<StringView, int32_t>(*args[0], rows, result, [&](StringView text, idx_t row) {
      std::optional<json::Node> node = json::parseFirstValue(text);
      if (!node || node->kind != json::NodeKind::kArray) {
        result.setNull(row);
        return int32_t{0};
      }
      return static_cast<int32_t>(node->elements.size());
    });
  };
  return {"json_array_length", {input}, DataType::intType(), std::move(kernel)};
}

BoundScalarFunction bindJsonObjectKeys(const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::string());
  DataType keys = DataType::array(DataType::string());
  return {"json_object_keys", {input}, keys, boxedKernel([keys](const std::vector<Value>& args) {
            std::optional<json::Node> node = json::parseFirstValue(args[0].getString());
            if (!node || node->kind != json::NodeKind::kObject)
              return Value::null(keys);
            std::vector<Value> names;
            for (const auto& [name, value] : node->fields)
              names.push_back(Value::string(name));
            return arrayValue(keys, std::move(names));
          })};
}

}  // namespace

void registerJsonInspectionFunctions(FunctionRegistry& registry) {
  registry.addScalar({"json_array_length", 1, 1, bindJsonArrayLength});
  registry.addScalar({"json_object_keys", 1, 1, bindJsonObjectKeys});
}

}  // namespace sluice
