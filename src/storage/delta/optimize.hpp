// src/storage/delta/optimize.hpp
//
// OPTIMIZE: compacts the small files (under min_file_size) of each partition into files of
// about max_file_size, committed as one version whose removes and adds have dataChange=false,
// so streaming readers skip it. On a clustered table (CLUSTER BY, the delta.clustering
// domain) the rows of each rewritten group are sorted by the clustering columns and the new
// files are marked clusteringProvider "liquid"; files not yet clustered are rewritten even
// when alone. A file whose deletion vector deletes more than 5% of its rows is rewritten too
// (Delta's optimize.maxDeletedRowsRatio), without the deleted rows; REORG TABLE ... APPLY
// (PURGE) rewrites exactly the files with deletion vectors. A table with nothing to compact
// gets no new version.
#pragma once

#include <cstdint>
#include <vector>

#include "storage/delta/data_skipping.hpp"

namespace sluice::delta {

struct OptimizeOptions {
  //! Delta's spark.databricks.delta.optimize.maxFileSize / minFileSize defaults (1 GiB).
  int64_t max_file_size = int64_t{1} << 30;
  int64_t min_file_size = int64_t{1} << 30;
  //! OPTIMIZE ... WHERE: only files of the partitions these predicates may match.
  std::vector<SkippingPredicate> where;
  //! REORG TABLE ... APPLY (PURGE): rewrite the files with deletion vectors (and only those),
  //! committed as operation REORG.
  bool purge = false;
};

struct OptimizeResult {
  int64_t version = -1;  // -1 when nothing was rewritten
  int64_t num_removed_files = 0;
  int64_t num_added_files = 0;
  int64_t num_removed_bytes = 0;
  int64_t num_added_bytes = 0;
  //! Removed files that had a deletion vector.
  int64_t num_deletion_vectors_removed = 0;
};

OptimizeResult optimize(const std::string& table_path, const OptimizeOptions& options = {});

}  // namespace sluice::delta
