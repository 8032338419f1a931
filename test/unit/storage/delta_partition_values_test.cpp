// test/unit/storage/delta_partition_values_test.cpp
//
// Partition value strings and Hive path escaping.

#include <gtest/gtest.h>

#include "common/error/error.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/partition_values.hpp"

namespace sluice::delta {
namespace {

TEST(DeltaPartitionValuesTest, SerializesEachTypeAsDeltaDoes) {
  EXPECT_EQ(serializePartitionValue(Value::intValue(-5)), "-5");
  EXPECT_EQ(serializePartitionValue(Value::boolean(true)), "true");
  EXPECT_EQ(serializePartitionValue(Value::decimal(1250, 10, 2)), "12.50");
  EXPECT_EQ(serializePartitionValue(Value::doubleValue(1.5)), "1.5");
  EXPECT_EQ(serializePartitionValue(Value::date(0)), "1970-01-01");
  EXPECT_EQ(serializePartitionValue(Value::timestamp(1'500'000)), "1970-01-01T00:00:01.500000Z");
  EXPECT_EQ(serializePartitionValue(Value::timestampNtz(86'400'000'000)), "1970-01-02 00:00:00");
  EXPECT_EQ(serializePartitionValue(Value::string("")), std::nullopt);
  EXPECT_EQ(serializePartitionValue(Value::null(DataType::intType())), std::nullopt);
}

TEST(DeltaPartitionValuesTest, ParsesBackToTheSameValues) {
  std::vector<Value> values = {Value::intValue(-5),        Value::longValue(1LL << 40),
                               Value::boolean(false),      Value::decimal(-1250, 10, 2),
                               Value::date(19000),         Value::timestamp(-1'234'567),
                               Value::timestampNtz(12345), Value::string("a/b=c"),
                               Value::binary("\x01\xff"),  Value::shortValue(7)};
  for (const Value& value : values) {
    auto text = serializePartitionValue(value);
    EXPECT_EQ(parsePartitionValue(text, value.type(), "p", "f"), value) << value.debugString();
  }
  EXPECT_TRUE(parsePartitionValue(std::nullopt, DataType::intType(), "p", "f").isNull());
  // Spark's older form of timestamps: wall-clock text.
  EXPECT_EQ(
      parsePartitionValue(std::string("1970-01-01 00:00:01"), DataType::timestamp(), "p", "f"),
      Value::timestamp(1'000'000));
  try {
    parsePartitionValue(std::string("abc"), DataType::intType(), "year", "x/part-0.parquet");
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::CAST_INVALID_INPUT);
    EXPECT_NE(error.message().find("`year`"), std::string::npos);
  }
}

TEST(DeltaPartitionValuesTest, EscapesPathSegmentsAsHive) {
  EXPECT_EQ(escapePartitionPathName("a b"), "a b");
  EXPECT_EQ(escapePartitionPathName("a/b=c:d%e"), "a%2Fb%3Dc%3Ad%25e");
  EXPECT_EQ(escapePartitionPathName("#?*'\"\\{[]^\x7f\x01"),
            "%23%3F%2A%27%22%5C%7B%5B%5D%5E%7F%01");
  EXPECT_EQ(escapePartitionPathName("é"), "é");
  EXPECT_EQ(unescapePartitionPathName("a%2Fb%3Dc%3Ad%25e"), "a/b=c:d%e");
  EXPECT_EQ(partitionDirectory({{"p", "x/y"}, {"q", std::nullopt}}),
            "p=x%2Fy/q=__HIVE_DEFAULT_PARTITION__/");
}

TEST(DeltaPartitionValuesTest, LogPathsAreUriEncoded) {
  EXPECT_EQ(encodeUriPath("p=a%3Ab/c d/part-0.parquet"), "p=a%253Ab/c%20d/part-0.parquet");
  EXPECT_EQ(decodeUriPath("p=a%253Ab/c%20d/part-0.parquet"), "p=a%3Ab/c d/part-0.parquet");
  EXPECT_EQ(resolveDataPath("/t", "p=a%253Ab/f.parquet"), "/t/p=a%3Ab/f.parquet");
  EXPECT_EQ(resolveDataPath("/t", "file:/abs/f.parquet"), "/abs/f.parquet");
  EXPECT_EQ(commitFileName(12), "00000000000000000012.json");
  EXPECT_EQ(commitVersionOf("00000000000000000012.json"), 12);
  EXPECT_EQ(commitVersionOf("00000000000000000012.crc"), std::nullopt);
}

}  // namespace
}  // namespace sluice::delta
