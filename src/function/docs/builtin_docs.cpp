// src/function/docs/builtin_docs.cpp
#include <map>
#include <string_view>

#include "common/check.hpp"
#include "function/docs/doc_parts.hpp"

namespace sluice {

namespace {

constexpr FunctionDoc kUnsupportedFunctionDoc = {"_FUNC_(...) - Not supported by sluice."};

const std::map<std::string_view, FunctionDoc>& docsByName() {
  static const std::map<std::string_view, FunctionDoc> kDocs = [] {
    std::map<std::string_view, FunctionDoc> docs;
    for (auto part :
         {conditionalFunctionDocs, stringFunctionDocs, datetimeFunctionDocs, mathFunctionDocs,
          collectionFunctionDocs, aggregateFunctionDocs, jsonFunctionDocs, csvFunctionDocs,
          miscFunctionDocs, variantFunctionDocs, spatialFunctionDocs}) {
      for (const NamedFunctionDoc& named : part()) {
        for (std::string_view name : named.names) {
          if (!docs.emplace(name, named.doc).second)
            SLUICE_UNREACHABLE("a function documented twice");
        }
      }
    }
    return docs;
  }();
  return kDocs;
}

}  // namespace

FunctionDoc builtinFunctionDoc(std::string_view name) {
  auto found = docsByName().find(name);
  if (found != docsByName().end())
    return found->second;
  if (isUnsupportedFunction(name))
    return kUnsupportedFunctionDoc;
  return {};
}

std::vector<std::string_view> documentedBuiltinFunctions() {
  std::vector<std::string_view> names;
  for (const auto& [name, doc] : docsByName())
    names.push_back(name);
  return names;
}

}  // namespace sluice
