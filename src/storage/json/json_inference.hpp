// src/storage/json/json_inference.hpp
//
// Schema inference for JSON files with Spark's JsonInferSchema rules: each record's type is
// inferred (integers BIGINT, or DECIMAL(p,0) / DOUBLE beyond it; other numbers DOUBLE;
// strings STRING; objects STRUCTs with fields sorted by name; arrays of their elements' merged
// type; null the NULL type), records and then files are merged with JSON's widening rules,
// and the merged schema is finished (NULL types become STRING, empty structs disappear).
// Malformed records are skipped.
#pragma once

#include <string_view>
#include <vector>

#include "common/types/data_type.hpp"
#include "storage/json/json_options.hpp"

namespace sluice::json {

//! Infers the schema of up to `max_records` records of one file's text; fields sorted by
//! name, not finished. No records: an empty schema (the caller raises
//! UNABLE_TO_INFER_SCHEMA). `text` needs no padding.
std::vector<StructField> inferJsonSchema(std::string_view path, std::string_view text,
                                         const JsonOptions& options, idx_t max_records);

//! Merges two inferred schemas with Spark's widening rules (files are inferred one by one,
//! then merged): the union of the fields, sorted by name, with merged types.
std::vector<StructField> mergeInferredSchemas(const std::vector<StructField>& a,
                                              const std::vector<StructField>& b);

//! Final touch after merging, as Spark's canonicalizeType: NULL-typed (never seen non-null)
//! fields become STRING, fields with an empty name and empty STRUCTs are dropped.
std::vector<StructField> finishInferredSchema(std::vector<StructField> fields);

}  // namespace sluice::json
