// src/common/variant/variant_storage.hpp
//
// How a VARIANT column is stored in Parquet, as Spark stores it: a group of two required
// BINARY columns, `value` then `metadata` (unshredded). The Parquet writer stores a vector in
// its storage type; a reader that expects VARIANT (the Delta schema says so) turns the group
// back into variants.
#pragma once

#include "common/types/data_type.hpp"
#include "common/vector/vector.hpp"

namespace sluice::variant {

//! `type` with each VARIANT, at any depth, replaced by STRUCT<value: BINARY NOT NULL,
//! metadata: BINARY NOT NULL>.
DataType storageType(const DataType& type);

//! Rows [0, count) of `vector` in storageType(vector.type()); the vector itself when its type
//! holds no VARIANT. The result shares the input's string bytes.
Vector toStorage(const Vector& vector, idx_t count);

//! The inverse of toStorage: rows [0, count) of `stored` (of storageType(type)) as `type`.
Vector fromStorage(const Vector& stored, const DataType& type, idx_t count);

}  // namespace sluice::variant
