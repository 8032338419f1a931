// src/function/scalar/binder_resolved.cpp
//
// The built-in functions the binder resolves itself, before it looks in the registry: their
// entries have no binder of their own and exist so that SHOW FUNCTIONS lists them and
// DESCRIBE FUNCTION documents them. Where each is bound:
// - coalesce, if / iff, ifnull / nvl, named_struct, struct: planner/binder/expression_binder.cpp
// - nullif, nvl2, zeroifnull, nullifzero, assert_true and the type-name casts:
//   planner/binder/conditional_binder.cpp
// - the higher-order functions: planner/binder/lambda_binder.cpp
// - the window functions: planner/binder/window_binder.cpp
// - the generators: planner/binder/generator_binder.cpp
// - current_catalog, current_database / current_schema: planner/binder/session_functions.cpp
#include "function/function_registry.hpp"

namespace sluice {

namespace {

struct BinderResolvedFunction {
  const char* name;
  int min_arguments;
  int max_arguments;
  FunctionDoc doc;
};

constexpr const char* kCastUsage =
    "_FUNC_(expr) - Casts the value `expr` to the target data type `_FUNC_`.";

const BinderResolvedFunction kBinderResolvedFunctions[] = {
    // Conditional functions.
    {"coalesce",
     1,
     -1,
     {"_FUNC_(expr1, expr2, ...) - Returns the first non-null argument if exists. Otherwise, null.",
      "> SELECT _FUNC_(NULL, 1, NULL);\n 1"}},
    {"if",
     3,
     3,
     {"_FUNC_(expr1, expr2, expr3) - If `expr1` evaluates to true, then returns `expr2`; otherwise "
      "returns `expr3`.",
      "> SELECT _FUNC_(1 < 2, 'a', 'b');\n a"}},
    {"iff",
     3,
     3,
     {"_FUNC_(expr1, expr2, expr3) - If `expr1` evaluates to true, then returns `expr2`; "
      "otherwise returns `expr3`.",
      "> SELECT _FUNC_(1 < 2, 'a', 'b');\n a"}},
    {"ifnull",
     2,
     2,
     {"_FUNC_(expr1, expr2) - Returns `expr2` if `expr1` is null, or `expr1` otherwise.",
      "> SELECT _FUNC_(NULL, array('2'));\n [\"2\"]"}},
    {"nvl",
     2,
     2,
     {"_FUNC_(expr1, expr2) - Returns `expr2` if `expr1` is null, or `expr1` otherwise.",
      "> SELECT _FUNC_(NULL, array('2'));\n [\"2\"]"}},
    {"nullif",
     2,
     2,
     {"_FUNC_(expr1, expr2) - Returns null if `expr1` equals to `expr2`, or `expr1` otherwise.",
      "> SELECT _FUNC_(2, 2);\n NULL"}},
    {"nvl2",
     3,
     3,
     {"_FUNC_(expr1, expr2, expr3) - Returns `expr2` if `expr1` is not null, or `expr3` "
      "otherwise.",
      "> SELECT _FUNC_(NULL, 2, 1);\n 1"}},
    {"zeroifnull",
     1,
     1,
     {"_FUNC_(expr) - Returns zero if `expr` is equal to null, or `expr` otherwise.",
      "> SELECT _FUNC_(NULL);\n 0\n> SELECT _FUNC_(2);\n 2"}},
    {"nullifzero",
     1,
     1,
     {"_FUNC_(expr) - Returns null if `expr` is equal to zero, or `expr` otherwise.",
      "> SELECT _FUNC_(0);\n NULL\n> SELECT _FUNC_(2);\n 2"}},
    {"assert_true",
     1,
     2,
     {"_FUNC_(expr [, message]) - Throws an exception if `expr` is not true.",
      "> SELECT _FUNC_(0 < 1);\n NULL"}},
    // The session's current catalog and schema.
    {"current_catalog",
     0,
     0,
     {"_FUNC_() - Returns the current catalog.", "> SELECT _FUNC_();\n spark_catalog"}},
    {"current_database",
     0,
     0,
     {"_FUNC_() - Returns the current database.", "> SELECT _FUNC_();\n default"}},
    {"current_schema",
     0,
     0,
     {"_FUNC_() - Returns the current database.", "> SELECT _FUNC_();\n default"}},
    // Struct constructors.
    {"named_struct",
     0,
     -1,
     {"_FUNC_(name1, val1, name2, val2, ...) - Creates a struct with the given field names and "
      "values.",
      "> SELECT _FUNC_(\"a\", 1, \"b\", 2, \"c\", 3);\n {\"a\":1,\"b\":2,\"c\":3}"}},
    {"struct",
     0,
     -1,
     {"_FUNC_(col1, col2, col3, ...) - Creates a struct with the given field values.",
      "> SELECT _FUNC_(1, 2, 3);\n {\"col1\":1,\"col2\":2,\"col3\":3}"}},
    // Type-name casts (Spark's cast aliases).
    {"bigint", 1, 1, {kCastUsage}},
    {"binary", 1, 1, {kCastUsage}},
    {"boolean", 1, 1, {kCastUsage}},
    {"date", 1, 1, {kCastUsage}},
    {"decimal", 1, 1, {kCastUsage}},
    {"double", 1, 1, {kCastUsage}},
    {"float", 1, 1, {kCastUsage}},
    {"int", 1, 1, {kCastUsage}},
    {"smallint", 1, 1, {kCastUsage}},
    {"string", 1, 1, {kCastUsage}},
    {"timestamp", 1, 1, {kCastUsage}},
    {"tinyint", 1, 1, {kCastUsage}},
    // Higher-order functions.
    {"transform",
     2,
     2,
     {"_FUNC_(expr, func) - Transforms elements in an array using the function.",
      "> SELECT _FUNC_(array(1, 2, 3), x -> x + 1);\n [2,3,4]"}},
    {"filter",
     2,
     2,
     {"_FUNC_(expr, func) - Filters the input array using the given predicate.",
      "> SELECT _FUNC_(array(1, 2, 3), x -> x % 2 == 1);\n [1,3]"}},
    {"exists",
     2,
     2,
     {"_FUNC_(expr, pred) - Tests whether a predicate holds for one or more elements in the "
      "array.",
      "> SELECT _FUNC_(array(1, 2, 3), x -> x % 2 == 0);\n true"}},
    {"forall",
     2,
     2,
     {"_FUNC_(expr, pred) - Tests whether a predicate holds for all elements in the array.",
      "> SELECT _FUNC_(array(1, 2, 3), x -> x % 2 == 0);\n false"}},
    {"aggregate",
     3,
     4,
     {"_FUNC_(expr, start, merge, finish) - Applies a binary operator to an initial state and "
      "all elements in the array, and reduces this to a single state. The final state is "
      "converted into the final result by applying a finish function.",
      "> SELECT _FUNC_(array(1, 2, 3), 0, (acc, x) -> acc + x);\n 6"}},
    {"reduce",
     3,
     4,
     {"_FUNC_(expr, start, merge, finish) - Applies a binary operator to an initial state and "
      "all elements in the array, and reduces this to a single state. The final state is "
      "converted into the final result by applying a finish function.",
      "> SELECT _FUNC_(array(1, 2, 3), 0, (acc, x) -> acc + x);\n 6"}},
    {"zip_with",
     3,
     3,
     {"_FUNC_(left, right, func) - Merges the two given arrays, element-wise, into a single "
      "array using function. If one array is shorter, nulls are appended at the end to match "
      "the length of the longer array, before applying function.",
      "> SELECT _FUNC_(array(1, 2), array(3, 4), (x, y) -> x + y);\n [4,6]"}},
    {"map_filter",
     2,
     2,
     {"_FUNC_(expr, func) - Filters entries in a map using the function.",
      "> SELECT _FUNC_(map(1, 0, 2, 2, 3, -1), (k, v) -> k > v);\n {1:0,3:-1}"}},
    {"transform_keys",
     2,
     2,
     {"_FUNC_(expr, func) - Transforms elements in a map using the function.",
      "> SELECT _FUNC_(map_from_arrays(array(1, 2, 3), array(1, 2, 3)), (k, v) -> k + 1);\n "
      "{2:1,3:2,4:3}"}},
    {"transform_values",
     2,
     2,
     {"_FUNC_(expr, func) - Transforms values in the map using the function.",
      "> SELECT _FUNC_(map_from_arrays(array(1, 2, 3), array(1, 2, 3)), (k, v) -> v + 1);\n "
      "{1:2,2:3,3:4}"}},
    // Window functions.
    {"row_number",
     0,
     0,
     {"_FUNC_() - Assigns a unique, sequential number to each row, starting with one, according "
      "to the ordering of rows within the window partition."}},
    {"rank",
     0,
     0,
     {"_FUNC_() - Computes the rank of a value in a group of values. The result is one plus the "
      "number of rows preceding or equal to the current row in the ordering of the partition. "
      "The values will produce gaps in the sequence."}},
    {"dense_rank",
     0,
     0,
     {"_FUNC_() - Computes the rank of a value in a group of values. The result is one plus the "
      "previously assigned rank value. Unlike the function rank, dense_rank will not produce "
      "gaps in the ranking sequence."}},
    {"percent_rank",
     0,
     0,
     {"_FUNC_() - Computes the percentage ranking of a value in a group of values."}},
    {"cume_dist",
     0,
     0,
     {"_FUNC_() - Computes the position of a value relative to all values in the partition."}},
    {"ntile",
     1,
     1,
     {"_FUNC_(n) - Divides the rows for each window partition into `n` buckets ranging from 1 "
      "to at most `n`."}},
    {"lag",
     1,
     3,
     {"_FUNC_(input[, offset[, default]]) - Returns the value of `input` at the `offset`th row "
      "before the current row in the window. The default value of `offset` is 1 and the "
      "default value of `default` is null."}},
    {"lead",
     1,
     3,
     {"_FUNC_(input[, offset[, default]]) - Returns the value of `input` at the `offset`th row "
      "after the current row in the window. The default value of `offset` is 1 and the default "
      "value of `default` is null."}},
    {"nth_value",
     2,
     3,
     {"_FUNC_(input[, offset]) - Returns the value of `input` at the row that is the `offset`th "
      "row from beginning of the window frame. Offset starts at 1."}},
    // Generators.
    {"explode",
     1,
     1,
     {"_FUNC_(expr) - Separates the elements of array `expr` into multiple rows, or the "
      "elements of map `expr` into multiple rows and columns.",
      "> SELECT _FUNC_(array(10, 20));\n 10\n 20"}},
    {"explode_outer",
     1,
     1,
     {"_FUNC_(expr) - Separates the elements of array `expr` into multiple rows, or the "
      "elements of map `expr` into multiple rows and columns; a NULL or empty input gives one "
      "row of NULLs.",
      "> SELECT _FUNC_(array(10, 20));\n 10\n 20"}},
    {"posexplode",
     1,
     1,
     {"_FUNC_(expr) - Separates the elements of array `expr` into multiple rows with "
      "positions, or the elements of map `expr` into multiple rows and columns with positions.",
      "> SELECT _FUNC_(array(10, 20));\n 0\t10\n 1\t20"}},
    {"posexplode_outer",
     1,
     1,
     {"_FUNC_(expr) - Separates the elements of array `expr` into multiple rows with "
      "positions; a NULL or empty input gives one row of NULLs.",
      "> SELECT _FUNC_(array(10, 20));\n 0\t10\n 1\t20"}},
    {"inline",
     1,
     1,
     {"_FUNC_(expr) - Explodes an array of structs into a table.",
      "> SELECT _FUNC_(array(struct(1, 'a'), struct(2, 'b')));\n 1\ta\n 2\tb"}},
    {"inline_outer",
     1,
     1,
     {"_FUNC_(expr) - Explodes an array of structs into a table; a NULL or empty input gives "
      "one row of NULLs.",
      "> SELECT _FUNC_(array(struct(1, 'a'), struct(2, 'b')));\n 1\ta\n 2\tb"}},
    {"stack",
     2,
     -1,
     {"_FUNC_(n, expr1, ..., exprk) - Separates `expr1`, ..., `exprk` into `n` rows. Uses "
      "column names col0, col1, etc. by default unless specified otherwise.",
      "> SELECT _FUNC_(2, 1, 2, 3);\n 1\t2\n 3\tNULL"}},
    {"json_tuple",
     2,
     -1,
     {"_FUNC_(jsonStr, p1, p2, ..., pn) - Returns a tuple like the function get_json_object, "
      "but it takes multiple names. All the input parameters and output column type are "
      "string.",
      "> SELECT _FUNC_('{\"a\":1, \"b\":2}', 'a', 'b');\n 1\t2"}},
};

}  // namespace

void registerBinderResolvedFunctions(FunctionRegistry& registry) {
  for (const BinderResolvedFunction& function : kBinderResolvedFunctions) {
    registry.addScalar(
        {function.name, function.min_arguments, function.max_arguments, nullptr, function.doc});
  }
}

}  // namespace sluice
