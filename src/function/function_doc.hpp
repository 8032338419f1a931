// src/function/function_doc.hpp
//
// What DESCRIBE FUNCTION shows of a built-in function. The texts live together, by family, in
// src/function/docs/, written for sluice: `_FUNC_` stands for the name the user asked about,
// so an alias shares its function's text, and every example's result lines are what running
// the example gives (a unit test runs them all).
#pragma once

#include <string_view>
#include <vector>

namespace sluice {

struct FunctionDoc {
  //! "_FUNC_(expr1, expr2) - Returns ..."; empty prints Spark's "N/A.".
  std::string_view usage = {};
  //! Lines of "> SELECT _FUNC_(...);", each followed by the rows it returns, one a line,
  //! each row starting with a space and its columns separated by tabs.
  std::string_view examples = {};
  //! The "Arguments:" section of the extended usage, when the function has one.
  std::string_view arguments = {};
};

//! One text shared by a function and its aliases.
struct NamedFunctionDoc {
  std::vector<std::string_view> names;
  FunctionDoc doc;
};

//! The documentation of built-in function `name` (lower case); empty when it has none.
FunctionDoc builtinFunctionDoc(std::string_view name);

//! Every documented built-in function name, in name order.
std::vector<std::string_view> documentedBuiltinFunctions();

//! Spark functions that resolve but fail with NOT_SUPPORTED (scalar/unsupported_functions.cpp).
bool isUnsupportedFunction(std::string_view name);

}  // namespace sluice
