// src/function/function_doc.hpp
//
// What DESCRIBE FUNCTION shows of a built-in function, kept on its registration entry so that
// SHOW FUNCTIONS lists exactly what resolves. `_FUNC_` stands for the name the user asked
// about, as in Spark's ExpressionDescription, so an alias shares its function's text.
#pragma once

#include <string_view>

namespace sluice {

struct FunctionDoc {
  //! "_FUNC_(expr1, expr2) - Returns ..."; empty prints Spark's "N/A.".
  std::string_view usage = {};
  //! Lines of "> SELECT _FUNC_(...);" each followed by its result line.
  std::string_view examples = {};
  //! The "Arguments:" section of the extended usage, when the function has one.
  std::string_view arguments = {};
};

}  // namespace sluice
