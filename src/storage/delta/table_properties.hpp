// src/storage/delta/table_properties.hpp
//
// The Delta table properties (metaData.configuration) that sluice acts on, with Delta's
// defaults: delta.checkpointInterval (10), delta.deletedFileRetentionDuration
// ("interval 1 week"), delta.appendOnly (false), delta.dataSkippingNumIndexedCols (32),
// delta.dataSkippingStringPrefixLength (32), delta.enableChangeDataFeed (false).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "storage/delta/actions.hpp"
#include "storage/delta/isolation_level.hpp"

namespace sluice::delta {

int64_t checkpointInterval(const Metadata& metadata);
int64_t deletedFileRetentionMillis(const Metadata& metadata);
bool isAppendOnly(const Metadata& metadata);
//! DELTA_CANNOT_MODIFY_APPEND_ONLY when `metadata` makes the table (named `table` in the
//! message) append-only: a write that changes or removes rows is refused.
void refuseIfAppendOnly(const Metadata& metadata, const std::string& table);
//! delta.enableChangeDataFeed: DML records the rows it changes in change data files.
bool changeDataFeedEnabled(const Metadata& metadata);
int dataSkippingNumIndexedCols(const Metadata& metadata);
int dataSkippingStringPrefixLength(const Metadata& metadata);

//! delta.isolationLevel: WriteSerializable unless the table asks for Serializable.
IsolationLevel isolationLevel(const Metadata& metadata);

//! delta.enableDeletionVectors: the table may carry deletion vectors (Databricks' default).
bool deletionVectorsEnabled(const Metadata& metadata);

//! Table properties as Delta validates them before they are committed (DeltaConfigs): a key
//! that starts with "delta." must be one Delta knows (DELTA_UNKNOWN_CONFIGURATION otherwise)
//! and is spelled as Delta spells it (delta.appendonly -> delta.appendOnly); its value must
//! parse (INVALID_CONF_VALUE with Delta's help text). delta.constraints.* and
//! delta.feature.* keys, and keys outside "delta.", pass as written.
std::map<std::string, std::string> validateTableProperties(
    const std::map<std::string, std::string>& properties);
//! Whether `key` asks for a protocol (delta.minReaderVersion, delta.minWriterVersion,
//! delta.feature.*) rather than being stored in the table's configuration.
bool isProtocolProperty(const std::string& key);
//! `key` spelled as Delta spells a key it knows; other keys unchanged.
std::string normalizeTablePropertyKey(const std::string& key);

//! Milliseconds of a calendar-free interval string as Delta's properties spell it:
//! "interval 1 week", "interval 168 hours", "7 days", "interval 30 minutes"; nullopt for
//! anything else.
std::optional<int64_t> parseIntervalMillis(std::string_view text);

}  // namespace sluice::delta
