// src/storage/delta/table_properties.cpp
//
// Reading Delta table properties with their defaults.

#include "storage/delta/table_properties.hpp"

#include <cctype>
#include <charconv>
#include <string>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/types/time_units.hpp"

namespace sluice::delta {

namespace {

const std::string* property(const Metadata& metadata, const char* key) {
  auto it = metadata.configuration.find(key);
  return it == metadata.configuration.end() ? nullptr : &it->second;
}

int64_t integerProperty(const Metadata& metadata, const char* key, int64_t fallback,
                        int64_t min_value) {
  const std::string* text = property(metadata, key);
  if (!text)
    return fallback;
  int64_t value = 0;
  auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (error != std::errc() || end != text->data() + text->size() || value < min_value) {
    throw Error(ErrorClass::INVALID_CONF_VALUE,
                fmt::format("The value '{}' of table property {} is invalid.", *text, key));
  }
  return value;
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

int64_t checkpointInterval(const Metadata& metadata) {
  return integerProperty(metadata, "delta.checkpointInterval", 10, 1);
}

int64_t deletedFileRetentionMillis(const Metadata& metadata) {
  const char* key = "delta.deletedFileRetentionDuration";
  const std::string* text = property(metadata, key);
  if (!text)
    return 168 * kMillisPerHour;
  auto millis = parseIntervalMillis(*text);
  if (!millis) {
    throw Error(ErrorClass::INVALID_CONF_VALUE,
                fmt::format("The value '{}' of table property {} is invalid.", *text, key));
  }
  return *millis;
}

bool isAppendOnly(const Metadata& metadata) {
  const std::string* text = property(metadata, "delta.appendOnly");
  return text && lower(*text) == "true";
}

bool changeDataFeedEnabled(const Metadata& metadata) {
  const std::string* text = property(metadata, "delta.enableChangeDataFeed");
  return text && lower(*text) == "true";
}

void refuseIfAppendOnly(const Metadata& metadata, const std::string& table) {
  if (!isAppendOnly(metadata))
    return;
  throw Error(ErrorClass::DELTA_CANNOT_MODIFY_APPEND_ONLY,
              fmt::format("This table is configured to only allow appends: {}. If you would like "
                          "to permit updates or deletes, use 'ALTER TABLE <table_name> SET "
                          "TBLPROPERTIES (delta.appendOnly=false)'.",
                          table));
}

int dataSkippingNumIndexedCols(const Metadata& metadata) {
  return static_cast<int>(integerProperty(metadata, "delta.dataSkippingNumIndexedCols", 32, -1));
}

int dataSkippingStringPrefixLength(const Metadata& metadata) {
  return static_cast<int>(integerProperty(metadata, "delta.dataSkippingStringPrefixLength", 32, 0));
}

std::optional<int64_t> parseIntervalMillis(std::string_view text) {
  std::string input = lower(text);
  std::string_view rest = input;
  auto skip_spaces = [&] {
    while (!rest.empty() && rest.front() == ' ')
      rest.remove_prefix(1);
  };
  skip_spaces();
  if (rest.starts_with("interval"))
    rest.remove_prefix(8);
  skip_spaces();
  int64_t amount = 0;
  auto [end, error] = std::from_chars(rest.data(), rest.data() + rest.size(), amount);
  if (error != std::errc() || amount < 0)
    return std::nullopt;
  rest.remove_prefix(static_cast<size_t>(end - rest.data()));
  skip_spaces();
  while (!rest.empty() && rest.back() == ' ')
    rest.remove_suffix(1);
  if (rest.ends_with("s"))
    rest.remove_suffix(1);
  int64_t unit = 0;
  if (rest == "week")
    unit = 7 * 24 * kMillisPerHour;
  else if (rest == "day")
    unit = 24 * kMillisPerHour;
  else if (rest == "hour")
    unit = kMillisPerHour;
  else if (rest == "minute")
    unit = 60'000;
  else if (rest == "second")
    unit = 1'000;
  else if (rest == "millisecond")
    unit = 1;
  else
    return std::nullopt;
  // An interval too long for int64 milliseconds is no valid duration.
  int64_t millis = 0;
  if (__builtin_mul_overflow(amount, unit, &millis))
    return std::nullopt;
  return millis;
}

}  // namespace sluice::delta
