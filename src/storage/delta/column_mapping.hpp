// src/storage/delta/column_mapping.hpp
//
// Delta column mapping (PROTOCOL.md, "Column Mapping"). With delta.columnMapping.mode `name`
// or `id`, a column's name in the table (its logical name) is not its name in the data files:
// every field of the schema, nested ones included, carries a physical name
// (delta.columnMapping.physicalName) and an id (delta.columnMapping.id) in its metadata. Data
// files name their columns by physical name and carry the id as the Parquet field_id;
// statistics and partition values are keyed by physical name. Readers find a file's column by
// physical name (name mode) or by field id (id mode). Renaming or dropping a column is then a
// change of the schema alone.
//
// New columns get the next id above delta.columnMapping.maxColumnId and the physical name
// `col-<uuid>`; enabling the mode on an existing table keeps each column's name as its
// physical name, so that no file is rewritten. Without a physical name in its metadata a
// field's physical name is its logical one, as Delta reads it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "storage/delta/actions.hpp"
#include "storage/parquet/schema.hpp"

namespace sluice::delta {

inline constexpr const char* kColumnMappingModeKey = "delta.columnMapping.mode";
inline constexpr const char* kColumnMappingMaxIdKey = "delta.columnMapping.maxColumnId";

enum class ColumnMappingMode : uint8_t { kNone, kId, kName };

//! The table's delta.columnMapping.mode (none when unset).
ColumnMappingMode columnMappingMode(const Metadata& metadata);
//! "none", "id" or "name".
const char* columnMappingModeName(ColumnMappingMode mode);

//! How one field is stored in data files, and the fields nested in it: a STRUCT's fields in
//! order; an ARRAY's element as the one child; a MAP's key and value as two children (the
//! element, key and value themselves have no name or id of their own).
struct StoredField {
  std::string physical_name;
  std::optional<int32_t> id;
  std::vector<StoredField> children;
};

class ColumnMapping {
 public:
  //! No mapping: every column is stored under its own name.
  ColumnMapping() = default;
  //! The mapping described by the schema and mode of `metadata`.
  static ColumnMapping of(const Metadata& metadata);

  ColumnMappingMode mode() const { return mode_; }
  bool enabled() const { return mode_ != ColumnMappingMode::kNone; }

  //! How top-level column `logical` is stored; nullptr for a column the mapping does not know
  //! (stored under its own name, as the `_change_type` of a change data file).
  const StoredField* find(const std::string& logical) const;
  //! The name data files, statistics and partition values give column `logical`.
  std::string physicalName(const std::string& logical) const;
  std::vector<std::string> physicalNames(const std::vector<std::string>& logical) const;
  //! `fields` (the table's columns) as data files store them: physical names at every depth.
  std::vector<StructField> physicalFields(const std::vector<StructField>& fields) const;
  //! The Parquet field ids of `fields`: empty without a mapping.
  std::vector<parquet::FieldIdTree> fieldIds(const std::vector<StructField>& fields) const;

 private:
  ColumnMappingMode mode_ = ColumnMappingMode::kNone;
  std::map<std::string, StoredField> columns_;
};

//! Gives every field of `metadata`'s schema (at any depth) that has no column mapping
//! metadata yet an id above delta.columnMapping.maxColumnId and a physical name: its own name
//! when `keep_names` (a table whose files already use the names), else `col-<uuid>`; records
//! the new maximum. Does nothing when the table's mode is none.
void assignColumnMapping(Metadata& metadata, bool keep_names = false);

//! The fields of the schema JSON `previous_schema` (a schemaString) carry their column
//! mapping metadata over to the same-named top-level fields of `metadata`'s schema, so that a
//! table replaced with the same columns keeps their physical names.
void keepColumnMapping(Metadata& metadata, const std::string& previous_schema);

}  // namespace sluice::delta
