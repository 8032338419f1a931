// src/function/scalar/predicates.cpp
//
// NOT, IS NULL and IS NOT NULL. AND and OR are not here: they evaluate their right side only
// where the left does not decide, so the expression evaluator implements them.

#include "function/function_registry.hpp"
#include "function/scalar/kernel_loops.hpp"

namespace sluice {

namespace {

BoundScalarFunction bindNot(const BindRequest& request) {
  const DataType& type = request.argument_types[0];
  requireArgumentType(
      type.id() == TypeId::kBoolean || type.id() == TypeId::kString || type.isVoid(), request.name,
      fmt::format("the input of NOT must be BOOLEAN, not \"{}\"", type.sql()));
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    unaryLoop<uint8_t, uint8_t>(*args[0], rows, result,
                                [](uint8_t a, idx_t) -> uint8_t { return !a; });
  };
  return {"not", {DataType::boolean()}, DataType::boolean(), std::move(kernel)};
}

BoundScalarFunction bindNullTest(bool want_null, const BindRequest& request) {
  ScalarKernel kernel = [want_null](const ExecContext&, const ArgumentVectors& args,
                                    const RowSet& rows, Vector& result) {
    uint8_t* out = result.mutableData<uint8_t>();
    const Vector& input = *args[0];
    forEachRow(rows, [&](idx_t row) {
      result.setNull(row, false);
      out[row] = input.isNull(row) == want_null;
    });
  };
  return {want_null ? "isnull" : "isnotnull",
          {request.argument_types[0]},
          DataType::boolean(),
          std::move(kernel)};
}

}  // namespace

void registerPredicateFunctions(FunctionRegistry& registry) {
  registry.addScalar({"not", 1, 1, bindNot}, {"!"});
  registry.addScalar({"isnull", 1, 1, [](const BindRequest& r) { return bindNullTest(true, r); }});
  registry.addScalar(
      {"isnotnull", 1, 1, [](const BindRequest& r) { return bindNullTest(false, r); }});
}

}  // namespace sluice
