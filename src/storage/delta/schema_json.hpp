// src/storage/delta/schema_json.hpp
//
// Table schemas in the form the Delta log stores them (PROTOCOL.md, "Schema Serialization
// Format", Spark's DataType.json): {"type":"struct","fields":[{"name","type","nullable",
// "metadata"}]}, primitive types by name ("integer", "decimal(10,2)", "timestamp_ntz"),
// "array" / "map" / "struct" objects for nested types. Column comments travel in the field
// metadata under "comment", collations under "__COLLATIONS", as Spark keeps them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/types/data_type.hpp"
#include "storage/delta/actions.hpp"

namespace sluice::delta {

//! The field metadata key of the collations table feature: {"<field path>": "<provider>.<name>"}
//! for the collated strings of a field, its own type or those inside its arrays and maps
//! ("tags.element", "m.key", "m.value"), providers "spark" (UTF8_LCASE, UTF8_BINARY_RTRIM, ...)
//! and "icu" (UNICODE, en_CI, ...). A struct's fields record their own.
inline constexpr const char* kCollationsMetadataKey = "__COLLATIONS";

//! The Delta JSON of a type; UNSUPPORTED_DATATYPE for types a Delta table cannot hold
//! (intervals, VOID). Its strings' collations are left to the metadata of its field.
Json dataTypeToJson(const DataType& type);
//! Reads a type (its strings of UTF8_BINARY, where no field metadata gives collations);
//! `where` names the source in CANNOT_PARSE_DATATYPE errors.
DataType dataTypeFromJson(const Json& json, std::string_view where);

//! One column as a field of a schema's "fields" list.
Json fieldToJson(const StructField& field);

//! Gives the schema field `field` (JSON) and the struct fields inside it the collations of
//! `type`, which has the field's shape; every other key of their metadata (comments, column
//! mapping ids and physical names) stays.
void setFieldCollations(Json& field, const DataType& type);

//! The schemaString of a metaData action for these top-level columns.
std::string schemaToJson(const std::vector<StructField>& fields);
//! Parses a schemaString back into top-level columns.
std::vector<StructField> schemaFromJson(std::string_view schema_string, std::string_view where);

}  // namespace sluice::delta
