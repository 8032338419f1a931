// src/common/types/type_contents.hpp
//
// What a type holds at any depth: the element of an ARRAY, the key and value of a MAP, the
// fields of a STRUCT.
#pragma once

#include "common/types/data_type.hpp"

namespace sluice {

//! True when `type` is of type `id` or holds a value of it anywhere inside.
inline bool containsTypeId(const DataType& type, TypeId id) {
  if (type.id() == id)
    return true;
  switch (type.id()) {
    case TypeId::kArray:
      return containsTypeId(type.elementType(), id);
    case TypeId::kMap:
      return containsTypeId(type.keyType(), id) || containsTypeId(type.valueType(), id);
    case TypeId::kStruct:
      for (const StructField& field : type.fields()) {
        if (containsTypeId(field.type, id))
          return true;
      }
      return false;
    default:
      return false;
  }
}

}  // namespace sluice
