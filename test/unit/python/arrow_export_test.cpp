// test/unit/python/arrow_export_test.cpp
//
// Reads the exported Arrow C Data Interface structs back as a consumer would: format strings,
// lengths, validity bitmaps, offsets and values buffers, and the release callbacks.
#include "python/arrow_export.hpp"

#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/types/geospatial.hpp"
#include "common/variant/variant.hpp"
#include "common/variant/variant_json.hpp"

namespace sluice {
namespace {

//! A batch of one column holding `values`.
Batch batchOf(const DataType& type, const std::vector<Value>& values) {
  Vector column(type, values.size());
  for (size_t row = 0; row < values.size(); ++row)
    column.setValue(row, values[row]);
  Batch batch;
  batch.columns.push_back(std::move(column));
  batch.num_rows = values.size();
  return batch;
}

bool bitAt(const void* bits, idx_t index) {
  return (static_cast<const uint8_t*>(bits)[index / 8] >> (index % 8)) & 1;
}

template <typename T>
T valueAt(const void* buffer, idx_t index) {
  T value;
  std::memcpy(&value, static_cast<const uint8_t*>(buffer) + index * sizeof(T), sizeof(T));
  return value;
}

//! Exports a one-column batch; the test reads column 0 of `array`.
class ExportedColumn {
 public:
  ExportedColumn(const DataType& type, const std::vector<Value>& values)
      : ExportedColumn(batchOf(type, values), type) {}
  ExportedColumn(const Batch& batch, const DataType& type) {
    exportArrowBatch(batch, {type}, &array_);
  }
  ~ExportedColumn() {
    if (array_.release != nullptr)
      array_.release(&array_);
  }

  const ArrowArray& batch() const { return array_; }
  const ArrowArray& column() const { return *array_.children[0]; }

