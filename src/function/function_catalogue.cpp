// src/function/function_catalogue.cpp
#include "function/function_catalogue.hpp"

#include <algorithm>

#include "common/text/ascii_case.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/function_registry.hpp"

namespace sluice {

std::vector<BuiltinFunction> builtinFunctionCatalogue() {
  std::vector<BuiltinFunction> functions;
  for (const auto& [name, entry] : FunctionRegistry::builtin().entries()) {
    BuiltinFunctionKind kind =
        entry.bind ? BuiltinFunctionKind::kScalar : BuiltinFunctionKind::kBinderResolved;
    functions.push_back({name, kind, builtinFunctionDoc(name)});
  }
  // A name that is both a scalar and an aggregate (the scalar form of an aggregate's name is
  // never bound in an aggregate's place) is listed once, as the aggregate.
  for (const auto& [name, entry] : AggregateRegistry::builtin().entries()) {
    auto same = std::find_if(functions.begin(), functions.end(),
                             [&](const BuiltinFunction& listed) { return listed.name == name; });
    if (same != functions.end()) {
      same->kind = BuiltinFunctionKind::kAggregate;
      continue;
    }
    functions.push_back({name, BuiltinFunctionKind::kAggregate, builtinFunctionDoc(name)});
  }
  std::sort(functions.begin(), functions.end(),
            [](const BuiltinFunction& a, const BuiltinFunction& b) { return a.name < b.name; });
  return functions;
}

std::optional<BuiltinFunction> findBuiltinFunction(std::string_view name) {
  std::string key = foldIdentifier(name);
  if (AggregateRegistry::builtin().find(key) != nullptr)
    return BuiltinFunction{key, BuiltinFunctionKind::kAggregate, builtinFunctionDoc(key)};
  if (const ScalarFunctionEntry* scalar = FunctionRegistry::builtin().findScalar(key)) {
    BuiltinFunctionKind kind =
        scalar->bind ? BuiltinFunctionKind::kScalar : BuiltinFunctionKind::kBinderResolved;
    return BuiltinFunction{key, kind, builtinFunctionDoc(key)};
  }
  return std::nullopt;
}

std::string substituteFunctionName(std::string_view text, std::string_view name) {
  static constexpr std::string_view kPlaceholder = "_FUNC_";
  std::string out;
  size_t start = 0;
  while (true) {
    size_t found = text.find(kPlaceholder, start);
    out.append(text.substr(start, found == std::string_view::npos ? found : found - start));
    if (found == std::string_view::npos)
      return out;
    out.append(name);
    start = found + kPlaceholder.size();
  }
}

}  // namespace sluice
