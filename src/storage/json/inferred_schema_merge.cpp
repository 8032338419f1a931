// src/storage/json/inferred_schema_merge.cpp
//
// Merging and finishing inferred schemas.
#include <algorithm>
#include <optional>

#include "common/types/json_type_widening.hpp"
#include "storage/json/json_inference.hpp"

namespace sluice::json {

namespace {

bool sortedByName(const std::vector<StructField>& fields) {
  return std::is_sorted(fields.begin(), fields.end(),
                        [](const StructField& x, const StructField& y) { return x.name < y.name; });
}

//! Spark's canonicalizeType; nullopt for a type to drop.
std::optional<DataType> canonicalize(const DataType& type) {
  switch (type.id()) {
    case TypeId::kVoid:
      return DataType::string();
    case TypeId::kArray: {
      std::optional<DataType> element = canonicalize(type.elementType());
      if (!element)
        return std::nullopt;
      return DataType::array(*element, type.containsNull());
    }
    case TypeId::kStruct: {
      std::vector<StructField> fields;
      for (const StructField& field : type.fields()) {
        if (field.name.empty())
          continue;
        std::optional<DataType> field_type = canonicalize(field.type);
        if (field_type)
          fields.push_back(StructField{field.name, *field_type, field.nullable, {}});
      }
      // SPARK-8093: empty structs are dropped.
      if (fields.empty())
        return std::nullopt;
      return DataType::structOf(std::move(fields));
    }
    default:
      return type;
  }
}

}  // namespace

std::vector<StructField> mergeInferredSchemas(const std::vector<StructField>& a,
                                              const std::vector<StructField>& b) {
  if (sortedByName(a) && sortedByName(b))
    return mergeSortedFields(a, b);
  std::vector<StructField> sorted_a = a;
  std::vector<StructField> sorted_b = b;
  sortAndMergeDuplicates(sorted_a);
  sortAndMergeDuplicates(sorted_b);
  return mergeSortedFields(sorted_a, sorted_b);
}

std::vector<StructField> finishInferredSchema(std::vector<StructField> fields) {
  std::optional<DataType> root = canonicalize(DataType::structOf(std::move(fields)));
  if (!root)
    return {};
  return root->fields();
}

}  // namespace sluice::json
