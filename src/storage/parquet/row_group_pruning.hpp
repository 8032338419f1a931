// src/storage/parquet/row_group_pruning.hpp
//
// Row-group skipping: the row groups of a Parquet file whose column statistics do not rule
// out every row for a conjunction of scan predicates.
#pragma once

#include <vector>

#include "storage/format/scan_predicate.hpp"
#include "storage/parquet/parquet_reader.hpp"

namespace sluice::parquet {

//! The row groups of `reader`'s file, in file order, that may hold a row satisfying all of
//! `predicates`. Predicates on columns the file lacks, on nested columns, or with constants
//! that do not convert exactly to the column's type rule nothing out.
std::vector<idx_t> rowGroupsThatMayMatch(const ParquetReader& reader,
                                         const std::vector<ScanPredicate>& predicates);

}  // namespace sluice::parquet
