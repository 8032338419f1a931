// src/function/scalar/json/json_tree.hpp
//
// A JSON document read the way Spark's JSON functions read one with Jackson (single-quoted
// strings and unescaped control characters allowed, as the Hive-compatible factory enables),
// and written back the way Jackson's generator copies it: compact, strings re-escaped,
// integers as written, other numbers as Java prints the double.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sluice::json {

enum class NodeKind { kObject, kArray, kString, kInteger, kFloat, kTrue, kFalse, kNull };

struct Node {
  NodeKind kind = NodeKind::kNull;
  std::string text;         // a string's decoded value, a number's digits as written
  std::string_view source;  // the value as written in the input (valid while the input is)
  std::vector<std::pair<std::string, Node>> fields;  // objects, in document order
  std::vector<Node> elements;                        // arrays
};

//! Jackson parser features that from_json's options switch (JSONOptions); the defaults are
//! those of the Hive-compatible factory that get_json_object uses.
struct ReadOptions {
  bool allow_single_quotes = true;
  bool allow_unquoted_control_chars = true;
  bool allow_numeric_leading_zeros = false;
  //! NaN, Infinity, +Infinity, -Infinity, +INF and -INF as unquoted numbers.
  bool allow_non_numeric_numbers = false;
  bool allow_backslash_escaping_any_character = false;
};

//! JSONOptions' defaults for reading records (from_json, schema_of_json): single quotes and
//! NaN / Infinity allowed, control characters not.
ReadOptions jsonOptionsReadDefaults();

//! Sets the parser feature that the option `name` (allowSingleQuotes, allowNumericLeadingZeros,
//! allowNonNumericNumbers, allowUnquotedControlChars, allowBackslashEscapingAnyCharacter; any
//! case) switches to `value` ("true" in any case, else false); false when `name` is none.
bool applyReadOption(ReadOptions& options, std::string_view name, std::string_view value);

//! Reads the first JSON value of `input`; what follows it is not looked at (Jackson reads
//! only the tokens it is asked for). Malformed JSON, or none: nullopt.
std::optional<Node> parseFirstValue(std::string_view input);
std::optional<Node> parseFirstValue(std::string_view input, const ReadOptions& options);

//! Appends `node` as Jackson's copyCurrentStructure writes it.
void writeNode(std::string& out, const Node& node);

}  // namespace sluice::json
