// src/storage/delta/table_properties.cpp
//
// Reading Delta table properties with their defaults, and validating them as Delta does
// before a commit.

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

//! How Delta parses the value of a property it knows.
enum class ValueKind : uint8_t {
  kBoolean,
  kPositive,
  kNonNegative,
  kAtLeastMinusOne,
  kInterval,
  kText,
  kColumnMappingMode,
  kReaderVersion,
  kWriterVersion,
  kIsolationLevel,
  kCheckpointPolicy
};

struct KnownProperty {
  const char* key;  // as Delta spells it
  ValueKind kind;
};

// The properties of Delta's DeltaConfigs that a user may set.
constexpr KnownProperty kKnownProperties[] = {
    {"delta.appendOnly", ValueKind::kBoolean},
    {"delta.autoOptimize.autoCompact", ValueKind::kText},
    {"delta.autoOptimize.optimizeWrite", ValueKind::kBoolean},
    {"delta.checkpoint.writeStatsAsJson", ValueKind::kBoolean},
    {"delta.checkpoint.writeStatsAsStruct", ValueKind::kBoolean},
    {"delta.checkpointInterval", ValueKind::kPositive},
    {"delta.checkpointPolicy", ValueKind::kCheckpointPolicy},
    {"delta.checkpointRetentionDuration", ValueKind::kInterval},
    {"delta.columnMapping.mode", ValueKind::kColumnMappingMode},
    {"delta.compatibility.symlinkFormatManifest.enabled", ValueKind::kBoolean},
    {"delta.dataSkippingNumIndexedCols", ValueKind::kAtLeastMinusOne},
    {"delta.dataSkippingStatsColumns", ValueKind::kText},
    {"delta.deletedFileRetentionDuration", ValueKind::kInterval},
    {"delta.enableChangeDataFeed", ValueKind::kBoolean},
    {"delta.enableDeletionVectors", ValueKind::kBoolean},
    {"delta.enableExpiredLogCleanup", ValueKind::kBoolean},
    {"delta.enableFullRetentionRollback", ValueKind::kBoolean},
    {"delta.enableIcebergCompatV1", ValueKind::kBoolean},
    {"delta.enableIcebergCompatV2", ValueKind::kBoolean},
    {"delta.enableInCommitTimestamps", ValueKind::kBoolean},
    {"delta.enableRowTracking", ValueKind::kBoolean},
    {"delta.enableTypeWidening", ValueKind::kBoolean},
    {"delta.isolationLevel", ValueKind::kIsolationLevel},
    {"delta.logRetentionDuration", ValueKind::kInterval},
    {"delta.minReaderVersion", ValueKind::kReaderVersion},
    {"delta.minWriterVersion", ValueKind::kWriterVersion},
    {"delta.randomPrefixLength", ValueKind::kPositive},
    {"delta.randomizeFilePrefixes", ValueKind::kBoolean},
    {"delta.sampleRetentionDuration", ValueKind::kInterval},
    {"delta.setTransactionRetentionDuration", ValueKind::kInterval},
    {"delta.targetFileSize", ValueKind::kText},
    {"delta.tuneFileSizesForRewrites", ValueKind::kBoolean},
    {"delta.universalFormat.enabledFormats", ValueKind::kText},
};

const KnownProperty* findKnownProperty(std::string_view key) {
  std::string folded = lower(key);
  for (const KnownProperty& known : kKnownProperties) {
    if (lower(known.key) == folded)
      return &known;
  }
  return nullptr;
}

std::optional<int64_t> parseInteger(std::string_view text) {
  int64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size())
    return std::nullopt;
  return value;
}

//! Delta's help text for a value of `kind` that does not parse; empty when `value` is valid.
std::string invalidValueHelp(ValueKind kind, const std::string& value) {
  std::string folded = lower(value);
  std::optional<int64_t> number = parseInteger(value);
  switch (kind) {
    case ValueKind::kBoolean:
      return folded == "true" || folded == "false" ? "" : "needs to be a boolean.";
    case ValueKind::kPositive:
      return number && *number > 0 ? "" : "needs to be a positive integer.";
    case ValueKind::kNonNegative:
      return number && *number >= 0 ? "" : "needs to be a non-negative integer.";
    case ValueKind::kAtLeastMinusOne:
      return number && *number >= -1 ? "" : "needs to be larger than or equal to -1.";
    case ValueKind::kInterval:
      return parseIntervalMillis(value)
                 ? ""
                 : "needs to be provided as a calendar interval such as '2 weeks'. Months and "
                   "years are not accepted. You may specify '365 days' for a year instead.";
    case ValueKind::kText:
      return "";
    case ValueKind::kColumnMappingMode:
      return folded == "none" || folded == "id" || folded == "name"
                 ? ""
                 : "needs to be one of: none, id, name.";
    case ValueKind::kReaderVersion:
      return number && *number >= 1 && *number <= 3 ? "" : "needs to be an integer between [1, 3].";
    case ValueKind::kWriterVersion:
      return number && *number >= 1 && *number <= 7 ? "" : "needs to be an integer between [1, 7].";
    case ValueKind::kIsolationLevel:
      return value == "Serializable" || value == "WriteSerializable"
                 ? ""
                 : "must be Serializable or WriteSerializable.";
    case ValueKind::kCheckpointPolicy:
      return folded == "classic" || folded == "v2" ? "" : "needs to be one of: classic, v2.";
  }
  return "";
}

}  // namespace

bool isProtocolProperty(const std::string& key) {
  return key == "delta.minReaderVersion" || key == "delta.minWriterVersion" ||
         key.starts_with("delta.feature.");
}

std::string normalizeTablePropertyKey(const std::string& key) {
  std::string folded = lower(key);
  if (folded.starts_with("delta.feature."))
    return folded;
  if (const KnownProperty* known = findKnownProperty(key))
    return known->key;
  return key;
}

std::map<std::string, std::string> validateTableProperties(
    const std::map<std::string, std::string>& properties) {
  std::map<std::string, std::string> validated;
  for (const auto& [key, value] : properties) {
    std::string folded = lower(key);
    if (folded.starts_with("delta.constraints.") || !folded.starts_with("delta.")) {
      validated[key] = value;
      continue;
    }
    if (folded.starts_with("delta.feature.")) {
      validated[folded] = value;
      continue;
    }
    const KnownProperty* known = findKnownProperty(key);
    if (known == nullptr) {
      throwError(ErrorClass::DELTA_UNKNOWN_CONFIGURATION,
                 "Unknown configuration was specified: {}\nTable properties under `delta.` "
                 "must be ones Delta knows; check the spelling, or use a key outside `delta.`.",
                 key);
    }
    std::string help = invalidValueHelp(known->kind, value);
    if (!help.empty()) {
      throwError(ErrorClass::INVALID_CONF_VALUE,
                 "The value '{}' in the config \"{}\" is invalid. {} {}", value, known->key,
                 known->key, help);
    }
    validated[known->key] = value;
  }
  return validated;
}

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

bool deletionVectorsEnabled(const Metadata& metadata) {
  const std::string* text = property(metadata, "delta.enableDeletionVectors");
  return text && lower(*text) == "true";
}

IsolationLevel isolationLevel(const Metadata& metadata) {
  // Validation admits only the two names, spelled exactly.
  const std::string* text = property(metadata, "delta.isolationLevel");
  return text && *text == "Serializable" ? IsolationLevel::kSerializable
                                         : IsolationLevel::kWriteSerializable;
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
