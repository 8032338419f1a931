// src/function/function_registry.hpp
//
// Scalar functions by name. Each entry binds itself to argument types: it decides the
// argument types the binder must cast to, the return type and the kernel, or raises
// DATATYPE_MISMATCH. Families register themselves from their own files.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "function/function.hpp"

namespace sluice {

//! Resolves a function for argument types; `argument_is_literal[i]` tells whether argument i
//! is a literal, which some of Spark's coercion rules look at.
struct BindRequest {
  std::string_view name;  // as the user spelled it, for messages
  std::vector<DataType> argument_types;
  std::vector<bool> argument_is_literal;
  //! For each argument, its value when it is a constant (NULL constants included), else null.
  //! Functions whose result type depends on an argument (round's scale) read it here.
  std::vector<const Value*> argument_constants;
};

using ScalarBinder = std::function<BoundScalarFunction(const BindRequest& request)>;

struct ScalarFunctionEntry {
  std::string name;
  int min_arguments = 0;
  int max_arguments = 0;  // -1: any number
  //! Null for the functions the binder resolves itself before the registry (coalesce, the
  //! window functions, generators, ...): their entries only name and document them.
  ScalarBinder bind;
};

class FunctionRegistry {
 public:
  //! The built-in functions; built once, on first use.
  static const FunctionRegistry& builtin();

  void addScalar(ScalarFunctionEntry entry, std::vector<std::string> aliases = {});
  //! Looks a function up by name, case-insensitively; null when unknown.
  const ScalarFunctionEntry* findScalar(std::string_view name) const;
  //! Every registered name (for suggestions and SHOW FUNCTIONS).
  std::vector<std::string> scalarNames() const;
  //! Every entry by registered name, aliases included, in name order.
  const std::map<std::string, ScalarFunctionEntry, std::less<>>& entries() const {
    return scalars_;
  }

 private:
  std::map<std::string, ScalarFunctionEntry, std::less<>> scalars_;
};

// One registration function per family, each in its own file.
void registerArithmeticFunctions(FunctionRegistry& registry);
void registerComparisonFunctions(FunctionRegistry& registry);
void registerPredicateFunctions(FunctionRegistry& registry);
void registerConstructorFunctions(FunctionRegistry& registry);
void registerMiscFunctions(FunctionRegistry& registry);
void registerMathFunctions(FunctionRegistry& registry);
void registerRoundingFunctions(FunctionRegistry& registry);
void registerNumericFunctions(FunctionRegistry& registry);
void registerBitwiseFunctions(FunctionRegistry& registry);
void registerRandomFunctions(FunctionRegistry& registry);
void registerStringFunctions(FunctionRegistry& registry);
void registerCaseMappingFunctions(FunctionRegistry& registry);
void registerStringTrimFunctions(FunctionRegistry& registry);
void registerSubstringFunctions(FunctionRegistry& registry);
void registerStringSearchFunctions(FunctionRegistry& registry);
void registerConcatFunctions(FunctionRegistry& registry);
void registerRegexFunctions(FunctionRegistry& registry);
void registerLikeFunctions(FunctionRegistry& registry);
void registerFormatFunctions(FunctionRegistry& registry);
void registerEncodingFunctions(FunctionRegistry& registry);
void registerDigestFunctions(FunctionRegistry& registry);
void registerHashFunctions(FunctionRegistry& registry);
void registerStringDistanceFunctions(FunctionRegistry& registry);
void registerDatetimeFieldFunctions(FunctionRegistry& registry);
void registerDatetimeArithmeticFunctions(FunctionRegistry& registry);
void registerDatetimeTimestampFunctions(FunctionRegistry& registry);
void registerDatetimeConversionFunctions(FunctionRegistry& registry);
void registerDatetimeWindowFunctions(FunctionRegistry& registry);
void registerTimeFunctions(FunctionRegistry& registry);
void registerSpatialFunctions(FunctionRegistry& registry);
void registerIntervalFunctions(FunctionRegistry& registry);
void registerGetJsonObjectFunctions(FunctionRegistry& registry);
void registerToJsonFunctions(FunctionRegistry& registry);
void registerSchemaOfJsonFunctions(FunctionRegistry& registry);
void registerUuidFunctions(FunctionRegistry& registry);
void registerCurrentUserFunctions(FunctionRegistry& registry);
void registerSparkPartitionIdFunctions(FunctionRegistry& registry);
void registerMonotonicallyIncreasingIdFunctions(FunctionRegistry& registry);
void registerArrayLookupFunctions(FunctionRegistry& registry);
void registerArrayTransformFunctions(FunctionRegistry& registry);
void registerArraySetFunctions(FunctionRegistry& registry);
void registerArraySortFunctions(FunctionRegistry& registry);
void registerSequenceFunctions(FunctionRegistry& registry);
void registerMapFunctions(FunctionRegistry& registry);

//! Builds a STRUCT value from its arguments, one field each (struct, named_struct, rows).
ScalarKernel namedStructKernel();

//! Raises DATATYPE_MISMATCH for `name` when `condition` is false.
void requireArgumentType(bool condition, std::string_view name, const std::string& what);

}  // namespace sluice
