// src/common/csv/csv_field_converter.hpp
//
// The value converters of Spark's CSV parser (UnivocityParser.makeConverter), shared by the CSV
// reader and from_csv: a field of text becomes a value of its column's type, written straight
// into the column's vector. A field equal to nullValue, and an empty unquoted field, is NULL;
// other fields convert by Java's number grammars (nanValue / positiveInf / negativeInf first),
// "true" / "false", the dateFormat / timestampFormat pattern or CAST's date and timestamp rules.
#pragma once

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "common/csv/csv_options.hpp"
#include "common/types/data_type.hpp"
#include "common/types/datetime_pattern.hpp"
#include "common/vector/vector.hpp"

namespace sluice::csv {

class CsvFieldConverter {
 public:
  //! Converters for `columns`. Throws NOT_SUPPORTED, naming the column and `source` (what is
  //! being read), for types CSV cannot hold (see canHold), and INVALID_DATETIME_PATTERN for a
  //! bad dateFormat / timestampFormat.
  CsvFieldConverter(const std::vector<StructField>& columns, const CsvOptions& options,
                    std::string_view source);

  //! Whether a CSV field converts to `type`: the scalar types, not intervals, VARIANT, ARRAY,
  //! MAP or STRUCT.
  static bool canHold(const DataType& type);

  //! The field reads as NULL: it is nullValue, or empty and unquoted.
  //! A field's text once a quoted empty field is read as emptyValue (when that is set).
  std::string_view withEmptyValue(std::string_view text, bool quoted) const {
    return text.empty() && quoted && empty_value_ ? std::string_view(*empty_value_) : text;
  }
  bool isNull(std::string_view text, bool quoted) const {
    return (text.empty() && !quoted) || text == null_value_;
  }
  //! Column `column` is of the NULL type: every field of it reads as NULL.
  bool isVoid(idx_t column) const { return kinds_[column] == Kind::kVoid; }

  //! Writes `text` converted to column `column`'s type into row `row` of `vector` (its validity
  //! is the caller's); false when the text does not convert.
  bool convert(Vector& vector, idx_t column, idx_t row, std::string_view text) const;

 private:
  //! How a column's values convert (one case per physical representation).
  enum class Kind : uint8_t {
    kVoid,
    kBoolean,
    kByte,
    kShort,
    kInt,
    kLong,
    kFloat,
    kDouble,
    kDecimal,
    kString,
    kDate,
    kTimestamp,
    kTimestampNtz,
  };

  template <typename T>
  std::optional<T> floatingOf(std::string_view text) const;
  bool convertDecimal(Vector& vector, const DataType& type, idx_t row, std::string_view text) const;

  std::vector<DataType> types_;
  std::vector<Kind> kinds_;
  std::string null_value_;
  std::optional<std::string> empty_value_;
  std::string nan_value_;
  std::string positive_inf_;
  std::string negative_inf_;
  std::optional<DatetimePattern> date_pattern_;
  std::optional<DatetimePattern> timestamp_pattern_;
  std::optional<DatetimePattern> timestamp_ntz_pattern_;
  std::shared_ptr<const TimeZone> zone_;
};

}  // namespace sluice::csv
