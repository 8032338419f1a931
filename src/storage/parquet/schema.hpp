// src/storage/parquet/schema.hpp
//
// The bridge between Spark types and Parquet schemas. A ParquetSchema is a tree of
// ColumnNodes (one per Spark field, with Parquet's definition and repetition levels) over
// the file's leaf columns. Writing builds it from Spark fields (standard 3-level LIST and
// MAP layouts, Spark's physical types); reading interprets any file's schema elements the
// way Spark's ParquetToSparkSchemaConverter does, legacy list layouts included.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "storage/parquet/metadata.hpp"

namespace sluice::parquet {

//! How a leaf's physical values become the in-memory values of its Spark type.
enum class ValueConversion : uint8_t {
  kNone,               // the same bytes: BOOLEAN, INT32, INT64, FLOAT, DOUBLE, byte arrays
  kInt32ToInt8,        // TINYINT
  kInt32ToInt16,       // SMALLINT
  kUint8ToInt16,       // UINT_8 read as SMALLINT
  kUint16ToInt32,      // UINT_16 read as INT
  kInt32ToInt64,       // DECIMAL(p <= 9) stored as int64 in memory
  kUint32ToInt64,      // UINT_32 read as BIGINT
  kUint64ToInt128,     // UINT_64 read as DECIMAL(20, 0)
  kMillisToMicros,     // TIMESTAMP(MILLIS)
  kNanosToMicros,      // TIMESTAMP(NANOS), rounded down
  kInt96ToMicros,      // legacy Impala / Spark INT96 timestamps
  kBytesToDecimal64,   // big-endian two's complement BYTE_ARRAY / FIXED to int64
  kBytesToDecimal128,  // ... to int128
  kUuidToString,       // FIXED[16] UUID to its 36-character text
  kWkbToSpatial,       // GEOMETRY / GEOGRAPHY WKB, given the column's SRID in front
};

//! One leaf column (column chunk) of the file.
struct LeafColumn {
  std::vector<std::string> path;
  PhysicalType physical = PhysicalType::kInt32;
  int32_t type_length = 0;  // FIXED_LEN_BYTE_ARRAY
  DataType type;            // the Spark type of the values in memory
  int16_t max_definition_level = 0;
  int16_t max_repetition_level = 0;
  ValueConversion conversion = ValueConversion::kNone;
  LogicalType logical_type;  // after deriving it from a legacy converted type
};

struct ColumnNode {
  enum class Kind : uint8_t { kPrimitive, kStruct, kList, kMap };

  Kind kind = Kind::kPrimitive;
  std::string name;
  //! The schema element's field_id (Iceberg's and Delta column mapping's column identity).
  std::optional<int32_t> field_id;
  DataType type;
  bool nullable = true;
  //! The definition level at which this node is not NULL.
  int16_t definition_level = 0;
  //! Repeated ancestors (including a repeated group of this node's own LIST / MAP).
  int16_t repetition_level = 0;
  //! LIST / MAP: the definition level at which there is at least one element, and the
  //! repetition level of the repeated group.
  int16_t repeated_definition_level = 0;
  int16_t repeated_repetition_level = 0;
  //! STRUCT: the fields; LIST: the element; MAP: the key and the value.
  std::vector<ColumnNode> children;
  //! The leaves under this node are leaves [first_leaf, first_leaf + leaf_count).
  uint32_t first_leaf = 0;
  uint32_t leaf_count = 0;
};

struct ParquetSchema {
  std::vector<ColumnNode> columns;  // the top-level fields
  std::vector<LeafColumn> leaves;   // in column chunk order

  //! The top-level fields as Spark StructFields.
  std::vector<StructField> fields() const;
};

//! Field ids to write for one field, and for the fields nested in it: a STRUCT's fields in
//! order; an ARRAY's element as the one child; a MAP's key and value as two children. No
//! children: none for the nested fields.
struct FieldIdTree {
  std::optional<int32_t> id;
  std::vector<FieldIdTree> children;
};

//! Builds the schema elements and column tree for writing `fields`, with `field_ids` (one per
//! field, or empty for none). Throws UNSUPPORTED_DATATYPE for types Parquet cannot hold.
ParquetSchema buildWriteSchema(const std::vector<StructField>& fields,
                               std::vector<SchemaElement>& elements,
                               const std::vector<FieldIdTree>& field_ids = {});

//! Interprets a file's schema elements (root first). Throws FAILED_READ_FILE for a malformed
//! tree, PARQUET_TYPE_ILLEGAL / PARQUET_TYPE_NOT_SUPPORTED for types Spark rejects too.
ParquetSchema interpretSchema(const std::vector<SchemaElement>& elements);

//! The fewest bytes of a two's complement integer holding every DECIMAL(precision) value.
int decimalBytesForPrecision(int precision);

}  // namespace sluice::parquet
