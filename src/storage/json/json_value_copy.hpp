// src/storage/json/json_value_copy.hpp
//
// Walks one JSON value to its end through simdjson's On-Demand API, checking every token
// (simdjson only checks what is asked for), and optionally writes it back as compact JSON
// text, as Jackson's copyCurrentStructure does: the rescued data column, a STRING column
// given an object or array, and fields that must be checked but are not stored use it.
#pragma once

#include <string>

#include <simdjson.h>

namespace sluice::json {

//! The deepest nesting accepted, as Jackson's StreamReadConstraints (1000).
inline constexpr int kMaxNestingDepth = 1000;

//! Consumes `value`; false when it is not valid JSON (or nests too deep). With `out`, appends
//! its compact text: no whitespace, strings re-escaped, numbers and literals as written.
bool copyJsonValue(simdjson::ondemand::value& value, std::string* out, int depth = 0);

}  // namespace sluice::json
