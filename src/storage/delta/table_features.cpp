// src/storage/delta/table_features.cpp
//
// Protocol versions and table features sluice supports.

#include "storage/delta/table_features.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/types/type_contents.hpp"
#include "storage/delta/column_mapping.hpp"
#include "storage/delta/schema_json.hpp"
#include "storage/delta/table_properties.hpp"

namespace sluice::delta {

namespace {

constexpr int32_t kMaxReaderVersion = 3;
constexpr int32_t kMaxWriterVersion = 7;

const std::vector<std::string> kReaderFeatures = {
    "deletionVectors",      "timestampNtz",  "vacuumProtocolCheck", "typeWidening",
    "typeWidening-preview", "columnMapping", "v2Checkpoint",        "variantType",
    "variantType-preview",  "geospatial"};
// Deletion vectors are written by DELETE, UPDATE and MERGE when the table enables them
// (writesDeletionVectors); every other write that removes a file removes its vector with it.
const std::vector<std::string> kWriterFeatures = {
    "appendOnly",     "invariants",          "timestampNtz",  "domainMetadata",
    "clustering",     "vacuumProtocolCheck", "typeWidening",  "typeWidening-preview",
    "changeDataFeed", "deletionVectors",     "columnMapping", "v2Checkpoint",
    "variantType",    "variantType-preview", "collations",    "collations-preview",
    "geospatial"};

bool usesColumnMapping(const Metadata& metadata) {
  return columnMappingMode(metadata) != ColumnMappingMode::kNone;
}

//! Whether the table uses a feature that a protocol may list without it being used: a
//! writer that does not implement such a feature may still write while the table does not
//! use it (PROTOCOL.md lets legacy versions imply them all).
bool featureInUse(const std::string& feature, const Metadata& metadata) {
  if (feature == "columnMapping")
    return usesColumnMapping(metadata);
  if (feature == "checkConstraints") {
    return std::any_of(
        metadata.configuration.begin(), metadata.configuration.end(),
        [](const auto& entry) { return entry.first.starts_with("delta.constraints."); });
  }
  if (feature == "generatedColumns")
    return metadata.schema_string.find("delta.generationExpression") != std::string::npos;
  if (feature == "identityColumns")
    return metadata.schema_string.find("delta.identity.") != std::string::npos;
  return true;
}

std::vector<std::string> unsupported(const std::optional<std::vector<std::string>>& features,
                                     const std::vector<std::string>& supported,
                                     const Metadata& metadata) {
  std::vector<std::string> missing;
  if (!features)
    return missing;
  for (const std::string& feature : *features) {
    if (std::find(supported.begin(), supported.end(), feature) == supported.end() &&
        featureInUse(feature, metadata)) {
      missing.push_back(feature);
    }
  }
  return missing;
}

//! `name` spelled as the protocol spells the feature when sluice knows it, in any case.
std::string canonicalFeature(const std::string& name) {
  for (const auto* list : {&kReaderFeatures, &kWriterFeatures}) {
    for (const std::string& feature : *list) {
      if (feature.size() == name.size() &&
          std::equal(feature.begin(), feature.end(), name.begin(), [](char a, char b) {
            return std::tolower(static_cast<unsigned char>(a)) ==
                   std::tolower(static_cast<unsigned char>(b));
          })) {
        return feature;
      }
    }
  }
  return name;
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

//! delta.checkpointPolicy = 'v2' needs the v2Checkpoint reader-writer feature, which Delta
//! enables with it.
Protocol withV2CheckpointsIfAsked(Protocol protocol,
                                  const std::map<std::string, std::string>& properties) {
  auto it = properties.find("delta.checkpointPolicy");
  if (it == properties.end() || (it->second != "v2" && it->second != "V2"))
    return protocol;
  return withTableFeature(std::move(protocol), "v2Checkpoint", /*reader=*/true);
}

}  // namespace

Protocol withColumnMapping(Protocol protocol) {
  // As Delta enables it: the legacy versions (2, 5) unless the table lists features already.
  if (protocol.min_writer_version < 7 && protocol.min_reader_version < 3) {
    protocol.min_reader_version = std::max(protocol.min_reader_version, 2);
    protocol.min_writer_version = std::max(protocol.min_writer_version, 5);
    return protocol;
  }
  return withTableFeature(std::move(protocol), "columnMapping", /*reader=*/true);
}

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
  auto holds = [&](TypeId id) {
    return std::any_of(schema.begin(), schema.end(),
                       [id](const StructField& field) { return containsTypeId(field.type, id); });
  };
  bool ntz = holds(TypeId::kTimestampNtz);
  bool variant = holds(TypeId::kVariant);
  bool spatial = holds(TypeId::kGeometry) || holds(TypeId::kGeography);
  bool collated = std::any_of(schema.begin(), schema.end(), [](const StructField& field) {
    return containsCollatedString(field.type);
  });
  Metadata defined;
  defined.configuration = properties;
  bool change_data_feed = changeDataFeedEnabled(defined);
  bool column_mapping = usesColumnMapping(defined);
  if (!ntz && !variant && !spatial && !clustered && !collated) {
    // As Delta does, the legacy writer version that implies change data feed.
    if (change_data_feed)
      protocol.min_writer_version = 4;
    return withV2CheckpointsIfAsked(column_mapping ? withColumnMapping(protocol) : protocol,
                                    properties);
  }
  // Writer version 7 lists the features that versions 1 and 2 implied.
  std::vector<std::string> writer_features = {"appendOnly", "invariants"};
  protocol.min_writer_version = 7;
  if (ntz || variant || spatial) {
    protocol.min_reader_version = 3;
    protocol.reader_features = std::vector<std::string>{};
  }
  if (ntz) {
    protocol.reader_features->push_back("timestampNtz");
    writer_features.push_back("timestampNtz");
  }
  if (variant) {
    protocol.reader_features->push_back("variantType");
    writer_features.push_back("variantType");
  }
  if (spatial) {  // the geospatial RFC: GEOMETRY / GEOGRAPHY columns
    protocol.reader_features->push_back("geospatial");
    writer_features.push_back("geospatial");
  }
  if (clustered)
    writer_features.push_back("clustering");
  if (collated)  // a writer-only feature: readers that lack it read the strings as UTF8_BINARY
    writer_features.push_back("collations");
  if (clustered || collated)
    writer_features.push_back("domainMetadata");
  if (change_data_feed)
    writer_features.push_back("changeDataFeed");
  protocol.writer_features = writer_features;
  return withV2CheckpointsIfAsked(column_mapping ? withColumnMapping(protocol) : protocol,
                                  properties);
}

Protocol protocolForProperties(Protocol protocol,
                               const std::map<std::string, std::string>& configuration) {
  auto enabled = [&](const char* key) {
    auto it = configuration.find(key);
    return it != configuration.end() &&
           (it->second == "true" || it->second == "TRUE" || it->second == "True");
  };
  auto version = [&](const char* key) -> int32_t {
    auto it = configuration.find(key);
    return it == configuration.end() ? 0 : std::stoi(it->second);
  };
  int32_t writer = version("delta.minWriterVersion");
  if (writer == 7 && protocol.min_writer_version < 7) {
    protocol.writer_features = impliedWriterFeatures(protocol.min_writer_version);
    protocol.min_writer_version = 7;
  } else if (protocol.min_writer_version < 7) {
    protocol.min_writer_version = std::max(protocol.min_writer_version, writer);
  }
  int32_t reader = version("delta.minReaderVersion");
  if (reader == 3 && protocol.min_reader_version < 3) {
    protocol.reader_features = std::vector<std::string>{};
    if (protocol.min_reader_version == 2)
      protocol.reader_features->push_back("columnMapping");
    protocol.min_reader_version = 3;
  } else if (protocol.min_reader_version < 3) {
    protocol.min_reader_version = std::max(protocol.min_reader_version, reader);
  }
  auto add = [&](const std::string& feature, bool reader) {
    bool known_reader =
        std::find(kReaderFeatures.begin(), kReaderFeatures.end(), feature) != kReaderFeatures.end();
    bool known_writer =
        std::find(kWriterFeatures.begin(), kWriterFeatures.end(), feature) != kWriterFeatures.end();
    if (!known_writer) {
      throw Error(ErrorClass::DELTA_UNSUPPORTED_FEATURES_FOR_WRITE,
                  fmt::format("Unable to enable the table feature {}: sluice does not support "
                              "writing tables with it.",
                              feature));
    }
    protocol = withTableFeature(std::move(protocol), feature, reader || known_reader);
  };
  for (const auto& [key, value] : configuration) {
    if (!key.starts_with("delta.feature."))
      continue;
    std::string status = value;
    for (char& c : status)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (status != "supported" && status != "enabled") {
      throw Error(ErrorClass::INVALID_CONF_VALUE,
                  fmt::format("The value '{}' in the config \"{}\" is invalid. A table feature "
                              "can only be set to 'supported'.",
                              value, key));
    }
    add(canonicalFeature(key.substr(std::string_view("delta.feature.").size())), false);
  }
  if (enabled("delta.enableChangeDataFeed")) {
    if (protocol.min_writer_version < 7)
      protocol.min_writer_version = std::max(protocol.min_writer_version, 4);
    else
      add("changeDataFeed", false);
  }
  if (enabled("delta.appendOnly") && protocol.min_writer_version == 7)
    add("appendOnly", false);
  if (enabled("delta.enableDeletionVectors"))
    add("deletionVectors", true);
  if (enabled("delta.enableTypeWidening"))
    add("typeWidening", true);
  Metadata defined;
  defined.configuration = configuration;
  if (usesColumnMapping(defined))
    protocol = withColumnMapping(std::move(protocol));
  return withV2CheckpointsIfAsked(std::move(protocol), configuration);
}

std::map<std::string, std::string> listedProperties(const Protocol& protocol,
                                                    const Metadata& metadata) {
  std::map<std::string, std::string> properties = metadata.configuration;
  properties["delta.minReaderVersion"] = std::to_string(protocol.min_reader_version);
  properties["delta.minWriterVersion"] = std::to_string(protocol.min_writer_version);
  for (const auto* features : {&protocol.reader_features, &protocol.writer_features}) {
    for (const std::string& feature : features->value_or(std::vector<std::string>{}))
      properties["delta.feature." + feature] = "supported";
  }
  return properties;
}

bool writesDeletionVectors(const Protocol& protocol, const Metadata& metadata) {
  if (!deletionVectorsEnabled(metadata) || !protocol.writer_features)
    return false;
  const std::vector<std::string>& features = *protocol.writer_features;
  return std::find(features.begin(), features.end(), "deletionVectors") != features.end();
}

void checkReadSupported(const Protocol& protocol, const Metadata& metadata,
                        const std::string& table_path) {
  if (protocol.min_reader_version > kMaxReaderVersion)
    throwInvalidVersion(protocol, table_path);
  std::vector<std::string> missing =
      unsupported(protocol.reader_features, kReaderFeatures, metadata);
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
    missing = unsupported(protocol.writer_features, kWriterFeatures, metadata);
  } else {
    // Legacy writer versions imply features; refuse only the ones this table actually uses.
    if (featureInUse("checkConstraints", metadata))
      missing.push_back("checkConstraints");
  }
  if (!missing.empty()) {
    throw Error(ErrorClass::DELTA_UNSUPPORTED_FEATURES_FOR_WRITE,
                fmt::format("Unable to write to the Delta table \"{}\": it requires the table "
                            "feature(s) {}, which sluice does not support.",
                            table_path, fmt::join(missing, ", ")));
  }
}

}  // namespace sluice::delta
