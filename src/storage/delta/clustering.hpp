// src/storage/delta/clustering.hpp
//
// Liquid clustering's record in the log and Delta's rules for clustering columns. The
// clustering columns live in the delta.clustering domain (domainMetadata) as the paths of
// their physical names; CREATE TABLE ... CLUSTER BY and ALTER TABLE ... CLUSTER BY write it,
// OPTIMIZE reads it (Snapshot::clusteringColumns).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "storage/delta/actions.hpp"

namespace sluice::delta {

//! Delta's limit on the number of clustering columns.
inline constexpr size_t kMaxClusteringColumns = 4;

//! Refuses clustering columns Delta refuses: more than kMaxClusteringColumns
//! (DELTA_CLUSTER_BY_INVALID_NUM_COLUMNS), or a column without min / max statistics in the
//! table's files (DELTA_CLUSTERING_COLUMN_MISSING_STATS: past delta.dataSkippingNumIndexedCols,
//! or of a type that has none). `columns` are names of `schema`'s top-level columns; `metadata`
//! gives the statistics settings.
void validateClusteringColumns(const std::vector<std::string>& columns,
                               const std::vector<StructField>& schema, const Metadata& metadata);

//! The domainMetadata action that records `physical_columns` (none: the table is no longer
//! clustered) as the clustering columns.
DomainMetadata clusteringDomain(const std::vector<std::string>& physical_columns);

}  // namespace sluice::delta
