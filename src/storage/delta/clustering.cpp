// src/storage/delta/clustering.cpp
#include "storage/delta/clustering.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/error/error.hpp"
#include "storage/delta/file_stats.hpp"
#include "storage/delta/snapshot.hpp"
#include "storage/delta/table_properties.hpp"

namespace sluice::delta {

void validateClusteringColumns(const std::vector<std::string>& columns,
                               const std::vector<StructField>& schema, const Metadata& metadata) {
  if (columns.size() > kMaxClusteringColumns) {
    throw Error(ErrorClass::DELTA_CLUSTER_BY_INVALID_NUM_COLUMNS,
                fmt::format("CLUSTER BY supports up to {} clustering columns, but the table has "
                            "{} clustering columns. Please remove the extra clustering columns.",
                            kMaxClusteringColumns, columns.size()));
  }
  // Partition columns are not in the files; a clustered table has none, so the data columns
  // are the schema's.
  int indexed_columns = dataSkippingNumIndexedCols(metadata);
  std::vector<std::string> missing;
  for (const std::string& column : columns) {
    if (!hasMinMaxStatistics(schema, column, indexed_columns))
      missing.push_back(column);
  }
  if (!missing.empty()) {
    std::vector<std::string> indexed;
    for (const StructField& field : schema) {
      if (hasMinMaxStatistics(schema, field.name, indexed_columns))
        indexed.push_back(field.name);
    }
    throw Error(ErrorClass::DELTA_CLUSTERING_COLUMN_MISSING_STATS,
                fmt::format("Liquid clustering requires clustering columns to have stats. "
                            "Couldn't find clustering column(s) '{}' in stats schema: [{}].",
                            fmt::join(missing, ", "), fmt::join(indexed, ", ")));
  }
}

DomainMetadata clusteringDomain(const std::vector<std::string>& physical_columns) {
  // Spark writes each column as the path of its name parts.
  Json columns = Json::array();
  for (const std::string& column : physical_columns)
    columns.push_back(Json::array({column}));
  DomainMetadata domain;
  domain.domain = kClusteringDomain;
  domain.configuration = dumpJson(Json{{"clusteringColumns", columns}});
  return domain;
}

}  // namespace sluice::delta
