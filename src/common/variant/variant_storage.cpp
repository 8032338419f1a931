// src/common/variant/variant_storage.cpp
#include "common/variant/variant_storage.hpp"

#include <algorithm>
#include <string>

#include "common/types/type_contents.hpp"
#include "common/types/value.hpp"
#include "common/variant/variant.hpp"

namespace sluice::variant {

namespace {

constexpr idx_t kValueField = 0;
constexpr idx_t kMetadataField = 1;

//! The number of child rows the ARRAY / MAP rows [0, count) of `vector` reach.
idx_t childRows(const Vector& vector, idx_t count) {
  idx_t rows = 0;
  for (idx_t row = 0; row < count; ++row) {
    if (vector.isNull(row))
      continue;
    const ListEntry& entry = vector.at<ListEntry>(row);
    rows = std::max<idx_t>(rows, entry.offset + entry.length);
  }
  return rows;
}

//! A constant vector as a flat one of `count` rows (boxed: constants are rare here).
Vector flatCopy(const Vector& vector, idx_t count) {
  Vector flat(vector.type(), std::max<idx_t>(count, 1));
  Value value = vector.getValue(0);
  for (idx_t row = 0; row < count; ++row)
    flat.setValue(row, value);
  return flat;
}

//! Converts `input` into `out` (allocated with the target type), following `logical`, the
//! type with VARIANTs: `convert` maps a child vector (with its logical type), `leaf` a VARIANT
//! position.
template <typename ConvertChild, typename ConvertLeaf>
void convertNested(const Vector& input, Vector& out, const DataType& logical, idx_t count,
                   ConvertChild convert, ConvertLeaf leaf) {
  switch (logical.id()) {
    case TypeId::kVariant:
      leaf(input, out);
      break;
    case TypeId::kStruct:
      for (idx_t field = 0; field < input.children().size(); ++field)
        out.child(field) = convert(input.child(field), logical.fields()[field].type, count);
      break;
    default: {  // ARRAY and MAP: the entries as they are, the elements converted
      idx_t elements = childRows(input, count);
      out.child(0) = convert(input.child(0), logical.childType(), elements);
      out.setChildSize(elements);
      for (idx_t row = 0; row < count; ++row) {
        if (!input.isNull(row))
          out.mutableData<ListEntry>()[row] = input.at<ListEntry>(row);
      }
      break;
    }
  }
  for (idx_t row = 0; row < count; ++row) {
    if (input.isNull(row))
      out.setNull(row);
  }
}

}  // namespace

DataType storageType(const DataType& type) {
  return mapLeafTypes(type, [](const DataType& leaf) {
    if (leaf.id() != TypeId::kVariant)
      return leaf;
    return DataType::structOf({StructField{"value", DataType::binary(), false, {}},
                               StructField{"metadata", DataType::binary(), false, {}}});
  });
}

Vector toStorage(const Vector& vector, idx_t count) {
  if (!containsTypeId(vector.type(), TypeId::kVariant))
    return vector;
  if (vector.isConstant())
    return toStorage(flatCopy(vector, count), count);
  Vector out(storageType(vector.type()), std::max<idx_t>(count, 1));
  convertNested(
      vector, out, vector.type(), count,
      [](const Vector& child, const DataType&, idx_t rows) { return toStorage(child, rows); },
      [count](const Vector& input, Vector& stored) {
        Vector& value = stored.child(kValueField);
        Vector& metadata = stored.child(kMetadataField);
        value.shareStringsOf(input);
        metadata.shareStringsOf(input);
        for (idx_t row = 0; row < count; ++row) {
          if (input.isNull(row))
            continue;
          const StringView& encoded = input.at<StringView>(row);
          std::string_view bytes(encoded.data(), encoded.size());
          size_t metadata_size = metadataSize(bytes);
          metadata.mutableData<StringView>()[row] = StringView(bytes.substr(0, metadata_size));
          value.mutableData<StringView>()[row] = StringView(bytes.substr(metadata_size));
        }
      });
  return out;
}

Vector fromStorage(const Vector& stored, const DataType& type, idx_t count) {
  if (!containsTypeId(type, TypeId::kVariant))
    return stored;
  if (stored.isConstant())
    return fromStorage(flatCopy(stored, count), type, count);
  Vector out(type, std::max<idx_t>(count, 1));
  convertNested(
      stored, out, type, count,
      [](const Vector& child, const DataType& child_type, idx_t rows) {
        return fromStorage(child, child_type, rows);
      },
      [count](const Vector& input, Vector& variants) {
        const Vector& value = input.child(kValueField);
        const Vector& metadata = input.child(kMetadataField);
        std::string encoded;
        for (idx_t row = 0; row < count; ++row) {
          if (input.isNull(row))
            continue;
          encoded.assign(metadata.at<StringView>(row).view());
          encoded.append(value.at<StringView>(row).view());
          variants.mutableData<StringView>()[row] = variants.addString(encoded);
        }
      });
  return out;
}

}  // namespace sluice::variant
