// src/function/scalar/misc.cpp
//
// typeof: the simple name of its argument's type, known when the query is bound.

#include "function/function_registry.hpp"

namespace sluice {

void registerMiscFunctions(FunctionRegistry& registry) {
  registry.addScalar(
      {"typeof", 1, 1, [](const BindRequest& request) -> BoundScalarFunction {
         std::string name = request.argument_types[0].simpleString();
         ScalarKernel kernel = [name](const ExecContext&, const ArgumentVectors&,
                                      const RowSet& rows, Vector& result) {
           StringView text = result.addString(name);
           StringView* out = result.mutableData<StringView>();
           forEachRow(rows, [&](idx_t row) {
             result.setNull(row, false);
             out[row] = text;
           });
         };
         return {"typeof", {request.argument_types[0]}, DataType::string(), std::move(kernel)};
       }});
}

}  // namespace sluice
