// test/unit/storage/parquet_levels_test.cpp
//
// Record shredding produces the definition and repetition levels of the Parquet
// specification (the Dremel encoding) for optional lists, maps and structs.
#include <gtest/gtest.h>

#include "parquet_test_util.hpp"
#include "storage/parquet/record_shredder.hpp"
#include "storage/parquet/schema.hpp"

namespace sluice::parquet {
namespace {

struct Shredded {
  ParquetSchema schema;
  Batch batch;  // the leaves point into its vectors (moving the batch keeps them in place)
  std::vector<ShreddedLeaf> leaves;
};

Shredded shred(const StructField& field, const std::vector<Value>& rows) {
  Shredded result;
  std::vector<SchemaElement> elements;
  result.schema = buildWriteSchema({field}, elements);
  result.leaves.resize(result.schema.leaves.size());
  std::vector<testing::Row> table;
  for (const Value& value : rows)
    table.push_back({value});
  result.batch = testing::makeBatch({field}, table);
  shredColumn(result.schema.columns[0], result.batch.columns[0], 0, rows.size(), result.leaves);
  return result;
}

TEST(ParquetLevelsTest, OptionalListOfOptionalInts) {
  DataType list = DataType::array(DataType::intType());
  Shredded shredded =
      shred({"l", list, true, {}},
            {Value::nested(list, {Value::intValue(1), Value::intValue(2)}), Value::null(list),
             Value::nested(list, {}), Value::nested(list, {Value::null(DataType::intType())})});
  const ShreddedLeaf& leaf = shredded.leaves[0];
  // list NULL = 0, empty = 1, element NULL = 2, value = 3.
  EXPECT_EQ(leaf.definition_levels, (std::vector<uint16_t>{3, 3, 0, 1, 2}));
  EXPECT_EQ(leaf.repetition_levels, (std::vector<uint16_t>{0, 1, 0, 0, 0}));
  EXPECT_EQ(leaf.positions, (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(shredded.schema.leaves[0].max_definition_level, 3);
}

TEST(ParquetLevelsTest, ListOfListsRepeatsAtEachLevel) {
  DataType inner = DataType::array(DataType::intType(), false);
  DataType outer = DataType::array(inner, false);
  Shredded shredded =
      shred({"g", outer, false, {}},
            {Value::nested(outer, {Value::nested(inner, {Value::intValue(1), Value::intValue(2)}),
                                   Value::nested(inner, {Value::intValue(3)})}),
             Value::nested(outer, {Value::nested(inner, {})})});
  const ShreddedLeaf& leaf = shredded.leaves[0];
  EXPECT_EQ(leaf.repetition_levels, (std::vector<uint16_t>{0, 2, 1, 0}));
  EXPECT_EQ(leaf.definition_levels, (std::vector<uint16_t>{2, 2, 2, 1}));
}

TEST(ParquetLevelsTest, MapKeysAndValuesShareRepetition) {
  DataType map = DataType::map(DataType::string(), DataType::longType());
  DataType entry = map.childType();
  Shredded shredded = shred(
      {"m", map, true, {}},
      {Value::nested(
           map, {Value::nested(entry, {Value::string("a"), Value::longValue(1)}),
                 Value::nested(entry, {Value::string("b"), Value::null(DataType::longType())})}),
       Value::null(map)});
  EXPECT_EQ(shredded.leaves[0].definition_levels, (std::vector<uint16_t>{2, 2, 0}));
  EXPECT_EQ(shredded.leaves[0].repetition_levels, (std::vector<uint16_t>{0, 1, 0}));
  EXPECT_EQ(shredded.leaves[1].definition_levels, (std::vector<uint16_t>{3, 2, 0}));
  EXPECT_EQ(shredded.leaves[1].repetition_levels, (std::vector<uint16_t>{0, 1, 0}));
}

TEST(ParquetLevelsTest, NullStructHidesItsFields) {
  DataType point = DataType::structOf(
      {{"x", DataType::intType(), false, {}}, {"y", DataType::intType(), true, {}}});
  Shredded shredded =
      shred({"p", point, true, {}},
            {Value::nested(point, {Value::intValue(1), Value::null(DataType::intType())}),
             Value::null(point)});
  EXPECT_EQ(shredded.leaves[0].definition_levels, (std::vector<uint16_t>{1, 0}));
  EXPECT_EQ(shredded.leaves[1].definition_levels, (std::vector<uint16_t>{1, 0}));
  EXPECT_EQ(shredded.schema.leaves[1].max_definition_level, 2);
}

}  // namespace
}  // namespace sluice::parquet
