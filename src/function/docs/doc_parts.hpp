// src/function/docs/doc_parts.hpp
//
// The built-in functions' documentation, one list per family of functions.
#pragma once

#include <vector>

#include "function/function_doc.hpp"

namespace sluice {

std::vector<NamedFunctionDoc> conditionalFunctionDocs();
std::vector<NamedFunctionDoc> stringFunctionDocs();
std::vector<NamedFunctionDoc> datetimeFunctionDocs();
std::vector<NamedFunctionDoc> mathFunctionDocs();
std::vector<NamedFunctionDoc> collectionFunctionDocs();
std::vector<NamedFunctionDoc> aggregateFunctionDocs();
std::vector<NamedFunctionDoc> jsonFunctionDocs();
std::vector<NamedFunctionDoc> csvFunctionDocs();
std::vector<NamedFunctionDoc> miscFunctionDocs();
std::vector<NamedFunctionDoc> variantFunctionDocs();
std::vector<NamedFunctionDoc> spatialFunctionDocs();

}  // namespace sluice
