// src/storage/delta/data_skipping.hpp
//
// File pruning for Delta scans: given simple comparisons of a top-level column with a
// constant (=, <, <=, >, >=, IS NULL, IS NOT NULL), skip the files whose partition values or
// statistics prove that no row satisfies them all. Bounds are used the way Delta writes them:
// string bounds may be truncated prefixes (the max with a tie-breaker), timestamp bounds are
// truncated to milliseconds, float and double maxima ignore NaN and so are not trusted.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "common/types/value.hpp"
#include "storage/delta/actions.hpp"
#include "storage/format/scan_predicate.hpp"

namespace sluice::delta {

//! `column op value`; the planner lowers the predicates it can into a conjunction of these.
using SkippingPredicate = ScanPredicate;

//! False only when `file` certainly has no row satisfying every predicate. Predicates on
//! unknown columns, or with constants that do not convert exactly, skip nothing.
bool fileMayMatch(const AddFile& file, const std::vector<StructField>& schema,
                  const std::vector<std::string>& partition_columns,
                  const std::vector<SkippingPredicate>& predicates);

}  // namespace sluice::delta
