// src/planner/binder/session_functions.hpp
//
// Functions whose value is a fact of the session, fixed when the query is bound:
// current_catalog(), current_database() / current_schema() (the namespace USE set;
// spark_catalog.default when there is no catalog).
#pragma once

#include <optional>
#include <string_view>

#include "common/types/value.hpp"

namespace sluice {

class Catalog;

//! The value of session function `name` called with `argument_count` arguments, or nullopt
//! when `name` is no session function. Arguments: WRONG_NUM_ARGS, as Spark.
std::optional<Value> sessionFunctionValue(std::string_view name, size_t argument_count,
                                          const Catalog* catalog);

}  // namespace sluice
