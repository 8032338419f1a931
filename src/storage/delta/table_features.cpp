// src/storage/delta/table_features.cpp
//
// Protocol versions and table features sluice supports.

#include "storage/delta/table_features.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "storage/delta/schema_json.hpp"
#include "storage/delta/table_properties.hpp"

namespace sluice::delta {

namespace {

constexpr int32_t kMaxReaderVersion = 3;
constexpr int32_t kMaxWriterVersion = 7;

const std::vector<std::string> kReaderFeatures = {"deletionVectors", "timestampNtz",
                                                  "vacuumProtocolCheck", "typeWidening",
                                                  "typeWidening-preview"};
const std::vector<std::string> kWriterFeatures = {
    "appendOnly",          "invariants",   "timestampNtz",         "domainMetadata", "clustering",
    "vacuumProtocolCheck", "typeWidening", "typeWidening-preview", "changeDataFeed"};

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

//! The features a legacy protocol version implies (PROTOCOL.md, "Writer Version Requirements").
std::vector<std::string> impliedWriterFeatures(int32_t version) {
  std::vector<std::string> features;
  if (version >= 2)
    features = {"appendOnly", "invariants"};
  if (version >= 3)
    features.push_back("checkConstraints");
  if (version >= 4) {
    features.push_back("changeDataFeed");
    features.push_back("generatedColumns");
  }
  if (version >= 5)
    features.push_back("columnMapping");
  if (version >= 6)
    features.push_back("identityColumns");
  return features;
}

void addFeature(std::vector<std::string>& features, const std::string& feature) {
  if (std::find(features.begin(), features.end(), feature) == features.end())
    features.push_back(feature);
}

}  // namespace

Protocol withTableFeature(Protocol protocol, const std::string& feature, bool reader) {
  if (protocol.min_writer_version < 7) {
    protocol.writer_features = impliedWriterFeatures(protocol.min_writer_version);
    protocol.min_writer_version = 7;
  }
  if (!protocol.writer_features)
    protocol.writer_features.emplace();
  addFeature(*protocol.writer_features, feature);
  if (reader) {
    if (protocol.min_reader_version < 3) {
      protocol.reader_features = std::vector<std::string>{};
      if (protocol.min_reader_version == 2)
        protocol.reader_features->push_back("columnMapping");
      protocol.min_reader_version = 3;
    }
    if (!protocol.reader_features)
      protocol.reader_features.emplace();
    addFeature(*protocol.reader_features, feature);
  }
  return protocol;
}

Protocol unionOfProtocols(const Protocol& a, const Protocol& b) {
  Protocol result = a;
  if (a.min_writer_version < 7 && b.min_writer_version < 7) {
    result.min_writer_version = std::max(a.min_writer_version, b.min_writer_version);
  } else {
    for (const std::string& feature :
         b.writer_features.value_or(impliedWriterFeatures(b.min_writer_version)))
      result = withTableFeature(result, feature, /*reader=*/false);
  }
  if (a.min_reader_version < 3 && b.min_reader_version < 3) {
    result.min_reader_version = std::max(a.min_reader_version, b.min_reader_version);
  } else {
    std::vector<std::string> features = b.reader_features.value_or(std::vector<std::string>{});
    if (b.min_reader_version == 2)
      features.push_back("columnMapping");
    for (const std::string& feature : features)
      result = withTableFeature(result, feature, /*reader=*/true);
    if (result.min_reader_version < 3) {  // b is (3, 7) with no reader feature listed
      result.min_reader_version = 3;
      result.reader_features = std::vector<std::string>{};
    }
  }
  return result;
}

Protocol protocolForNewTable(const std::vector<StructField>& schema, bool clustered,
                             const std::map<std::string, std::string>& properties) {
  Protocol protocol;
  bool ntz = std::any_of(schema.begin(), schema.end(),
                         [](const StructField& field) { return containsTimestampNtz(field.type); });
  Metadata defined;
  defined.configuration = properties;
  bool change_data_feed = changeDataFeedEnabled(defined);
  if (!ntz && !clustered) {
    // As Delta does, the legacy writer version that implies change data feed.
    if (change_data_feed)
      protocol.min_writer_version = 4;
    return protocol;
  }
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
  if (change_data_feed)
    writer_features.push_back("changeDataFeed");
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
