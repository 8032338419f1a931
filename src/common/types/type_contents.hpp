// src/common/types/type_contents.hpp
//
// What a type holds at any depth: the element of an ARRAY, the key and value of a MAP, the
// fields of a STRUCT.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/error/error.hpp"
#include "common/types/data_type.hpp"

namespace sluice {

//! True when `type` satisfies `test` or holds a value of a type that does anywhere inside.
template <typename Test>
bool containsTypeWhere(const DataType& type, const Test& test) {
  if (test(type))
    return true;
  switch (type.id()) {
    case TypeId::kArray:
      return containsTypeWhere(type.elementType(), test);
    case TypeId::kMap:
      return containsTypeWhere(type.keyType(), test) || containsTypeWhere(type.valueType(), test);
    case TypeId::kStruct:
      for (const StructField& field : type.fields()) {
        if (containsTypeWhere(field.type, test))
          return true;
      }
      return false;
    default:
      return false;
  }
}

//! True when `type` is of type `id` or holds a value of it anywhere inside.
inline bool containsTypeId(const DataType& type, TypeId id) {
  return containsTypeWhere(type, [id](const DataType& inner) { return inner.id() == id; });
}

//! True when `type` holds a STRING of a collation other than UTF8_BINARY anywhere.
inline bool containsCollatedString(const DataType& type) {
  return containsTypeWhere(type, [](const DataType& inner) { return inner.isCollatedString(); });
}

//! `type` with `replace` applied to each type inside it that is no ARRAY, MAP or STRUCT; the
//! containers keep their nullability and field names.
template <typename Replace>
DataType mapLeafTypes(const DataType& type, const Replace& replace) {
  switch (type.id()) {
    case TypeId::kArray:
      return DataType::array(mapLeafTypes(type.elementType(), replace), type.containsNull());
    case TypeId::kMap:
      return DataType::map(mapLeafTypes(type.keyType(), replace),
                           mapLeafTypes(type.valueType(), replace), type.containsNull());
    case TypeId::kStruct: {
      std::vector<StructField> fields = type.fields();
      for (StructField& field : fields)
        field.type = mapLeafTypes(field.type, replace);
      return DataType::structOf(std::move(fields));
    }
    default:
      return replace(type);
  }
}

//! `type` with every STRING inside it of UTF8_BINARY: the type its values are stored as, since
//! a collation changes how strings compare, not their bytes.
inline DataType withoutCollations(const DataType& type) {
  return mapLeafTypes(type, [](const DataType& leaf) {
    return leaf.id() == TypeId::kString ? DataType::string() : leaf;
  });
}

//! True when `type` holds a STRING of the indeterminate collation anywhere.
inline bool containsIndeterminateCollation(const DataType& type) {
  return containsTypeWhere(type, [](const DataType& leaf) {
    return leaf.id() == TypeId::kString && leaf.collation() == kIndeterminateCollation;
  });
}

//! The error for `expression` (a function's name, a sort or grouping key), which needs the
//! collation of strings that have none: INDETERMINATE_COLLATION_IN_EXPRESSION where Spark's
//! analysis finds it, INDETERMINATE_COLLATION (`found_running`) where Spark finds it only when
//! the query runs. The caller adds where it is.
Error indeterminateCollationIn(std::string_view expression, bool found_running = false);

//! The paths of the STRINGs of the indeterminate collation in `schema`, as Spark names them:
//! `col`, `arr.element`, `m.key`, `m.value`, `s.f1`.
std::vector<std::string> indeterminateCollationPaths(const std::vector<StructField>& schema);

//! Raises INDETERMINATE_COLLATION_IN_SCHEMA when `schema`, about to be stored as a table's or a
//! view's, holds a STRING of the indeterminate collation (a column computed from columns of
//! different implicit collations), as Spark refuses it.
void requireDeterminateCollations(const std::vector<StructField>& schema);

}  // namespace sluice
