// src/common/csv/csv_schema_inference.cpp
//
// CSVInferSchema.inferField and compatibleType, value by value over the tokenized records.
#include "common/csv/csv_schema_inference.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <unordered_map>

#include "common/csv/csv_tokenizer.hpp"
#include "common/csv/csv_value_text.hpp"
#include "common/text/utf8_repair.hpp"
#include "common/types/datetime_pattern.hpp"
#include "common/types/decimal.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"

namespace sluice::csv {

namespace {

bool isTimestampLike(const DataType& type) {
  return type.id() == TypeId::kTimestamp || type.id() == TypeId::kTimestampNtz;
}

// Byte to double without decimals: TypeCoercion's numeric precedence.
bool isWidenableNumber(const DataType& type) {
  return type.isIntegral() || type.isFloating();
}

// CSVInferSchema.compatibleType: findTightestCommonType, then the CSV-specific rules.
std::optional<DataType> compatibleType(const DataType& a, const DataType& b) {
  if ((a.id() == TypeId::kDate && isTimestampLike(b)) ||
      (b.id() == TypeId::kDate && isTimestampLike(a))) {
    return DataType::string();
  }
  if (a == b)
    return a;
  if (a.isVoid())
    return b;
  if (b.isVoid())
    return a;
  if (isWidenableNumber(a) && isWidenableNumber(b))
    return a.id() > b.id() ? a : b;
  if (a.id() == TypeId::kString || b.id() == TypeId::kString)
    return DataType::string();
  if (a.isIntegral() && b.isDecimal())
    return compatibleType(decimal::forIntegral(a.id()), b);
  if (a.isDecimal() && b.isIntegral())
    return compatibleType(a, decimal::forIntegral(b.id()));
  if ((a.id() == TypeId::kDouble && b.isDecimal()) ||
      (a.isDecimal() && b.id() == TypeId::kDouble)) {
    return DataType::doubleType();
  }
  if (a.isDecimal() && b.isDecimal()) {
    int scale = std::max(a.scale(), b.scale());
    int range = std::max(a.precision() - a.scale(), b.precision() - b.scale());
    if (range + scale > DataType::kMaxDecimalPrecision)
      return DataType::doubleType();
    return DataType::decimal(range + scale, scale);
  }
  if (isTimestampLike(a) && isTimestampLike(b))
    return DataType::timestamp();
  return std::nullopt;
}

// The per-value steps of CSVInferSchema, each falling through to the next.
class FieldInferrer {
 public:
  explicit FieldInferrer(const CsvOptions& options)
      : null_value_(options.null_value),
        nan_value_(options.nan_value),
        positive_inf_(options.positive_inf),
        negative_inf_(options.negative_inf),
        date_pattern_(DatetimePattern::compileForParsing(
            options.date_format.empty() ? std::string_view("yyyy-MM-dd") : options.date_format)),
        zone_(options.time_zone ? options.time_zone.get() : &TimeZone::utc()) {
    if (!options.timestamp_format.empty()) {
      timestamp_pattern_ = DatetimePattern::compileForParsing(options.timestamp_format);
    }
  }

  DataType infer(const DataType& so_far, std::string_view field) const {
    if (field.empty() || field == null_value_)
      return so_far;
    DataType next;
    switch (so_far.id()) {
      case TypeId::kVoid:
      case TypeId::kInt:
        next = tryInt(field);
        break;
      case TypeId::kLong:
        next = tryLong(field);
        break;
      case TypeId::kDecimal:
        next = tryDecimal(field);
        break;
      case TypeId::kDouble:
        next = tryDouble(field);
        break;
      case TypeId::kDate:
        next = tryDate(field);
        break;
      case TypeId::kTimestamp:
      case TypeId::kTimestampNtz:
        next = tryTimestamp(field);
        break;
      case TypeId::kBoolean:
        next = tryBoolean(field);
        break;
      default:
        return DataType::string();
    }
    return compatibleType(so_far, next).value_or(DataType::string());
  }

 private:
  DataType tryInt(std::string_view field) const {
    int64_t value = 0;
    if (parseJavaIntegral(field, std::numeric_limits<int32_t>::min(),
                          std::numeric_limits<int32_t>::max(), value)) {
      return DataType::intType();
    }
    return tryLong(field);
  }

  DataType tryLong(std::string_view field) const {
    int64_t value = 0;
    if (parseJavaIntegral(field, std::numeric_limits<int64_t>::min(),
                          std::numeric_limits<int64_t>::max(), value)) {
      return DataType::longType();
    }
    return tryDecimal(field);
  }

  // Only a scale of 0 makes a decimal: a fraction goes to DOUBLE, and so does a negative scale
  // ("1e3"), which DecimalType refuses.
  DataType tryDecimal(std::string_view field) const {
    int64_t precision = 0;
    int64_t scale = 0;
    if (scanBigDecimal(field, precision, scale) && scale == 0 &&
        precision <= DataType::kMaxDecimalPrecision) {
      return DataType::decimal(static_cast<int>(precision), 0);
    }
    return tryDouble(field);
  }

