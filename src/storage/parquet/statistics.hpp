// src/storage/parquet/statistics.hpp
//
// Column chunk statistics as the rest of sluice uses them: min and max as Values of the
// column's Spark type (for row-group pruning and Delta file statistics), and the null
// count. Bounds that cannot be trusted (no column order, deprecated fields of unsigned or
// byte-wise orders, NaN, INT96) are left out rather than guessed.
#pragma once

#include <cstdint>
#include <optional>

#include "common/types/value.hpp"
#include "storage/parquet/metadata.hpp"
#include "storage/parquet/schema.hpp"

namespace sluice::parquet {

struct ColumnStatistics {
  std::optional<Value> min;
  std::optional<Value> max;
  std::optional<int64_t> null_count;
  std::optional<int64_t> distinct_count;
};

//! Decodes `statistics` of `leaf`; `type_defined_order` tells whether the footer's
//! column_orders gives the leaf TYPE_ORDER (which makes min_value / max_value meaningful).
ColumnStatistics decodeColumnStatistics(const LeafColumn& leaf, const Statistics& statistics,
                                        bool type_defined_order);

//! The Value of one PLAIN-encoded physical value of `leaf` (byte arrays without their length
//! prefix); nullopt when the bytes do not form one.
std::optional<Value> decodeStatisticsValue(const LeafColumn& leaf, std::string_view bytes);

}  // namespace sluice::parquet
