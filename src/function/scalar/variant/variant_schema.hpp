// src/function/scalar/variant/variant_schema.hpp
//
// The SQL type a variant value holds, as Spark's SchemaOfVariant infers and prints it: shared by
// schema_of_variant and the aggregate schema_of_variant_agg.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "common/types/data_type.hpp"
#include "common/variant/variant.hpp"

namespace sluice {

//! Objects as structs (fields in key order), arrays of their elements' merged type, primitives
//! as their SQL types, a variant null as VOID.
DataType schemaOfVariant(const variant::VariantRef& value);

//! The type that holds values of both (Spark's mergeSchema: JSON inference's compatible type,
//! VARIANT where nothing narrower does).
DataType mergeVariantSchemas(const DataType& a, const DataType& b);

//! Spark's SchemaOfVariant.printSchema: structs as OBJECT<name: type, ...>.
std::string printVariantSchema(const DataType& type);

//! A compact binary form of the inferred types (a state an aggregate keeps in its heap), and
//! back.
std::string encodeVariantSchema(const DataType& type);
DataType decodeVariantSchema(std::string_view bytes);

}  // namespace sluice
