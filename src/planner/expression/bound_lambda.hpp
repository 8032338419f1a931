// src/planner/expression/bound_lambda.hpp
//
// A call of a higher-order function (transform, filter, aggregate, ...) after binding. Its
// children are the inputs followed by one bound body per lambda. A lambda's parameters are
// numbered slots: the body reads slot k as a kLambdaVariable with column_index k; the
// parameters of every lambda of one call start at `first_variable`, after the slots of the
// lambdas the call is nested in.
#pragma once

#include <string>
#include <vector>

#include "common/types/data_type.hpp"

namespace sluice {

enum class HigherOrderFunction : uint8_t {
  kTransform,        // transform(array, x [, i] -> value)
  kFilter,           // filter(array, x [, i] -> boolean)
  kExists,           // exists(array, x -> boolean)
  kForall,           // forall(array, x -> boolean)
  kAggregate,        // aggregate(array, zero, (acc, x) -> acc [, acc -> result])
  kArraySort,        // array_sort(array, (left, right) -> int)
  kZipWith,          // zip_with(array, array, (x, y) -> value)
  kMapFilter,        // map_filter(map, (k, v) -> boolean)
  kTransformKeys,    // transform_keys(map, (k, v) -> key)
  kTransformValues,  // transform_values(map, (k, v) -> value)
  kMapZipWith,       // map_zip_with(map, map, (k, v1, v2) -> value)
};

struct BoundLambdaCall {
  HigherOrderFunction function;
  std::string name;                // as Spark names it
  size_t num_inputs = 0;           // children before the bodies
  std::vector<size_t> num_params;  // parameters of each body, in order
  idx_t first_variable = 0;        // the slot of every body's first parameter
};

}  // namespace sluice
