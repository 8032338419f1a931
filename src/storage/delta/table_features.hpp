// src/storage/delta/table_features.hpp
//
// Which Delta protocols sluice reads and writes (PROTOCOL.md, "Table Features", "Writer
// Version Requirements"), and the protocol a new table needs: (1, 2) by default; TIMESTAMP_NTZ
// columns need the timestampNtz reader-writer feature (3, 7); CLUSTER BY needs the clustering
// and domainMetadata writer features (writer 7).
#pragma once

#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "storage/delta/actions.hpp"

namespace sluice::delta {

Protocol protocolForNewTable(const std::vector<StructField>& schema, bool clustered);

//! DELTA_INVALID_PROTOCOL_VERSION / DELTA_UNSUPPORTED_FEATURES_FOR_READ when the table needs
//! a reader feature sluice lacks (column mapping, deletion vectors, v2 checkpoints, ...).
void checkReadSupported(const Protocol& protocol, const Metadata& metadata,
                        const std::string& table_path);
//! The same for writers (also DELTA_UNSUPPORTED_FEATURES_FOR_WRITE).
void checkWriteSupported(const Protocol& protocol, const Metadata& metadata,
                         const std::string& table_path);

}  // namespace sluice::delta