 private:
  ArrowArray array_{};
};

TEST(ArrowExportTest, SchemaNamesEachColumnWithItsFormat) {
  DataType map_type = DataType::map(DataType::string(), DataType::intType());
  DataType struct_type = DataType::structOf({StructField{"a", DataType::intType()}});
  ArrowSchema schema{};
  exportArrowSchema(
      {"id", "price", "name", "at", "local", "tags", "props", "point", "clock"},
      {DataType::longType(), DataType::decimal(10, 2), DataType::string(), DataType::timestamp(),
       DataType::timestampNtz(), DataType::array(DataType::intType()), map_type, struct_type,
       DataType::time(3)},
      "America/New_York", &schema);
  EXPECT_STREQ(schema.format, "+s");
  ASSERT_EQ(schema.n_children, 9);
  std::vector<std::string> formats;
  for (int64_t index = 0; index < schema.n_children; ++index) {
    formats.push_back(schema.children[index]->format);
    EXPECT_EQ(schema.children[index]->flags & ARROW_FLAG_NULLABLE, ARROW_FLAG_NULLABLE);
  }
  EXPECT_EQ(formats, (std::vector<std::string>{"l", "d:10,2", "u", "tsu:America/New_York",
                                               "tsu:", "+l", "+m", "+s", "ttu"}));
  EXPECT_STREQ(schema.children[0]->name, "id");

  const ArrowSchema& tags = *schema.children[5];
  ASSERT_EQ(tags.n_children, 1);
  EXPECT_STREQ(tags.children[0]->format, "i");

  // A map holds one non-NULL "entries" struct whose key may not be NULL.
  const ArrowSchema& props = *schema.children[6];
  ASSERT_EQ(props.n_children, 1);
  const ArrowSchema& entries = *props.children[0];
  EXPECT_STREQ(entries.format, "+s");
  EXPECT_EQ(entries.flags & ARROW_FLAG_NULLABLE, 0);
  ASSERT_EQ(entries.n_children, 2);
  EXPECT_STREQ(entries.children[0]->format, "u");
  EXPECT_EQ(entries.children[0]->flags & ARROW_FLAG_NULLABLE, 0);
  EXPECT_STREQ(entries.children[1]->format, "i");
  EXPECT_EQ(entries.children[1]->flags & ARROW_FLAG_NULLABLE, ARROW_FLAG_NULLABLE);

  EXPECT_STREQ(schema.children[7]->children[0]->name, "a");
  schema.release(&schema);
  EXPECT_EQ(schema.release, nullptr);
}

TEST(ArrowExportTest, IntegersKeepTheirValuesAndNullsTheirBits) {
  ExportedColumn exported(
      DataType::longType(),
      {Value::longValue(1), Value::null(DataType::longType()), Value::longValue(-3)});
  EXPECT_EQ(exported.batch().length, 3);
  EXPECT_EQ(exported.batch().n_children, 1);
  const ArrowArray& column = exported.column();
  EXPECT_EQ(column.length, 3);
  EXPECT_EQ(column.null_count, 1);
  ASSERT_EQ(column.n_buffers, 2);
  EXPECT_TRUE(bitAt(column.buffers[0], 0));
  EXPECT_FALSE(bitAt(column.buffers[0], 1));
  EXPECT_TRUE(bitAt(column.buffers[0], 2));
  EXPECT_EQ(valueAt<int64_t>(column.buffers[1], 0), 1);
  EXPECT_EQ(valueAt<int64_t>(column.buffers[1], 2), -3);
}

TEST(ArrowExportTest, ColumnWithoutNullsHasNoValidityBitmap) {
  ExportedColumn exported(DataType::intType(), {Value::intValue(4), Value::intValue(5)});
  EXPECT_EQ(exported.column().null_count, 0);
  EXPECT_EQ(exported.column().buffers[0], nullptr);
  EXPECT_EQ(valueAt<int32_t>(exported.column().buffers[1], 1), 5);
}

TEST(ArrowExportTest, StringsBecomeOffsetsAndContiguousBytes) {
  std::string long_text(20, 'x');  // past the 12 bytes a view keeps inline
  ExportedColumn exported(DataType::string(), {Value::string("a"), Value::string(long_text),
                                               Value::null(DataType::string()), Value::string("")});
  const ArrowArray& column = exported.column();
  ASSERT_EQ(column.n_buffers, 3);
  EXPECT_EQ(column.null_count, 1);
  std::vector<int32_t> offsets;
  for (idx_t index = 0; index <= 4; ++index)
    offsets.push_back(valueAt<int32_t>(column.buffers[1], index));
  EXPECT_EQ(offsets, (std::vector<int32_t>{0, 1, 21, 21, 21}));
  EXPECT_EQ(std::string(static_cast<const char*>(column.buffers[2]), 21), "a" + long_text);
}

TEST(ArrowExportTest, BooleansArePackedIntoBits) {
  ExportedColumn exported(DataType::boolean(),
                          {Value::boolean(true), Value::boolean(false), Value::boolean(true),
                           Value::null(DataType::boolean())});
  const ArrowArray& column = exported.column();
  EXPECT_EQ(column.null_count, 1);
  EXPECT_EQ(static_cast<const uint8_t*>(column.buffers[1])[0], 0b0101);
  EXPECT_EQ(static_cast<const uint8_t*>(column.buffers[0])[0], 0b0111);
}

TEST(ArrowExportTest, NarrowDecimalsWidenToSixteenBytes) {
  ExportedColumn exported(DataType::decimal(10, 2),
                          {Value::decimal(12345, 10, 2), Value::decimal(-5, 10, 2)});
  const ArrowArray& column = exported.column();
  EXPECT_TRUE(valueAt<int128_t>(column.buffers[1], 0) == 12345);
  EXPECT_TRUE(valueAt<int128_t>(column.buffers[1], 1) == -5);
}

TEST(ArrowExportTest, ArraysGatherTheirElementsInRowOrder) {
  DataType type = DataType::array(DataType::intType());
  ExportedColumn exported(
      type, {Value::nested(type, {Value::intValue(1), Value::intValue(2)}), Value::null(type),
             Value::nested(type, {Value::intValue(3)}), Value::nested(type, {})});
  const ArrowArray& column = exported.column();
  EXPECT_EQ(column.null_count, 1);
  std::vector<int32_t> offsets;
  for (idx_t index = 0; index <= 4; ++index)
    offsets.push_back(valueAt<int32_t>(column.buffers[1], index));
  EXPECT_EQ(offsets, (std::vector<int32_t>{0, 2, 2, 3, 3}));
  ASSERT_EQ(column.n_children, 1);
  const ArrowArray& elements = *column.children[0];
  ASSERT_EQ(elements.length, 3);
  EXPECT_EQ(valueAt<int32_t>(elements.buffers[1], 0), 1);
  EXPECT_EQ(valueAt<int32_t>(elements.buffers[1], 1), 2);
  EXPECT_EQ(valueAt<int32_t>(elements.buffers[1], 2), 3);
}

TEST(ArrowExportTest, MapsHoldKeyAndValueEntries) {
  DataType type = DataType::map(DataType::string(), DataType::intType());
  const DataType& entry = type.childType();
  ExportedColumn exported(
      type,
      {Value::nested(
          type, {Value::nested(entry, {Value::string("k"), Value::intValue(9)}),
                 Value::nested(entry, {Value::string("m"), Value::null(DataType::intType())})})});
  const ArrowArray& entries = *exported.column().children[0];
  ASSERT_EQ(entries.length, 2);
  ASSERT_EQ(entries.n_children, 2);
  const ArrowArray& keys = *entries.children[0];
  const ArrowArray& values = *entries.children[1];
  EXPECT_EQ(std::string(static_cast<const char*>(keys.buffers[2]), 2), "km");
  EXPECT_EQ(values.null_count, 1);
  EXPECT_EQ(valueAt<int32_t>(values.buffers[1], 0), 9);
}

TEST(ArrowExportTest, StructFieldsAreChildrenOfTheSameLength) {
  DataType type = DataType::structOf(
      {StructField{"a", DataType::intType()}, StructField{"b", DataType::string()}});
  ExportedColumn exported(
      type, {Value::nested(type, {Value::intValue(7), Value::string("x")}), Value::null(type)});
  const ArrowArray& column = exported.column();
  EXPECT_EQ(column.n_buffers, 1);
  EXPECT_EQ(column.null_count, 1);
  ASSERT_EQ(column.n_children, 2);
  EXPECT_EQ(column.children[0]->length, 2);
  EXPECT_EQ(valueAt<int32_t>(column.children[0]->buffers[1], 0), 7);
  EXPECT_EQ(column.children[1]->length, 2);
}

TEST(ArrowExportTest, ConstantColumnRepeatsItsValueOnEveryRow) {
  Batch batch;
  batch.columns.push_back(Vector::constant(Value::longValue(7)));
  batch.num_rows = 3;
  ExportedColumn exported(batch, DataType::longType());
  const ArrowArray& column = exported.column();
  EXPECT_EQ(column.length, 3);
  for (idx_t row = 0; row < 3; ++row)
    EXPECT_EQ(valueAt<int64_t>(column.buffers[1], row), 7);
}

TEST(ArrowExportTest, NullColumnHasNoBuffers) {
  Batch batch;
  batch.columns.push_back(Vector::nullConstant(DataType::voidType()));
  batch.num_rows = 2;
  ExportedColumn exported(batch, DataType::voidType());
  EXPECT_EQ(exported.column().n_buffers, 0);
  EXPECT_EQ(exported.column().null_count, 2);
}

//! The metadata pairs of a schema, decoded from the C Data Interface layout.
std::vector<std::pair<std::string, std::string>> metadataOf(const ArrowSchema& schema) {
  std::vector<std::pair<std::string, std::string>> pairs;
  if (schema.metadata == nullptr)
    return pairs;
  const char* at = schema.metadata;
  auto read_int = [&at] {
    int32_t value;
    std::memcpy(&value, at, sizeof(value));
    at += sizeof(value);
    return value;
  };
  auto read_text = [&] {
    int32_t length = read_int();
    std::string text(at, static_cast<size_t>(length));
    at += length;
    return text;
  };
  for (int32_t count = read_int(); count > 0; --count) {
    std::string key = read_text();
    pairs.emplace_back(key, read_text());
  }
  return pairs;
}

std::string binaryAt(const ArrowArray& array, idx_t index) {
  int32_t begin = valueAt<int32_t>(array.buffers[1], index);
  int32_t end = valueAt<int32_t>(array.buffers[1], index + 1);
  return std::string(static_cast<const char*>(array.buffers[2]) + begin,
                     static_cast<size_t>(end - begin));
}

using Pairs = std::vector<std::pair<std::string, std::string>>;

TEST(ArrowExportTest, VariantAndSpatialSchemasAreSparksStructs) {
  ArrowSchema schema{};
  exportArrowSchema(
      {"v", "g", "geo"},
      {DataType::variant(), DataType::geometry(4326), DataType::geography(DataType::kMixedSrid)},
      "UTC", &schema);
  const ArrowSchema& v = *schema.children[0];
  EXPECT_STREQ(v.format, "+s");
  EXPECT_EQ(v.flags & ARROW_FLAG_NULLABLE, ARROW_FLAG_NULLABLE);
  ASSERT_EQ(v.n_children, 2);
  EXPECT_STREQ(v.children[0]->name, "value");
  EXPECT_STREQ(v.children[0]->format, "z");
  EXPECT_EQ(v.children[0]->flags & ARROW_FLAG_NULLABLE, 0);
  EXPECT_EQ(metadataOf(*v.children[0]), Pairs{});
  EXPECT_STREQ(v.children[1]->name, "metadata");
  EXPECT_EQ(metadataOf(*v.children[1]), (Pairs{{"variant", "true"}}));

  const ArrowSchema& g = *schema.children[1];
  EXPECT_STREQ(g.format, "+s");
  ASSERT_EQ(g.n_children, 2);
  EXPECT_STREQ(g.children[0]->name, "srid");
  EXPECT_STREQ(g.children[0]->format, "i");
  EXPECT_STREQ(g.children[1]->name, "wkb");
  EXPECT_STREQ(g.children[1]->format, "z");
  EXPECT_EQ(metadataOf(*g.children[1]), (Pairs{{"geometry", "true"}, {"srid", "4326"}}));
  EXPECT_EQ(metadataOf(*schema.children[2]->children[1]),
            (Pairs{{"geography", "true"}, {"srid", "-1"}}));
  schema.release(&schema);
}

TEST(ArrowExportTest, VariantSplitsIntoValueAndMetadata) {
  std::string encoded;
  ASSERT_TRUE(variant::JsonToVariant().encode(R"({"a": 1})", encoded));
  size_t metadata_size = variant::metadataSize(encoded);
  ExportedColumn exported(DataType::variant(),
                          {Value::variant(encoded), Value::null(DataType::variant())});
  const ArrowArray& column = exported.column();
  EXPECT_EQ(column.null_count, 1);
  ASSERT_EQ(column.n_children, 2);
  EXPECT_EQ(binaryAt(*column.children[0], 0), encoded.substr(metadata_size));
  EXPECT_EQ(binaryAt(*column.children[1], 0), encoded.substr(0, metadata_size));
  EXPECT_EQ(binaryAt(*column.children[0], 1), "");
  EXPECT_EQ(column.children[0]->null_count, 0);
}

TEST(ArrowExportTest, SpatialValueSplitsIntoSridAndWkb) {
  std::string wkb("\x01\x01\x00\x00\x00", 5);
  wkb.append(16, '\0');  // POINT (0 0)
  DataType type = DataType::geometry(DataType::kMixedSrid);
  ExportedColumn exported(type, {Value::spatial(type, encodeSpatialValue(3857, wkb))});
  const ArrowArray& column = exported.column();
  ASSERT_EQ(column.n_children, 2);
  EXPECT_EQ(valueAt<int32_t>(column.children[0]->buffers[1], 0), 3857);
  EXPECT_EQ(binaryAt(*column.children[1], 0), wkb);
}

TEST(ArrowExportTest, ReleaseMarksTheArrayReleased) {
  Batch batch = batchOf(DataType::string(), {Value::string("a")});
  ArrowArray array{};
  exportArrowBatch(batch, {DataType::string()}, &array);
  ASSERT_NE(array.release, nullptr);
  array.release(&array);
  EXPECT_EQ(array.release, nullptr);
}

}  // namespace
}  // namespace sluice
