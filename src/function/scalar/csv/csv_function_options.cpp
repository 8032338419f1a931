// src/function/scalar/csv/csv_function_options.cpp
#include "function/scalar/csv/csv_function_options.hpp"

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"
#include "common/types/datetime_pattern.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value.hpp"
#include "function/scalar/options_argument.hpp"

namespace sluice {

namespace {

char oneCharacter(const std::string& name, const std::string& value, std::string_view function) {
  std::string text = csv::unescapeCharOption(value);
  if (text.empty())
    return '\0';
  if (text.size() > 1) {
    throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                fmt::format("The option `{}` of `{}` must be a single character, not '{}'.", name,
                            function, value));
  }
  return text[0];
}

//! Compiles the pattern now, so that a bad one fails when the query is bound.
std::string checkedPattern(const std::string& pattern, bool parsing) {
  if (parsing) {
    DatetimePattern::compileForParsing(pattern);
  } else {
    DatetimePattern::compile(pattern);
  }
  return pattern;
}

//! The options both directions share; false when `name` is none of them.
template <typename Options>
bool applySharedOption(Options& csv, const std::string& name, const std::string& value,
                       std::string_view function, bool parsing) {
  if (sameIdentifier(name, "sep") || sameIdentifier(name, "delimiter")) {
    csv.separator = oneCharacter(name, value, function);
  } else if (sameIdentifier(name, "quote")) {
    csv.quote = oneCharacter(name, value, function);
  } else if (sameIdentifier(name, "escape")) {
    csv.escape = oneCharacter(name, value, function);
  } else if (sameIdentifier(name, "nullValue")) {
    csv.null_value = value;
  } else if (sameIdentifier(name, "dateFormat")) {
    csv.date_format = checkedPattern(value, parsing);
  } else if (sameIdentifier(name, "timestampFormat")) {
    csv.timestamp_format = checkedPattern(value, parsing);
  } else if (sameIdentifier(name, "timestampNTZFormat")) {
    csv.timestamp_ntz_format = checkedPattern(value, parsing);
  } else {
    return false;
  }
  return true;
}

}  // namespace

CsvReadFunctionOptions readCsvReadOptions(const Value* map, std::string_view function) {
  CsvReadFunctionOptions options;
  // One value, no header, nothing rescued; a quoted field may hold line breaks, as in the
  // single record univocity's parseLine reads.
  options.csv.rescued_data_column.clear();
  options.csv.multi_line = true;
  forEachOption(map, [&](const std::string& name, const std::string& value) {
    if (applySharedOption(options.csv, name, value, function, true))
      return;
    if (sameIdentifier(name, "nanValue")) {
      options.csv.nan_value = value;
    } else if (sameIdentifier(name, "emptyValue")) {
      options.csv.empty_value = value;
    } else if (sameIdentifier(name, "positiveInf")) {
      options.csv.positive_inf = value;
    } else if (sameIdentifier(name, "negativeInf")) {
      options.csv.negative_inf = value;
    } else if (sameIdentifier(name, "timeZone")) {
      options.csv.time_zone = timeZoneOption(value, function);
    } else if (sameIdentifier(name, "ignoreLeadingWhiteSpace")) {
      options.csv.ignore_leading_white_space = sameIdentifier(value, "true");
    } else if (sameIdentifier(name, "ignoreTrailingWhiteSpace")) {
      options.csv.ignore_trailing_white_space = sameIdentifier(value, "true");
    } else if (sameIdentifier(name, "comment")) {
      options.csv.comment = oneCharacter(name, value, function);
    } else if (sameIdentifier(name, "columnNameOfCorruptRecord")) {
      options.corrupt_column = value;
    } else if (sameIdentifier(name, "mode")) {
      // Spark takes an unknown mode for PERMISSIVE; the functions refuse DROPMALFORMED.
      if (sameIdentifier(value, "DROPMALFORMED")) {
        throw Error(ErrorClass::PARSE_MODE_UNSUPPORTED,
                    fmt::format("The function `{}` doesn't support the DROPMALFORMED mode. "
                                "Acceptable modes are PERMISSIVE and FAILFAST.",
                                function));
      }
      options.fail_fast = sameIdentifier(value, "FAILFAST");
    }
  });
  return options;
}

CsvWriteFunctionOptions readCsvWriteOptions(const Value* map, std::string_view function) {
  CsvWriteFunctionOptions options;
  forEachOption(map, [&](const std::string& name, const std::string& value) {
    if (applySharedOption(options.csv, name, value, function, false))
      return;
    if (sameIdentifier(name, "timeZone")) {
      options.zone = timeZoneOption(value, function);
    } else if (sameIdentifier(name, "emptyValue")) {
      options.csv.empty_value = value;
    } else if (sameIdentifier(name, "quoteAll")) {
      options.csv.quote_all = sameIdentifier(value, "true");
    }
  });
  return options;
}

}  // namespace sluice
