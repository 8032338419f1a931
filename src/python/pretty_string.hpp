// src/python/pretty_string.hpp
//
// The text of a value in DataFrame.show(), as Spark's ToPrettyString makes it: CAST(x AS
// STRING) except that NULL prints as "NULL" (inside arrays, maps and structs too), BINARY as
// hex bytes "[0A FF]", maps as "{k -> v}" and structs as "{1, a}".
#pragma once

#include <string>

#include "common/types/value.hpp"

namespace sluice {

class TimeZone;

//! The show() cell of `value`; TIMESTAMP values are wall-clock times in `zone`.
std::string prettyString(const Value& value, const TimeZone& zone);

}  // namespace sluice
