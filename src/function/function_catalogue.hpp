// src/function/function_catalogue.hpp
//
// The built-in functions as SHOW FUNCTIONS lists them and DESCRIBE FUNCTION documents them:
// read from the scalar and aggregate registries themselves, so nothing is listed that does not
// resolve and nothing that resolves is missing.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "function/function_doc.hpp"

namespace sluice {

enum class BuiltinFunctionKind {
  kScalar,          // bound through the scalar registry
  kAggregate,       // an aggregate (function/aggregate/aggregate_registry.hpp)
  kBinderResolved,  // bound by the binder itself (function/scalar/binder_resolved.cpp)
};

struct BuiltinFunction {
  std::string name;  // as registered: lower case, aliases listed under their own names
  BuiltinFunctionKind kind = BuiltinFunctionKind::kScalar;
  FunctionDoc doc;
};

//! Every built-in function, sorted by name.
std::vector<BuiltinFunction> builtinFunctionCatalogue();

//! The built-in function `name` (case-insensitive), or nullopt.
std::optional<BuiltinFunction> findBuiltinFunction(std::string_view name);

//! `text` with every `_FUNC_` replaced by `name`, as Spark shows a function's usage.
std::string substituteFunctionName(std::string_view text, std::string_view name);

}  // namespace sluice
