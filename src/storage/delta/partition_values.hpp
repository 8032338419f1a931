// src/storage/delta/partition_values.hpp
//
// Partition values as the Delta log and the folder names hold them. In the log a value is a
// string (PROTOCOL.md, "Partition Value Serialization") or null; in a path it is escaped as
// Hive escapes it (Spark's ExternalCatalogUtils.escapePathName), with NULL written as
// __HIVE_DEFAULT_PARTITION__.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "common/types/data_type.hpp"
#include "common/types/value.hpp"
#include "storage/delta/actions.hpp"

namespace sluice::delta {

inline constexpr std::string_view kHiveDefaultPartition = "__HIVE_DEFAULT_PARTITION__";

//! The log's string for a value; nullopt for NULL and for the empty string (Spark stores an
//! empty partition string as NULL). Timestamps are ISO 8601 in UTC with microseconds
//! ("2024-01-02T03:04:05.000000Z"), as the protocol recommends.
std::optional<std::string> serializePartitionValue(const Value& value);
//! The value of `type` that `text` encodes; CAST_INVALID_INPUT naming `column` and `where`
//! when it does not parse.
Value parsePartitionValue(const std::optional<std::string>& text, const DataType& type,
                          std::string_view column, std::string_view where);

//! Hive's escaping of a path segment: %XX (upper-case hex) for control characters and
//! " # % ' * / : = ? \ DEL { [ ] ^.
std::string escapePartitionPathName(std::string_view text);
std::string unescapePartitionPathName(std::string_view text);
//! "a=1/b=__HIVE_DEFAULT_PARTITION__/" for the values in order; "" for none.
std::string partitionDirectory(const PartitionValues& values);

}  // namespace sluice::delta
