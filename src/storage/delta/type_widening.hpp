// src/storage/delta/type_widening.hpp
//
// Delta's type widening (the typeWidening reader-writer table feature): a column's type may
// become a wider one without rewriting the files written before the change; readers convert
// those files' values as they read them. The change is recorded in the column's metadata
// (`delta.typeChanges`: fromType, toType) and the table carries `delta.enableTypeWidening`.
//
// sluice makes and reads Delta's widenings, each converted exactly: integers to wider integers
// (BYTE -> SHORT -> INT -> LONG), BYTE / SHORT / INT and FLOAT to DOUBLE, DATE to
// TIMESTAMP_NTZ, DECIMAL(p, s) to DECIMAL(p + k1, s + k2) with k1 >= k2 >= 0, and integers to
// a DECIMAL with room for their digits (10 whole digits for BYTE / SHORT / INT, 20 for LONG).
// Any other change fails a flow with DELTA_FAILED_TO_MERGE_FIELDS.
#pragma once

#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "common/vector/vector.hpp"
#include "storage/delta/actions.hpp"

namespace sluice::delta {

//! Whether a column of type `from` may become `to` by type widening.
bool isSupportedTypeChange(const DataType& from, const DataType& to);

//! The first `rows` values of `values` (read from a file written before the column widened)
//! converted to `to`; isSupportedTypeChange(values.type(), to) must hold.
Vector widenValues(const Vector& values, idx_t rows, const DataType& to);

//! Gives the schema field `field` (JSON, as the log holds it) the type `to`, recording the
//! change in its `delta.typeChanges`.
void recordTypeChange(Json& field, const DataType& to);

//! `protocol` with the typeWidening feature, and `metadata` with delta.enableTypeWidening.
Protocol withTypeWidening(const Protocol& protocol, Metadata& metadata);

//! Commits new types for existing columns of the table (`columns`: name and new type), with
//! their `delta.typeChanges`, the typeWidening feature and `delta.enableTypeWidening`;
//! returns the committed version, or -1 when `columns` is empty.
int64_t widenColumns(const std::string& table_path, const std::vector<StructField>& columns);

}  // namespace sluice::delta
