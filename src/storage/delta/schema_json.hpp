// src/storage/delta/schema_json.hpp
//
// Table schemas in the form the Delta log stores them (PROTOCOL.md, "Schema Serialization
// Format", Spark's DataType.json): {"type":"struct","fields":[{"name","type","nullable",
// "metadata"}]}, primitive types by name ("integer", "decimal(10,2)", "timestamp_ntz"),
// "array" / "map" / "struct" objects for nested types. Column comments travel in the field
// metadata under "comment", as Spark keeps them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/types/data_type.hpp"
#include "storage/delta/actions.hpp"

namespace sluice::delta {

//! The Delta JSON of a type; UNSUPPORTED_DATATYPE for types a Delta table cannot hold
//! (intervals, VOID).
Json dataTypeToJson(const DataType& type);
//! Reads a type; `where` names the source in CANNOT_PARSE_DATATYPE errors.
DataType dataTypeFromJson(const Json& json, std::string_view where);

//! One column as a field of a schema's "fields" list.
Json fieldToJson(const StructField& field);

//! The schemaString of a metaData action for these top-level columns.
std::string schemaToJson(const std::vector<StructField>& fields);
//! Parses a schemaString back into top-level columns.
std::vector<StructField> schemaFromJson(std::string_view schema_string, std::string_view where);

}  // namespace sluice::delta
