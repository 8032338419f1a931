// src/function/scalar/binder_resolved.cpp
//
// The built-in functions the binder resolves itself, before it looks in the registry: their
// entries have no binder of their own and exist so that SHOW FUNCTIONS lists them and
// DESCRIBE FUNCTION documents them. Where each is bound:
// - coalesce, if / iff, ifnull / nvl, named_struct, struct, and the operators named as functions
//   (and, or, in, between, when, cast): planner/binder/expression_binder.cpp
// - nullif, nvl2, zeroifnull, nullifzero, assert_true and the type-name casts:
//   planner/binder/conditional_binder.cpp
// - the higher-order functions: planner/binder/lambda_binder.cpp
// - the window functions: planner/binder/window_binder.cpp
// - the generators: planner/binder/generator_binder.cpp
// - current_catalog, current_database / current_schema: planner/binder/session_functions.cpp
// - input_file_name, input_file_block_start, input_file_block_length:
//   planner/binder/input_file_functions.cpp
// - grouping, grouping_id: planner/binder/aggregate_binder.cpp
#include "function/function_registry.hpp"

namespace sluice {

namespace {

struct BinderResolvedFunction {
  const char* name;
  int min_arguments;
  int max_arguments;
};

const BinderResolvedFunction kBinderResolvedFunctions[] = {
    // The operators Spark's registry also names as functions.
    {"and", 2, 2},
    {"or", 2, 2},
    {"in", 2, -1},
    {"between", 3, 3},
    {"when", 2, -1},
    {"cast", 1, 1},
    // Conditional functions.
    {"coalesce", 1, -1},
    {"if", 3, 3},
    {"iff", 3, 3},
    {"ifnull", 2, 2},
    {"nvl", 2, 2},
    {"nullif", 2, 2},
    {"nvl2", 3, 3},
    {"zeroifnull", 1, 1},
    {"nullifzero", 1, 1},
    {"assert_true", 1, 2},
    // The session's current catalog and schema.
    {"current_catalog", 0, 0},
    {"current_database", 0, 0},
    {"current_schema", 0, 0},
    // The file a row was read from.
    {"input_file_name", 0, 0},
    {"input_file_block_start", 0, 0},
    {"input_file_block_length", 0, 0},
    // Struct constructors.
    {"named_struct", 0, -1},
    {"struct", 0, -1},
    // Type-name casts (Spark's cast aliases).
    {"bigint", 1, 1},
    {"binary", 1, 1},
    {"boolean", 1, 1},
    {"date", 1, 1},
    {"decimal", 1, 1},
    {"double", 1, 1},
    {"float", 1, 1},
    {"int", 1, 1},
    {"smallint", 1, 1},
    {"string", 1, 1},
    {"timestamp", 1, 1},
    {"time", 1, 1},
    {"tinyint", 1, 1},
    // Higher-order functions.
    {"transform", 2, 2},
    {"filter", 2, 2},
    {"exists", 2, 2},
    {"forall", 2, 2},
    {"aggregate", 3, 4},
    {"reduce", 3, 4},
    {"zip_with", 3, 3},
    {"map_filter", 2, 2},
    {"transform_keys", 2, 2},
    {"transform_values", 2, 2},
    {"map_zip_with", 3, 3},
    // The grouping-set indicators.
    {"grouping", 1, 1},
    {"grouping_id", 0, -1},
    // Window functions.
    {"row_number", 0, 0},
    {"rank", 0, 0},
    {"dense_rank", 0, 0},
    {"percent_rank", 0, 0},
    {"cume_dist", 0, 0},
    {"ntile", 1, 1},
    {"lag", 1, 3},
    {"lead", 1, 3},
    {"nth_value", 2, 3},
    // Generators.
    {"explode", 1, 1},
    {"explode_outer", 1, 1},
    {"posexplode", 1, 1},
    {"posexplode_outer", 1, 1},
    {"inline", 1, 1},
    {"inline_outer", 1, 1},
    {"stack", 2, -1},
    {"json_tuple", 2, -1},
    {"variant_explode", 1, 1},
    {"variant_explode_outer", 1, 1},
};

}  // namespace

void registerBinderResolvedFunctions(FunctionRegistry& registry) {
  for (const BinderResolvedFunction& function : kBinderResolvedFunctions) {
    registry.addScalar({function.name, function.min_arguments, function.max_arguments, nullptr});
  }
}

}  // namespace sluice
