// test/unit/common/variant_test.cpp
//
// VARIANT values in Spark's binary encoding: the exact bytes Spark's builder writes, JSON text
// read and written back, field lookup in large objects, the widths chosen for integers and
// decimals, damaged bytes refused with MALFORMED_VARIANT (never read out of bounds), and the
// Parquet storage form (value, metadata) round trip.
#include <gtest/gtest.h>

#include <string>

#include "common/error/error.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value.hpp"
#include "common/variant/variant.hpp"
#include "common/variant/variant_builder.hpp"
#include "common/variant/variant_json.hpp"
#include "common/variant/variant_storage.hpp"
#include "common/vector/vector.hpp"

namespace sluice::variant {
namespace {

std::string encode(std::string_view json) {
  VariantBuilder builder;
  EXPECT_TRUE(appendJson(builder, json)) << json;
  return builder.finish("test");
}

std::string roundTrip(std::string_view json) {
  std::string encoded = encode(json);
  std::string out;
  appendJsonText(out, VariantRef::fromEncoded(encoded), TimeZone::utc());
  return out;
}

std::string bytes(std::initializer_list<int> values) {
  std::string out;
  for (int value : values)
    out.push_back(static_cast<char>(value));
  return out;
}

TEST(VariantTest, EncodesAsSparkBuilderDoes) {
  // {"a":1}: metadata version 1 with one key "a"; an object of one field (id 0, offsets 0 and
  // 2) holding INT8 1.
  std::string metadata = bytes({0x01, 0x01, 0x00, 0x01, 'a'});
  std::string value = bytes({0x02, 0x01, 0x00, 0x00, 0x02, 0x0C, 0x01});
  EXPECT_EQ(encode("{\"a\":1}"), metadata + value);
  EXPECT_EQ(metadataSize(metadata + value), metadata.size());
  // A short string folds its length into the header; no keys: an empty dictionary.
  EXPECT_EQ(encode("\"hi\""), bytes({0x01, 0x00, 0x00, (2 << 2) | 1, 'h', 'i'}));
}

TEST(VariantTest, JsonRoundTrip) {
  EXPECT_EQ(roundTrip("{\"b\": 1, \"a\": [true, false, null]}"),
            "{\"a\":[true,false,null],\"b\":1}");
  EXPECT_EQ(roundTrip("[1.50, -0.001, 1e2, 12345678901234567890123]"),
            "[1.5,-0.001,100.0,12345678901234567890123]");
  EXPECT_EQ(roundTrip("\"a\\u0001b\\\"\""), "\"a\\u0001b\\\"\"");
  EXPECT_EQ(roundTrip("{}"), "{}");
  EXPECT_EQ(roundTrip("[]"), "[]");
}

TEST(VariantTest, NarrowestWidths) {
  auto header = [](std::string_view json) {
    std::string encoded = encode(json);
    return static_cast<uint8_t>(encoded[metadataSize(encoded)]) >> 2;
  };
  EXPECT_EQ(header("127"), kPrimitiveInt8);
  EXPECT_EQ(header("-32768"), kPrimitiveInt16);
  EXPECT_EQ(header("2147483648"), kPrimitiveInt64);
  EXPECT_EQ(header("1.5"), kPrimitiveDecimal4);
  EXPECT_EQ(header("1234567890.5"), kPrimitiveDecimal8);
  EXPECT_EQ(header("12345678901234567890.5"), kPrimitiveDecimal16);
  EXPECT_EQ(header("1.5e0"), kPrimitiveDouble);
}

TEST(VariantTest, LargeObjectsAndArrays) {
  std::string json = "{";
  for (int i = 0; i < 300; ++i)
    json += (i ? "," : "") + std::string("\"k") + std::to_string(i) + "\":" + std::to_string(i);
  json += "}";
  std::string encoded = encode(json);
  VariantRef root = VariantRef::fromEncoded(encoded);
  ASSERT_EQ(root.objectSize(), 300u);
  for (int i : {0, 1, 150, 299}) {
    std::optional<VariantRef> field = root.field("k" + std::to_string(i));
    ASSERT_TRUE(field.has_value());
    EXPECT_EQ(field->getLong(), i);
  }
  EXPECT_FALSE(root.field("k300").has_value());
  EXPECT_FALSE(root.field("").has_value());
}

TEST(VariantTest, DuplicateKeysAreRefused) {
  VariantBuilder builder;
  try {
    appendJson(builder, "{\"a\": 1, \"a\": 2}");
    FAIL() << "a duplicate key was accepted";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::VARIANT_DUPLICATE_KEY);
  }
}

TEST(VariantTest, DamagedBytesAreMalformedNotCrashes) {
  std::string encoded = encode("{\"name\": \"x\", \"list\": [1, 2.5, {\"deep\": [null]}]}");
  // Every truncation and every single-byte change either reads or raises MALFORMED_VARIANT
  // (or UNKNOWN_PRIMITIVE_TYPE_IN_VARIANT); the sanitizers catch any read out of bounds.
  auto readAll = [](const std::string& candidate) {
    try {
      std::string out;
      appendJsonText(out, VariantRef::fromEncoded(candidate), TimeZone::utc());
    } catch (const Error& error) {
      EXPECT_TRUE(error.errorClass() == ErrorClass::MALFORMED_VARIANT ||
                  error.errorClass() == ErrorClass::UNKNOWN_PRIMITIVE_TYPE_IN_VARIANT)
          << error.what();
    }
  };
  for (size_t size = 0; size < encoded.size(); ++size)
    readAll(encoded.substr(0, size));
  for (size_t position = 0; position < encoded.size(); ++position) {
    for (int change : {0x00, 0x01, 0x7F, 0x80, 0xFF}) {
      std::string damaged = encoded;
      damaged[position] = static_cast<char>(change);
      readAll(damaged);
    }
  }
}

TEST(VariantTest, NestingBeyondTheLimitIsMalformed) {
  // 1,500 arrays, one inside the other, down to a variant null: deeper than any parser builds.
  // Each array has one element and 4-byte offsets (header: offset size 4, basic type array).
  std::string inner = bytes({0x00});
  for (int level = 0; level < 1500; ++level) {
    std::string array = bytes({(0x3 << 2) | 0x3, 0x01, 0, 0, 0, 0});
    auto size = static_cast<uint32_t>(inner.size());
    array.append(reinterpret_cast<const char*>(&size), sizeof size);
    inner = array + inner;
  }
  std::string encoded = bytes({0x01, 0x00, 0x00}) + inner;
  VariantRef root = VariantRef::fromEncoded(encoded);
  std::string out;
  try {
    appendJsonText(out, root, TimeZone::utc());
    FAIL() << "a value nested 1,500 deep was written";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::MALFORMED_VARIANT);
  }
  VariantBuilder builder;
  EXPECT_THROW(builder.appendVariant(root), Error);
}

TEST(VariantTest, StorageFormRoundTrip) {
  Vector variants(DataType::variant(), 3);
  variants.setValue(0, Value::variant(encode("{\"a\": [1, 2], \"b\": \"a long enough string\"}")));
  variants.setNull(1);
  variants.setValue(2, Value::variant(encode("7")));
  Vector stored = toStorage(variants, 3);
  ASSERT_EQ(stored.type(), storageType(DataType::variant()));
  EXPECT_TRUE(stored.isNull(1));
  // The value column holds the value part alone: INT8 7.
  EXPECT_EQ(stored.child(0).getValue(2), Value::binary(bytes({0x0C, 0x07})));
  Vector back = fromStorage(stored, DataType::variant(), 3);
  for (idx_t row = 0; row < 3; ++row)
    EXPECT_EQ(back.getValue(row), variants.getValue(row)) << row;

  DataType nested = DataType::array(DataType::variant());
  EXPECT_EQ(storageType(nested).elementType(), storageType(DataType::variant()));
}

}  // namespace
}  // namespace sluice::variant
