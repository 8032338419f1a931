// src/storage/json/column_converter.hpp
//
// Converts JSON values into a vector of one schema type, as Spark's JacksonParser converts
// them: each node of the converter tree mirrors a node of the type (STRUCT fields, the ARRAY
// element, the MAP value) and writes values straight into the vectors, with no boxed Value
// and no allocation per value. A value that is valid JSON but does not fit the type is a
// mismatch (the caller rescues the top-level field or drops the record); invalid JSON makes
// the whole record malformed.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <simdjson.h>

#include "common/types/data_type.hpp"
#include "common/types/datetime_pattern.hpp"
#include "common/types/time_zone.hpp"
#include "common/vector/vector.hpp"
#include "storage/json/field_resolver.hpp"
#include "storage/json/json_token.hpp"

namespace sluice::json {

enum class ConvertStatus : uint8_t { kOk, kMismatch, kMalformed };

//! The value that did not convert, for FAILFAST's message.
struct ConvertFailure {
  std::string_view token;  // its text, up to its first byte for objects and arrays
  TokenKind kind = TokenKind::kInvalid;
  const DataType* type = nullptr;  // the type it did not convert to
  //! The STRUCT field names leading to it, innermost first.
  std::vector<std::string_view> path;

  void clear() {
    token = {};
    type = nullptr;
    path.clear();
  }
};

//! How DATE and TIMESTAMP strings are read: with the reader's patterns when it has them,
//! else as CAST reads them; text without an offset is in `zone`.
struct DatetimeParsing {
  std::optional<DatetimePattern> date_pattern;
  std::optional<DatetimePattern> timestamp_pattern;
  std::shared_ptr<const TimeZone> zone;
};

//! What the converters of one reader share: its datetime settings, and scratch space reused
//! so that converting a value allocates nothing.
struct ConvertScratch {
  DatetimeParsing datetime;
  std::string text;  // a nested value's JSON text, decoded BINARY bytes, a DECIMAL string
  ConvertFailure failure;
};

class ColumnConverter {
 public:
  //! Throws UNSUPPORTED_DATATYPE for types JSON cannot be read as (intervals, MAP keys other
  //! than STRING).
  explicit ColumnConverter(const DataType& type);
  ColumnConverter(ColumnConverter&&) noexcept;
  ColumnConverter& operator=(ColumnConverter&&) noexcept;
  ~ColumnConverter();

  const DataType& type() const { return type_; }

  //! Converts `value` into `row` of `out` (a vector of this type). `depth` is the value's
  //! nesting depth in its record.
  ConvertStatus convert(simdjson::ondemand::value& value, Vector& out, idx_t row,
                        ConvertScratch& scratch, int depth);

  //! Sets `row` of `out` to NULL, with the rows of STRUCT children and an empty list entry.
  void setNull(Vector& out, idx_t row) const;

 private:
  ConvertStatus convertStruct(simdjson::ondemand::value& value, Vector& out, idx_t row,
                              ConvertScratch& scratch, int depth);
  ConvertStatus convertArray(simdjson::ondemand::value& value, Vector& out, idx_t row,
                             ConvertScratch& scratch, int depth);
  ConvertStatus convertMap(simdjson::ondemand::value& value, Vector& out, idx_t row,
                           ConvertScratch& scratch, int depth);
  //! Records why `token` does not convert; invalid JSON is malformed rather than a mismatch.
  ConvertStatus mismatch(std::string_view token, TokenKind kind, ConvertScratch& scratch) const;

  DataType type_;
  TypeId id_;
  //! STRUCT: one per field; ARRAY: the element; MAP: the value.
  std::vector<ColumnConverter> children_;
  //! STRUCT: key to field slot.
  std::unique_ptr<FieldResolver> fields_;
  //! STRUCT: the object a field was last seen in (fields missing from an object are NULL).
  std::vector<uint64_t> seen_in_;
  uint64_t objects_ = 0;
};

}  // namespace sluice::json
