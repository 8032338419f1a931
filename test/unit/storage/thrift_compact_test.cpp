// test/unit/storage/thrift_compact_test.cpp
//
// The Thrift compact protocol: round trips, the byte layout of the spec's examples, skipping
// unknown fields, and rejection of malformed input.
#include <gtest/gtest.h>

#include "common/error/error.hpp"
#include "storage/parquet/thrift/compact_reader.hpp"
#include "storage/parquet/thrift/compact_writer.hpp"

namespace sluice::parquet {
namespace {

TEST(ThriftCompactTest, VarintMatchesSpecExample) {
  // 50399 as an unsigned varint is DF 89 03; as an i32 it is zigzagged first.
  std::vector<uint8_t> bytes;
  CompactWriter writer(bytes);
  writer.writeBinary(std::string(50399, 'x'));
  ASSERT_GE(bytes.size(), 3u);
  EXPECT_EQ(bytes[0], 0xDF);
  EXPECT_EQ(bytes[1], 0x89);
  EXPECT_EQ(bytes[2], 0x03);
}

TEST(ThriftCompactTest, ScalarsRoundTrip) {
  std::vector<uint8_t> bytes;
  CompactWriter writer(bytes);
  writer.beginStruct();
  writer.i32Field(1, -1);
  writer.i64Field(2, INT64_MIN);
  writer.i64Field(3, INT64_MAX);
  writer.boolField(4, true);
  writer.boolField(5, false);
  writer.i16Field(40, -300);  // long-form header: delta 35
  writer.doubleField(41, 2.5);
  writer.binaryField(42, "hello");
  writer.byteField(43, -7);
  writer.i32Field(2000, INT32_MIN);
  writer.endStruct();

  CompactReader reader(bytes.data(), bytes.size());
  reader.beginStruct();
  int16_t id;
  ThriftType type;
  ASSERT_TRUE(reader.readFieldHeader(id, type));
  EXPECT_EQ(id, 1);
  EXPECT_EQ(reader.readI32(), -1);
  ASSERT_TRUE(reader.readFieldHeader(id, type));
  EXPECT_EQ(reader.readI64(), INT64_MIN);
  ASSERT_TRUE(reader.readFieldHeader(id, type));
  EXPECT_EQ(reader.readI64(), INT64_MAX);
  ASSERT_TRUE(reader.readFieldHeader(id, type));
  EXPECT_EQ(id, 4);
  EXPECT_TRUE(reader.boolField(type));
  ASSERT_TRUE(reader.readFieldHeader(id, type));
  EXPECT_FALSE(reader.boolField(type));
  ASSERT_TRUE(reader.readFieldHeader(id, type));
  EXPECT_EQ(id, 40);
  EXPECT_EQ(type, ThriftType::kI16);
  EXPECT_EQ(reader.readI16(), -300);
  ASSERT_TRUE(reader.readFieldHeader(id, type));
  EXPECT_EQ(reader.readDouble(), 2.5);
  ASSERT_TRUE(reader.readFieldHeader(id, type));
  EXPECT_EQ(reader.readBinary(), "hello");
  ASSERT_TRUE(reader.readFieldHeader(id, type));
  EXPECT_EQ(reader.readByte(), -7);
  ASSERT_TRUE(reader.readFieldHeader(id, type));
  EXPECT_EQ(id, 2000);
  EXPECT_EQ(reader.readI32(), INT32_MIN);
  EXPECT_FALSE(reader.readFieldHeader(id, type));
  reader.endStruct();
  EXPECT_EQ(reader.remaining(), 0u);
}

TEST(ThriftCompactTest, ShortFieldHeaderPacksDeltaAndType) {
  std::vector<uint8_t> bytes;
  CompactWriter writer(bytes);
  writer.beginStruct();
  writer.i32Field(3, 1);
  writer.endStruct();
  EXPECT_EQ(bytes, (std::vector<uint8_t>{0x35, 0x02, 0x00}));
}

TEST(ThriftCompactTest, SkipsUnknownNestedFields) {
  std::vector<uint8_t> bytes;
  CompactWriter writer(bytes);
  writer.beginStruct();
  writer.structField(1);
  writer.beginStruct();
  writer.listField(1, ThriftType::kStruct, 20);
  for (int index = 0; index < 20; ++index) {
    writer.beginStruct();
    writer.binaryField(1, "x");
    writer.boolField(2, index % 2 == 0);
    writer.endStruct();
  }
  writer.listField(2, ThriftType::kBoolFalse, 3);
  writer.writeListBool(true);
  writer.writeListBool(false);
  writer.writeListBool(true);
  writer.doubleField(3, 1.0);
  writer.endStruct();
  writer.i32Field(2, 99);
  writer.endStruct();

  CompactReader reader(bytes.data(), bytes.size());
  reader.beginStruct();
  int16_t id;
  ThriftType type;
  ASSERT_TRUE(reader.readFieldHeader(id, type));
  reader.skip(type);
  ASSERT_TRUE(reader.readFieldHeader(id, type));
  EXPECT_EQ(id, 2);
  EXPECT_EQ(reader.readI32(), 99);
  EXPECT_FALSE(reader.readFieldHeader(id, type));
}

TEST(ThriftCompactTest, ListHeadersShortAndLong) {
  std::vector<uint8_t> bytes;
  CompactWriter writer(bytes);
  writer.writeListHeader(ThriftType::kI32, 14);
  writer.writeListHeader(ThriftType::kI32, 15);
  EXPECT_EQ(bytes[0], 0xE5);
  EXPECT_EQ(bytes[1], 0xF5);
  EXPECT_EQ(bytes[2], 15);
}

TEST(ThriftCompactTest, RejectsTruncatedInput) {
  std::vector<uint8_t> bytes;
  CompactWriter writer(bytes);
  writer.beginStruct();
  writer.binaryField(1, "a long enough string");
  writer.endStruct();
  for (size_t cut = 0; cut < bytes.size(); ++cut) {
    CompactReader reader(bytes.data(), cut);
    EXPECT_THROW(
        {
          reader.beginStruct();
          int16_t id;
          ThriftType type;
          while (reader.readFieldHeader(id, type))
            reader.skip(type);
        },
        Error)
        << cut;
  }
}

TEST(ThriftCompactTest, RejectsListLargerThanInput) {
  // A list header claiming 1,000,000 i32 elements followed by nothing.
  std::vector<uint8_t> bytes = {0xF5, 0xC0, 0x84, 0x3D};
  CompactReader reader(bytes.data(), bytes.size());
  try {
    reader.skip(ThriftType::kList);
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::FAILED_READ_FILE);
    EXPECT_NE(error.message().find("1000000 elements"), std::string::npos) << error.message();
  }
}

TEST(ThriftCompactTest, RejectsDeepNesting) {
  // 100 nested struct fields with id 1: 0x1C repeated.
  std::vector<uint8_t> bytes(100, 0x1C);
  bytes.insert(bytes.end(), 101, 0x00);
  CompactReader reader(bytes.data(), bytes.size());
  try {
    reader.skip(ThriftType::kStruct);
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_NE(error.message().find("nested deeper"), std::string::npos) << error.message();
  }
}

TEST(ThriftCompactTest, RejectsOverlongVarintAndBadTypes) {
  std::vector<uint8_t> varint(11, 0xFF);
  CompactReader reader(varint.data(), varint.size());
  EXPECT_THROW(reader.readI64(), Error);

  std::vector<uint8_t> bad_type = {0x1E};  // field type 14 does not exist
  CompactReader bad(bad_type.data(), bad_type.size());
  bad.beginStruct();
  int16_t id;
  ThriftType type;
  EXPECT_THROW(bad.readFieldHeader(id, type), Error);

  std::vector<uint8_t> big_i32 = {0xFE, 0xFF, 0xFF, 0xFF, 0x7F};  // zigzag 2^35-2
  CompactReader i32(big_i32.data(), big_i32.size());
  EXPECT_THROW(i32.readI32(), Error);
}

}  // namespace
}  // namespace sluice::parquet
