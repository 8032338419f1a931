// src/function/scalar/json/json_path.hpp
//
// The JSONPath subset of get_json_object, parsed with the grammar of Spark's JsonPathParser:
// `$` then any of `.name`, `['name']`, `[n]`, `[*]`, `.*` / `['*']`. Like Scala's
// RegexParsers, whitespace may precede the string tokens (".*", "['*']", "['") and the regular
// expressions (a name, an index) but not the single characters ('.', '[', '*', ']').
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sluice::json {

struct PathStep {
  enum class Kind { kSubscript, kWildcard, kKey, kIndex, kNamed };
  Kind kind;
  int64_t index = 0;              // kIndex
  std::string name;               // kNamed
  bool case_insensitive = false;  // kNamed: Databricks' `col:name` identifiers
};

using JsonPath = std::vector<PathStep>;

//! nullopt when `text` is not a path of the subset (get_json_object then returns NULL).
std::optional<JsonPath> parseJsonPath(std::string_view text);

}  // namespace sluice::json

namespace sluice {
struct BoundScalarFunction;

//! The bound form of Databricks' `json:path` operator: get_json_object's evaluation of `path`
//! over a STRING argument, whose name steps may match field names case-insensitively.
BoundScalarFunction jsonPathExtractFunction(json::JsonPath path, std::string name);
}  // namespace sluice

namespace sluice::json {}  // namespace sluice::json
