// src/python/arrow_export.cpp
//
// Each exported schema and array owns its strings, buffers and children through its
// private_data; release frees them and marks the struct released, as the specification asks.
// Arrays are built by gathering: a column is exported for a list of physical rows, so that a
// constant vector, a STRUCT's fields and the scattered elements of ARRAY / MAP rows all take
// the same path and come out in Arrow's contiguous layout.
//
// VARIANT, GEOMETRY and GEOGRAPHY leave as Spark's ArrowUtils writes them: a STRUCT of two
// non-NULL children, VARIANT's `value` and `metadata` (BINARY; `metadata` tagged
// {"variant": "true"}), a spatial value's `srid` (INT) and `wkb` (BINARY, tagged
// {"geometry" | "geography": "true", "srid": <the type's SRID>}).
#include "python/arrow_export.hpp"

#include <cstring>
#include <memory>

#include <fmt/format.h>

#include "common/check.hpp"
#include "common/error/error.hpp"
#include "common/types/geospatial.hpp"
#include "common/variant/variant.hpp"

namespace sluice {

namespace {

// ---- Schemas. ----

//! Key-value metadata of a schema field.
using FieldMetadata = std::vector<std::pair<std::string, std::string>>;

struct SchemaOwner {
  std::string format;
  std::string name;
  std::string metadata;  // encoded as the C Data Interface lays it out; empty for none
  std::vector<ArrowSchema> children;
  std::vector<ArrowSchema*> child_pointers;
};

void releaseSchema(ArrowSchema* schema) {
  auto* owner = static_cast<SchemaOwner*>(schema->private_data);
  for (ArrowSchema& child : owner->children) {
    if (child.release != nullptr)
      child.release(&child);
  }
  delete owner;
  schema->release = nullptr;
}

struct ChildSpec {
  std::string name;
  DataType type;
  bool nullable;
  //! A MAP's entries: a STRUCT<key, value> whose key is never NULL.
  bool map_entries = false;
  FieldMetadata metadata = {};
};

void fillSchema(ArrowSchema* out, const ChildSpec& spec, const std::string& time_zone);

//! The metadata as the C Data Interface encodes it: the number of pairs, then each key and
//! value as its length and bytes, the lengths native 32-bit integers.
std::string encodeMetadata(const FieldMetadata& metadata) {
  std::string encoded;
  auto append_int = [&encoded](size_t value) {
    auto narrow = static_cast<int32_t>(value);
    encoded.append(reinterpret_cast<const char*>(&narrow), sizeof(narrow));
  };
  append_int(metadata.size());
  for (const auto& [key, value] : metadata) {
    append_int(key.size());
    encoded += key;
    append_int(value.size());
    encoded += value;
  }
  return encoded;
}

//! The two children of a spatial value's STRUCT, as Spark's ArrowUtils names and tags them.
std::vector<ChildSpec> spatialChildSpecs(const DataType& type) {
  std::string kind = type.id() == TypeId::kGeometry ? "geometry" : "geography";
  return {{"srid", DataType::intType(), false},
          {"wkb",
           DataType::binary(),
           false,
           false,
           {{kind, "true"}, {"srid", std::to_string(type.srid())}}}};
}

//! The children of a nested type's schema: an ARRAY's element, a MAP's entries, a STRUCT's
//! fields.
std::vector<ChildSpec> childSpecs(const ChildSpec& parent) {
  const DataType& type = parent.type;
  switch (type.id()) {
    case TypeId::kArray:
      return {{"element", type.elementType(), type.containsNull()}};
    case TypeId::kMap:
      return {{"entries", type.childType(), false, /*map_entries=*/true}};
    case TypeId::kStruct: {
      std::vector<ChildSpec> specs;
      for (const StructField& field : type.fields()) {
        bool is_key = parent.map_entries && specs.empty();
        specs.push_back({field.name, field.type, field.nullable && !is_key});
      }
      return specs;
    }
    case TypeId::kVariant:
      return {{"value", DataType::binary(), false},
              {"metadata", DataType::binary(), false, false, {{"variant", "true"}}}};
    case TypeId::kGeometry:
    case TypeId::kGeography:
      return spatialChildSpecs(type);
    default:
      return {};
  }
}

//! The schema of a field (a column, or a child of one).
void fillSchema(ArrowSchema* out, const ChildSpec& spec, const std::string& time_zone) {
  auto owner = std::make_unique<SchemaOwner>();
  owner->format = arrowFormat(spec.type, time_zone);
  owner->name = spec.name;
  if (!spec.metadata.empty())
    owner->metadata = encodeMetadata(spec.metadata);
  std::vector<ChildSpec> children = childSpecs(spec);
  owner->children.resize(children.size());
  for (size_t index = 0; index < children.size(); ++index) {
    fillSchema(&owner->children[index], children[index], time_zone);
    owner->child_pointers.push_back(&owner->children[index]);
  }
  out->format = owner->format.c_str();
  out->name = owner->name.c_str();
  out->metadata = owner->metadata.empty() ? nullptr : owner->metadata.data();
  out->flags = spec.nullable ? ARROW_FLAG_NULLABLE : 0;
  out->n_children = static_cast<int64_t>(owner->children.size());
  out->children = owner->child_pointers.empty() ? nullptr : owner->child_pointers.data();
  out->dictionary = nullptr;
  out->release = releaseSchema;
  out->private_data = owner.release();
}

// ---- Arrays. ----

struct ArrayOwner {
  std::vector<std::vector<uint8_t>> buffers;
  std::vector<const void*> buffer_pointers;
  std::vector<ArrowArray> children;
  std::vector<ArrowArray*> child_pointers;
};

void releaseArray(ArrowArray* array) {
  auto* owner = static_cast<ArrayOwner*>(array->private_data);
  for (ArrowArray& child : owner->children) {
    if (child.release != nullptr)
      child.release(&child);
  }
  delete owner;
  array->release = nullptr;
}

void setBit(std::vector<uint8_t>& bits, idx_t index) {
  bits[index >> 3] |= static_cast<uint8_t>(1u << (index & 7));
}

std::vector<uint8_t> zeroBits(idx_t count) {
  return std::vector<uint8_t>((count + 7) / 8, 0);
}

//! Appends a fixed-width value of `width` bytes.
void appendBytes(std::vector<uint8_t>& buffer, const void* value, size_t width) {
  const auto* bytes = static_cast<const uint8_t*>(value);
  buffer.insert(buffer.end(), bytes, bytes + width);
}

void fillArray(ArrowArray* out, const Vector& vector, const DataType& type,
               const std::vector<idx_t>& rows);

//! The owner's validity bitmap (buffer 0); none when no row is NULL.
int64_t addValidity(ArrayOwner& owner, const Vector& vector, const std::vector<idx_t>& rows) {
  std::vector<uint8_t> validity = zeroBits(rows.size());
  int64_t null_count = 0;
  for (idx_t index = 0; index < rows.size(); ++index) {
    if (vector.isNull(rows[index]))
      ++null_count;
    else
      setBit(validity, index);
  }
  owner.buffers.push_back(null_count > 0 ? std::move(validity) : std::vector<uint8_t>());
  return null_count;
}

//! Offsets (int32) of ARRAY / MAP rows and the physical child rows they cover, in order.
std::vector<idx_t> addListOffsets(ArrayOwner& owner, const Vector& vector,
                                  const std::vector<idx_t>& rows) {
  std::vector<idx_t> child_rows;
  std::vector<uint8_t> offsets;
  int32_t end = 0;
  appendBytes(offsets, &end, sizeof(end));
  for (idx_t row : rows) {
    if (!vector.isNull(row)) {
      const ListEntry& entry = vector.at<ListEntry>(row);
      for (uint32_t element = 0; element < entry.length; ++element)
        child_rows.push_back(entry.offset + element);
      end += static_cast<int32_t>(entry.length);
    }
    appendBytes(offsets, &end, sizeof(end));
  }
  owner.buffers.push_back(std::move(offsets));
  return child_rows;
}

void addChildren(ArrayOwner& owner, const std::vector<const Vector*>& vectors,
                 const std::vector<DataType>& types, const std::vector<idx_t>& rows) {
  owner.children.resize(vectors.size());
  for (size_t index = 0; index < vectors.size(); ++index) {
    fillArray(&owner.children[index], *vectors[index], types[index], rows);
    owner.child_pointers.push_back(&owner.children[index]);
  }
}

//! Hands `owner`'s buffers and children over to `out`, an array of `length` rows.
void finishArray(ArrowArray* out, std::unique_ptr<ArrayOwner> owner, int64_t length,
                 int64_t null_count) {
  for (const std::vector<uint8_t>& buffer : owner->buffers)
    owner->buffer_pointers.push_back(buffer.empty() ? nullptr : buffer.data());
  out->length = length;
  out->null_count = null_count;
  out->offset = 0;
  out->n_buffers = static_cast<int64_t>(owner->buffer_pointers.size());
  out->n_children = static_cast<int64_t>(owner->children.size());
  out->buffers = owner->buffer_pointers.empty() ? nullptr : owner->buffer_pointers.data();
  out->children = owner->child_pointers.empty() ? nullptr : owner->child_pointers.data();
  out->dictionary = nullptr;
  out->release = releaseArray;
  out->private_data = owner.release();
}

//! The offsets and bytes buffers of a STRING / BINARY array of `count` values, value(i) giving
//! each (empty for a NULL).
template <typename ValueAt>
void addOffsetsAndBytes(ArrayOwner& owner, size_t count, const ValueAt& value) {
  std::vector<uint8_t> offsets;
  std::vector<uint8_t> bytes;
  int32_t end = 0;
  appendBytes(offsets, &end, sizeof(end));
  for (size_t index = 0; index < count; ++index) {
    std::string_view text = value(index);
    bytes.insert(bytes.end(), text.begin(), text.end());
    end += static_cast<int32_t>(text.size());
    appendBytes(offsets, &end, sizeof(end));
  }
  owner.buffers.push_back(std::move(offsets));
  owner.buffers.push_back(std::move(bytes));
}

//! A BINARY child with no NULL (a VARIANT's or a spatial value's part) of `parts`.
void fillBinaryChild(ArrowArray* out, const std::vector<std::string_view>& parts) {
  auto owner = std::make_unique<ArrayOwner>();
  owner->buffers.emplace_back();  // no validity bitmap
  addOffsetsAndBytes(*owner, parts.size(), [&](size_t index) { return parts[index]; });
  finishArray(out, std::move(owner), static_cast<int64_t>(parts.size()), 0);
}

//! An INT child with no NULL of `values`.
void fillIntChild(ArrowArray* out, const std::vector<int32_t>& values) {
  auto owner = std::make_unique<ArrayOwner>();
  owner->buffers.emplace_back();  // no validity bitmap
  std::vector<uint8_t> bytes;
  appendBytes(bytes, values.data(), values.size() * sizeof(int32_t));
  owner->buffers.push_back(std::move(bytes));
  finishArray(out, std::move(owner), static_cast<int64_t>(values.size()), 0);
}

//! The two children of a VARIANT or spatial column: its encoded values split in two (a NULL
//! row's parts are empty).
void addSplitChildren(ArrayOwner& owner, const Vector& vector, const DataType& type,
                      const std::vector<idx_t>& rows) {
  owner.children.resize(2);
  std::vector<std::string_view> second;
  if (type.id() == TypeId::kVariant) {
    // In memory a variant is its metadata, then its value; Arrow lists the value first.
    std::vector<std::string_view> values;
    for (idx_t row : rows) {
      std::string_view encoded =
          vector.isNull(row) ? std::string_view() : vector.at<StringView>(row).view();
      size_t metadata_size = encoded.empty() ? 0 : variant::metadataSize(encoded);
      values.push_back(encoded.substr(metadata_size));
      second.push_back(encoded.substr(0, metadata_size));
    }
    fillBinaryChild(&owner.children[0], values);
  } else {
    std::vector<int32_t> srids;
    for (idx_t row : rows) {
      int32_t srid = 0;
      std::string_view wkb;
      if (!vector.isNull(row)) {
        std::string_view encoded = vector.at<StringView>(row).view();
        srid = spatialValueSrid(encoded);
        wkb = spatialValueWkb(encoded);
      }
      srids.push_back(srid);
      second.push_back(wkb);
    }
    fillIntChild(&owner.children[0], srids);
  }
  fillBinaryChild(&owner.children[1], second);
  for (ArrowArray& child : owner.children)
    owner.child_pointers.push_back(&child);
}

void fillValues(ArrayOwner& owner, const Vector& vector, const DataType& type,
                const std::vector<idx_t>& rows) {
  switch (type.id()) {
    case TypeId::kVariant:
    case TypeId::kGeometry:
    case TypeId::kGeography:
      addSplitChildren(owner, vector, type, rows);
      return;
    case TypeId::kVoid:
      return;
    case TypeId::kBoolean: {
      std::vector<uint8_t> bits = zeroBits(rows.size());
      for (idx_t index = 0; index < rows.size(); ++index) {
        if (!vector.isNull(rows[index]) && vector.at<uint8_t>(rows[index]) != 0)
          setBit(bits, index);
      }
      owner.buffers.push_back(std::move(bits));
      return;
    }
    case TypeId::kDecimal: {
      // Arrow's decimal128 is always 16 bytes; narrow decimals are widened.
      std::vector<uint8_t> values;
      values.reserve(rows.size() * sizeof(int128_t));
      for (idx_t row : rows) {
        int128_t value = 0;
        if (!vector.isNull(row))
          value = type.isWideDecimal() ? vector.at<int128_t>(row) : vector.at<int64_t>(row);
        appendBytes(values, &value, sizeof(value));
      }
      owner.buffers.push_back(std::move(values));
      return;
    }
    case TypeId::kString:
    case TypeId::kBinary:
      addOffsetsAndBytes(owner, rows.size(), [&](size_t index) {
        idx_t row = rows[index];
        return vector.isNull(row) ? std::string_view() : vector.at<StringView>(row).view();
      });
      return;
    case TypeId::kArray: {
      std::vector<idx_t> child_rows = addListOffsets(owner, vector, rows);
      addChildren(owner, {&vector.child(0)}, {type.elementType()}, child_rows);
      return;
    }
    case TypeId::kMap: {
      // The entries child is a STRUCT<key, value> array of its own, with no NULL entries.
      std::vector<idx_t> child_rows = addListOffsets(owner, vector, rows);
      addChildren(owner, {&vector.child(0)}, {type.childType()}, child_rows);
      return;
    }
    case TypeId::kStruct: {
      // The fields are gathered at the rows' slots: a constant STRUCT keeps its fields in
      // row 0.
      std::vector<idx_t> slots;
      slots.reserve(rows.size());
      for (idx_t row : rows)
        slots.push_back(vector.slot(row));
      std::vector<const Vector*> fields;
      std::vector<DataType> field_types;
      for (size_t index = 0; index < type.fields().size(); ++index) {
        fields.push_back(&vector.child(index));
        field_types.push_back(type.fields()[index].type);
      }
      addChildren(owner, fields, field_types, slots);
      return;
    }
    default: {
      // Integers, floating point, DATE, TIMESTAMP(_NTZ) and intervals: Arrow's widths are
      // sluice's.
      size_t width = type.physicalSize();
      std::vector<uint8_t> values;
      values.reserve(rows.size() * width);
      for (idx_t row : rows)
        appendBytes(values, vector.data<uint8_t>() + vector.slot(row) * width, width);
      owner.buffers.push_back(std::move(values));
      return;
    }
  }
}

void fillArray(ArrowArray* out, const Vector& vector, const DataType& type,
               const std::vector<idx_t>& rows) {
  auto owner = std::make_unique<ArrayOwner>();
  int64_t null_count = static_cast<int64_t>(rows.size());
  // Arrow's null type has no buffers at all, not even a validity bitmap.
  if (!type.isVoid())
    null_count = addValidity(*owner, vector, rows);
  fillValues(*owner, vector, type, rows);
  finishArray(out, std::move(owner), static_cast<int64_t>(rows.size()), null_count);
}

}  // namespace

std::string arrowFormat(const DataType& type, const std::string& time_zone) {
  switch (type.id()) {
    case TypeId::kVoid:
      return "n";
    case TypeId::kBoolean:
      return "b";
    case TypeId::kByte:
      return "c";
    case TypeId::kShort:
      return "s";
    case TypeId::kInt:
      return "i";
    case TypeId::kLong:
      return "l";
    case TypeId::kFloat:
      return "f";
    case TypeId::kDouble:
      return "g";
    case TypeId::kDecimal:
      return fmt::format("d:{},{}", type.precision(), type.scale());
    case TypeId::kString:
      return "u";
    case TypeId::kBinary:
      return "z";
    case TypeId::kDate:
      return "tdD";
    case TypeId::kTimestamp:
      return "tsu:" + time_zone;
    case TypeId::kTimestampNtz:
      return "tsu:";
    case TypeId::kTime:
      return "ttu";  // time64, microseconds
    case TypeId::kYearMonthInterval:
      return "tiM";
    case TypeId::kDayTimeInterval:
      return "tDu";
    case TypeId::kArray:
      return "+l";
    case TypeId::kMap:
      return "+m";
    case TypeId::kStruct:
      return "+s";
    case TypeId::kVariant:
    case TypeId::kGeometry:
    case TypeId::kGeography:
      return "+s";
    case TypeId::kCalendarInterval:
      throwError(ErrorClass::NOT_SUPPORTED,
                 "Arrow export (toArrow, toPandas) of an INTERVAL column made by make_interval "
                 "is not supported; select CAST(i AS STRING) for its text.");
  }
  SLUICE_UNREACHABLE("a type without an Arrow format");
}

void exportArrowSchema(const std::vector<std::string>& column_names,
                       const std::vector<DataType>& column_types, const std::string& time_zone,
                       ArrowSchema* out) {
  std::vector<StructField> columns;
  for (size_t column = 0; column < column_names.size(); ++column)
    columns.push_back({column_names[column], column_types[column], true, {}});
  fillSchema(out, {"", DataType::structOf(std::move(columns)), false}, time_zone);
}

void exportArrowBatch(const Batch& batch, const std::vector<DataType>& column_types,
                      ArrowArray* out) {
  std::vector<idx_t> rows(batch.num_rows);
  for (idx_t row = 0; row < batch.num_rows; ++row)
    rows[row] = row;
  auto owner = std::make_unique<ArrayOwner>();
  owner->buffers.emplace_back();  // the batch itself is never NULL
  std::vector<const Vector*> columns;
  for (const Vector& column : batch.columns)
    columns.push_back(&column);
  addChildren(*owner, columns, column_types, rows);
  owner->buffer_pointers.push_back(nullptr);
  out->length = static_cast<int64_t>(batch.num_rows);
  out->null_count = 0;
  out->offset = 0;
  out->n_buffers = 1;
  out->n_children = static_cast<int64_t>(owner->children.size());
  out->buffers = owner->buffer_pointers.data();
  out->children = owner->child_pointers.empty() ? nullptr : owner->child_pointers.data();
  out->dictionary = nullptr;
  out->release = releaseArray;
  out->private_data = owner.release();
}

}  // namespace sluice
