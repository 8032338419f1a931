// src/function/table/table_function.cpp
#include "function/table/table_function.hpp"

#include "common/text/ascii_case.hpp"

namespace sluice {

std::vector<const TableFunctionArgument*> TableFunctionInput::positional() const {
  std::vector<const TableFunctionArgument*> found;
  for (const TableFunctionArgument& argument : arguments) {
    if (argument.name.empty())
      found.push_back(&argument);
  }
  return found;
}

void TableFunctionRegistry::add(std::shared_ptr<const TableFunction> function) {
  std::string key = foldIdentifier(function->name());
  functions_[std::move(key)] = std::move(function);
}

const TableFunction* TableFunctionRegistry::find(std::string_view name) const {
  auto found = functions_.find(foldIdentifier(name));
  return found == functions_.end() ? nullptr : found->second.get();
}

}  // namespace sluice
