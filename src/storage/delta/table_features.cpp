// src/storage/delta/table_features.cpp
//
// Protocol versions and table features sluice supports.

#include "storage/delta/table_features.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "storage/delta/schema_json.hpp"

namespace sluice::delta {

namespace {

constexpr int32_t kMaxReaderVersion = 3;
constexpr int32_t kMaxWriterVersion = 7;

const std::vector<std::string> kReaderFeatures = {"deletionVectors", "timestampNtz",
                                                  "vacuumProtocolCheck"};
const std::vector<std::string> kWriterFeatures = {"appendOnly",   "invariants",
                                                  "timestampNtz", "domainMetadata",
                                                  "clustering",   "vacuumProtocolCheck"};

bool configured(const Metadata& metadata, const std::string& key, const std::string& value) {
  auto it = metadata.configuration.find(key);
  return it != metadata.configuration.end() && it->second == value;
}

bool usesColumnMapping(const Metadata& metadata) {
  auto it = metadata.configuration.find("delta.columnMapping.mode");
  return it != metadata.configuration.end() && it->second != "none";
}

std::vector<std::string> unsupported(const std::optional<std::vector<std::string>>& features,
                                     const std::vector<std::string>& supported) {
  std::vector<std::string> missing;
  if (!features)
    return missing;
  for (const std::string& feature : *features) {
    if (std::find(supported.begin(), supported.end(), feature) == supported.end()) {
      missing.push_back(feature);
    }
  }
  return missing;
}

[[noreturn]] void throwInvalidVersion(const Protocol& protocol, const std::string& table_path) {
  throw Error(ErrorClass::DELTA_INVALID_PROTOCOL_VERSION,
              fmt::format("Unsupported Delta protocol version: table \"{}\" requires reader "
                          "version {} and writer version {}, but sluice supports reader "
                          "versions up to {} and writer versions up to {}.",
                          table_path, protocol.min_reader_version, protocol.min_writer_version,
                          kMaxReaderVersion, kMaxWriterVersion));
}

}  // namespace

Protocol protocolForNewTable(const std::vector<StructField>& schema, bool clustered) {
  Protocol protocol;
  bool ntz = std::any_of(schema.begin(), schema.end(),
                         [](const StructField& field) { return containsTimestampNtz(field.type); });
  if (!ntz && !clustered)
    return protocol;
  // Writer version 7 lists the features that versions 1 and 2 implied.
  std::vector<std::string> writer_features = {"appendOnly", "invariants"};
  protocol.min_writer_version = 7;
  if (ntz) {
    protocol.min_reader_version = 3;
    protocol.reader_features = std::vector<std::string>{"timestampNtz"};
    writer_features.push_back("timestampNtz");
  }
  if (clustered) {
    writer_features.push_back("clustering");
    writer_features.push_back("domainMetadata");
  }
  protocol.writer_features = writer_features;
  return protocol;
}

void checkReadSupported(const Protocol& protocol, const Metadata& metadata,
                        const std::string& table_path) {
  if (protocol.min_reader_version > kMaxReaderVersion)
    throwInvalidVersion(protocol, table_path);
  // Reader version 2 means column mapping, which sluice does not implement.
  if (protocol.min_reader_version == 2 && usesColumnMapping(metadata)) {
    throw Error(ErrorClass::DELTA_UNSUPPORTED_FEATURES_FOR_READ,
                fmt::format("Unable to read the Delta table \"{}\": it uses column mapping, "
                            "which sluice does not support.",
                            table_path));
  }
  std::vector<std::string> missing = unsupported(protocol.reader_features, kReaderFeatures);
  if (protocol.min_reader_version == 3 && !missing.empty()) {
    throw Error(ErrorClass::DELTA_UNSUPPORTED_FEATURES_FOR_READ,
                fmt::format("Unable to read the Delta table \"{}\": it requires the table "
                            "feature(s) {}, which sluice does not support.",
                            table_path, fmt::join(missing, ", ")));
  }
}

void checkWriteSupported(const Protocol& protocol, const Metadata& metadata,
                         const std::string& table_path) {
  checkReadSupported(protocol, metadata, table_path);
  if (protocol.min_writer_version > kMaxWriterVersion)
    throwInvalidVersion(protocol, table_path);
  std::vector<std::string> missing;
  if (protocol.min_writer_version == 7) {
    missing = unsupported(protocol.writer_features, kWriterFeatures);
  } else {
    // Legacy writer versions imply features; refuse only the ones this table actually uses.
    for (const auto& [key, value] : metadata.configuration) {
      if (key.starts_with("delta.constraints."))
        missing.push_back("checkConstraints");
    }
    if (protocol.min_writer_version >= 4 &&
        configured(metadata, "delta.enableChangeDataFeed", "true")) {
      missing.push_back("changeDataFeed");
    }
    if (protocol.min_writer_version >= 5 && usesColumnMapping(metadata)) {
      missing.push_back("columnMapping");
    }
  }
  if (!missing.empty()) {
    throw Error(ErrorClass::DELTA_UNSUPPORTED_FEATURES_FOR_WRITE,
                fmt::format("Unable to write to the Delta table \"{}\": it requires the table "
                            "feature(s) {}, which sluice does not support.",
                            table_path, fmt::join(missing, ", ")));
  }
}

}  // namespace sluice::delta
