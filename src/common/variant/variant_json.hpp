// src/common/variant/variant_json.hpp
//
// JSON text to VARIANT and back, as Spark's parse_json and Variant.toJson do.
#pragma once

#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "common/variant/variant.hpp"
#include "common/variant/variant_builder.hpp"

namespace sluice {
class TimeZone;
}

namespace sluice::variant {

//! Appends the first JSON value of `text` to `builder` with the rules of Spark's
//! VariantBuilder.parseJson over Jackson's default parser: strict JSON (double quotes, no
//! leading zeros, no NaN, no raw control characters in strings, at most 1000 levels of
//! nesting); what follows the first value is not read, except that a number or literal at the
//! top must end at whitespace or the end. Integers take the narrowest integer width, else a
//! DECIMAL of up to 38 digits, else a DOUBLE; other numbers a DECIMAL when written without an
//! exponent in up to 38 digits, else a DOUBLE. Returns false for malformed JSON; a key given
//! twice in one object raises VARIANT_DUPLICATE_KEY.
bool appendJson(VariantBuilder& builder, std::string_view text);

//! appendJson for many values: keeps its working memory from one value to the next.
class JsonToVariant {
 public:
  //! `function` names the caller in VARIANT_SIZE_LIMIT errors.
  explicit JsonToVariant(std::string_view function = "parse_json") : function_(function) {}

  bool append(VariantBuilder& builder, std::string_view text);
  //! The encoded variant of `text` into `out`; false for malformed JSON and, as Spark's
  //! parse_json wraps every failure, for a key given twice.
  bool encode(std::string_view text, std::string& out);

  //! The reader's working memory: field and offset lists per depth (deques, so that growing
  //! them for a deeper level leaves the lists of the levels being read in place), decoded
  //! strings.
  struct Scratch {
    std::deque<std::vector<VariantBuilder::FieldEntry>> fields;
    std::deque<std::vector<size_t>> offsets;
    std::deque<std::string> decoded_keys;  // escaped keys, alive until their object is done
    std::string decoded;                   // the last escaped string value
  };

 private:
  std::string_view function_;
  VariantBuilder builder_;
  Scratch scratch_;
};

//! Appends `value` as Spark's Variant.toJson writes it: compact, object fields in key order,
//! decimals without trailing zeros, doubles and floats as Java prints them, dates, timestamps
//! (in `zone`, with its "+HH:MM" offset), binaries (base64) and UUIDs quoted. A value nested
//! deeper than kMaxNestingDepth raises MALFORMED_VARIANT.
void appendJsonText(std::string& out, const VariantRef& value, const TimeZone& zone);

//! A UUID's 16 bytes as 8-4-4-4-12 lower-case hex digits.
std::string formatUuid(std::string_view bytes);

//! The decimal without trailing fractional zeros (1.50 -> 1.5, 2.00 -> 2), as Spark's
//! Variant.getDecimal reads it.
DecimalValue stripTrailingZeros(DecimalValue decimal);

}  // namespace sluice::variant