  DataType tryDouble(std::string_view field) const {
    if (parseJavaDouble(field) || field == nan_value_ || field == positive_inf_ ||
        field == negative_inf_) {
      return DataType::doubleType();
    }
    return tryDate(field);
  }

  DataType tryDate(std::string_view field) const {
    if (date_pattern_.parseDate(field))
      return DataType::date();
    return tryTimestamp(field);
  }

  // Without a format, CAST's rules, but only for text with a date: a bare time ("12:34")
  // would take today's date.
  DataType tryTimestamp(std::string_view field) const {
    bool parsed = timestamp_pattern_ ? timestamp_pattern_->parseTimestamp(field, *zone_).has_value()
                                     : parseTimestampNtz(field, true).has_value() &&
                                           parseTimestamp(field, *zone_).has_value();
    if (parsed)
      return DataType::timestamp();
    return tryBoolean(field);
  }

  static DataType tryBoolean(std::string_view field) {
    if (parseJavaBoolean(field))
      return DataType::boolean();
    return DataType::string();
  }

  std::string null_value_;
  std::string nan_value_;
  std::string positive_inf_;
  std::string negative_inf_;
  DatetimePattern date_pattern_;
  std::optional<DatetimePattern> timestamp_pattern_;
  const TimeZone* zone_;
};

std::string lowerAscii(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z')
      c = static_cast<char>(c + 32);
  }
  return out;
}

// CSVUtils.makeSafeHeader (case-insensitive, Spark's default).
std::vector<std::string> headerNames(const CsvTokenizer& tokenizer, const CsvOptions& options) {
  idx_t count = tokenizer.fieldCount();
  std::vector<std::string> names;
  names.reserve(count);
  if (!options.header) {
    for (idx_t i = 0; i < count; ++i)
      names.push_back("_c" + std::to_string(i));
    return names;
  }
  std::unordered_map<std::string, int> seen;
  for (idx_t i = 0; i < count; ++i)
    ++seen[lowerAscii(tokenizer.field(i))];
  for (idx_t i = 0; i < count; ++i) {
    std::string_view value = tokenizer.field(i);
    if (value.empty() || value == options.null_value) {
      names.push_back("_c" + std::to_string(i));
    } else if (seen[lowerAscii(value)] > 1) {
      names.push_back(std::string(value) + std::to_string(i));
    } else {
      names.emplace_back(value);
    }
  }
  return names;
}

}  // namespace

std::vector<StructField> inferCsvSchema(std::string_view path, std::string_view text,
                                        const CsvOptions& options, idx_t max_records) {
  (void)path;  // the reader names the file in its errors; inference raises none of its own
  std::string repaired;
  if (findInvalidUtf8(text) != std::string_view::npos) {
    repaired = std::string(text);
    repairUtf8(repaired);
    text = repaired;
  }
  CsvTokenizer tokenizer(text, options);
  if (!tokenizer.next())
    return {};
  std::vector<std::string> names = headerNames(tokenizer, options);
  std::vector<DataType> types(names.size(), DataType::voidType());
  if (options.infer_column_types) {
    FieldInferrer inferrer(options);
    auto inferRecord = [&] {
      idx_t count = std::min<idx_t>(tokenizer.fieldCount(), types.size());
      for (idx_t i = 0; i < count; ++i)
        types[i] = inferrer.infer(types[i], tokenizer.field(i));
    };
    idx_t records = 0;
    if (!options.header && max_records > 0) {
      inferRecord();
      ++records;
    }
    while (records < max_records && tokenizer.next()) {
      inferRecord();
      ++records;
    }
  } else {
    std::fill(types.begin(), types.end(), DataType::string());
  }
  std::vector<StructField> fields;
  fields.reserve(names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    fields.push_back(StructField{std::move(names[i]), types[i], true, {}});
  }
  return fields;
}

std::vector<StructField> mergeInferredSchemas(const std::vector<StructField>& a,
                                              const std::vector<StructField>& b) {
  std::vector<StructField> merged;
  size_t count = std::max(a.size(), b.size());
  merged.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    if (i >= a.size()) {
      merged.push_back(b[i]);
    } else if (i >= b.size()) {
      merged.push_back(a[i]);
    } else {
      StructField field = a[i];
      field.type = compatibleType(a[i].type, b[i].type).value_or(DataType::string());
      merged.push_back(std::move(field));
    }
  }
  return merged;
}

std::vector<StructField> finishInferredSchema(std::vector<StructField> fields) {
  for (StructField& field : fields) {
    if (field.type.isVoid())
      field.type = DataType::string();
  }
  return fields;
}

}  // namespace sluice::csv
