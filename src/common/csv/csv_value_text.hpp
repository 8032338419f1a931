// src/common/csv/csv_value_text.hpp
//
// The value grammars of Spark's CSV source, which are not CAST's: UnivocityParser converts with
// Java's own parsers (Integer.parseInt, Long.parseLong, Double.parseDouble, new BigDecimal,
// Scala's toBoolean) and CSVInferSchema tries the same ones. So " 1" is not an INT (Java does
// not trim) but is a DOUBLE (parseDouble does), and only "true" / "false" are booleans.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace sluice::csv {

//! Long.parseLong within [min, max]: an optional sign and ASCII digits, nothing else.
bool parseJavaIntegral(std::string_view text, int64_t min, int64_t max, int64_t& out);

//! Double.parseDouble: spaces trimmed, "NaN", "Infinity", "1e3", "1d", "0x1p3"; not CAST's
//! extra spellings ("inf", "nan").
std::optional<double> parseJavaDouble(std::string_view text);
//! Float.parseFloat, the same grammar.
std::optional<float> parseJavaFloat(std::string_view text);

//! Scala's String.toBoolean: "true" or "false" in any case.
std::optional<bool> parseJavaBoolean(std::string_view text);

//! The shape of new java.math.BigDecimal(text): the digits of the unscaled value (leading zeros
//! dropped, at least 1) and the scale (fraction digits minus the exponent). False when `text`
//! is not in BigDecimal's grammar.
bool scanBigDecimal(std::string_view text, int64_t& precision, int64_t& scale);

//! True when `text` starts or ends with a byte up to ' ' (which Java's number parsers other
//! than parseDouble refuse).
bool hasOuterSpace(std::string_view text);

}  // namespace sluice::csv
