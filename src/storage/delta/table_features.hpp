// src/storage/delta/table_features.hpp
//
// Which Delta protocols sluice reads and writes (PROTOCOL.md, "Table Features", "Writer
// Version Requirements"), and the protocol a new table needs: (1, 2) by default; TIMESTAMP_NTZ
// columns need the timestampNtz reader-writer feature (3, 7); CLUSTER BY needs the clustering
// and domainMetadata writer features (writer 7), a collated STRING column the collations and
// domainMetadata writer features; delta.enableChangeDataFeed needs writer
// version 4, or the changeDataFeed writer feature when the table is on writer version 7;
// delta.checkpointPolicy = 'v2' needs the v2Checkpoint reader-writer feature (3, 7).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "storage/delta/actions.hpp"

namespace sluice::delta {

Protocol protocolForNewTable(const std::vector<StructField>& schema, bool clustered,
                             const std::map<std::string, std::string>& properties);

//! `protocol` with `feature` supported: writer version 7 (reader version 3 too for a
//! reader-writer feature), the features the older versions implied listed, `feature` added.
Protocol withTableFeature(Protocol protocol, const std::string& feature, bool reader);

//! `protocol` able to hold a table with column mapping: reader version 2 and writer version 5,
//! or the columnMapping reader-writer feature on a table-features protocol.
Protocol withColumnMapping(Protocol protocol);

//! A protocol that supports everything `a` and `b` do: the higher versions, the union of
//! their features.
Protocol unionOfProtocols(const Protocol& a, const Protocol& b);

//! `protocol` raised to what the table properties `configuration` need, as ALTER TABLE SET
//! TBLPROPERTIES raises it: delta.minReaderVersion / delta.minWriterVersion and
//! delta.feature.<name> = 'supported' ask for versions and features; enableChangeDataFeed
//! needs writer version 4 (or the changeDataFeed feature), enableDeletionVectors the
//! deletionVectors reader-writer feature, enableTypeWidening the typeWidening one,
//! appendOnly the appendOnly writer feature on a table-features protocol, a
//! delta.columnMapping.mode other than none column mapping (withColumnMapping), and
//! checkpointPolicy = 'v2' the v2Checkpoint reader-writer feature. Features sluice does not
//! write are refused with DELTA_UNSUPPORTED_FEATURES_FOR_WRITE.
Protocol protocolForProperties(Protocol protocol,
                               const std::map<std::string, std::string>& configuration);

//! The table's properties as Delta lists them (SHOW TBLPROPERTIES, SHOW CREATE TABLE): its
//! configuration, delta.minReaderVersion, delta.minWriterVersion and
//! delta.feature.<name> = supported for each feature the protocol lists.
std::map<std::string, std::string> listedProperties(const Protocol& protocol,
                                                    const Metadata& metadata);

//! Whether DML deletes rows by deletion vector: delta.enableDeletionVectors is on and the
//! protocol lists the deletionVectors feature (otherwise it rewrites files).
bool writesDeletionVectors(const Protocol& protocol, const Metadata& metadata);

//! DELTA_INVALID_PROTOCOL_VERSION / DELTA_UNSUPPORTED_FEATURES_FOR_READ when the table needs
//! a reader feature sluice lacks (row tracking, variant type, ...).
void checkReadSupported(const Protocol& protocol, const Metadata& metadata,
                        const std::string& table_path);
//! The same for writers (also DELTA_UNSUPPORTED_FEATURES_FOR_WRITE).
void checkWriteSupported(const Protocol& protocol, const Metadata& metadata,
                         const std::string& table_path);

}  // namespace sluice::delta
