// src/python/arrow_export.hpp
//
// Hands a query's result to Arrow consumers (pyarrow's RecordBatch._import_from_c) through the
// Arrow C Data Interface: the columns become one STRUCT array per batch, each column in
// Arrow's standard layout. Values are copied into Arrow's layouts where sluice's differ
// (booleans are bytes here, strings are views, list entries need not be contiguous);
// fixed-width values are copied as they are.
#pragma once

#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "common/vector/vector.hpp"
#include "python/arrow_c_data.hpp"

namespace sluice {

//! Writes the schema of a result with these columns into `out`: a STRUCT ("+s") with one
//! nullable child per column. TIMESTAMP columns carry `time_zone` ("tsu:UTC"), TIMESTAMP_NTZ
//! none ("tsu:"), as Spark's Arrow conversion does. The consumer calls out->release.
void exportArrowSchema(const std::vector<std::string>& column_names,
                       const std::vector<DataType>& column_types, const std::string& time_zone,
                       ArrowSchema* out);

//! Writes one batch of a result into `out` as a STRUCT array of the batch's columns, owning
//! copies of the buffers, so that it outlives the batch. The consumer calls out->release.
void exportArrowBatch(const Batch& batch, const std::vector<DataType>& column_types,
                      ArrowArray* out);

//! The Arrow format string of a type ("l", "d:10,2", "+l"); TIMESTAMP is zoned in `time_zone`.
std::string arrowFormat(const DataType& type, const std::string& time_zone);

}  // namespace sluice
