// src/common/csv/csv_schema_inference.hpp
//
// CSV schema inference as Spark's CSVInferSchema does it. Each value moves its column's type
// along INT -> BIGINT -> DECIMAL(p,0) (integers beyond BIGINT) -> DOUBLE -> DATE (dateFormat,
// default yyyy-MM-dd) -> TIMESTAMP (timestampFormat, or CAST's rules for text that has a date)
// -> BOOLEAN ("true" / "false") -> STRING, starting from the type so far; empty and null values
// leave it unchanged (NULL type until a value comes). Types meet by Spark's CSV widening:
// INT+BIGINT=BIGINT, integral+DECIMAL=DECIMAL, DOUBLE+DECIMAL=DOUBLE, DATE+TIMESTAMP=STRING,
// NULL+x=x, otherwise STRING. The first record decides the columns: header names (empty or
// null names become _c<i>, case-insensitive duplicates get their index appended) or
// _c0.._cN.
#pragma once

#include <string_view>
#include <vector>

#include "common/csv/csv_options.hpp"
#include "common/types/data_type.hpp"

namespace sluice::csv {

//! Column names (header, or _c0, _c1, ...) and types inferred from up to max_records records
//! (the header not counted). Columns that saw no value are VOID (finishInferredSchema turns
//! them into STRING); a file without records gives no columns.
std::vector<StructField> inferCsvSchema(std::string_view path, std::string_view text,
                                        const CsvOptions& options, idx_t max_records);
//! Spark's CSV widening, to merge the schemas of several files (same column count and names
//! expected; by position; a longer schema keeps its extra columns).
std::vector<StructField> mergeInferredSchemas(const std::vector<StructField>& a,
                                              const std::vector<StructField>& b);
//! NULL-typed (all values empty) columns become STRING.
std::vector<StructField> finishInferredSchema(std::vector<StructField> fields);

}  // namespace sluice::csv
