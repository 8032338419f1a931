// test/unit/storage/delta_type_widening_test.cpp
#include <gtest/gtest.h>

#include "storage/delta/table_features.hpp"
#include "storage/delta/type_widening.hpp"

namespace sluice::delta {
namespace {

TEST(DeltaTypeWidening, AllowsTheChangesItConverts) {
  EXPECT_TRUE(isSupportedTypeChange(DataType::byteType(), DataType::longType()));
  EXPECT_TRUE(isSupportedTypeChange(DataType::intType(), DataType::longType()));
  EXPECT_TRUE(isSupportedTypeChange(DataType::intType(), DataType::doubleType()));
  EXPECT_TRUE(isSupportedTypeChange(DataType::floatType(), DataType::doubleType()));
  EXPECT_TRUE(isSupportedTypeChange(DataType::date(), DataType::timestampNtz()));
  // Narrowing, a long into a double (digits lost) and unrelated types are no widening.
  EXPECT_FALSE(isSupportedTypeChange(DataType::longType(), DataType::intType()));
  EXPECT_FALSE(isSupportedTypeChange(DataType::longType(), DataType::doubleType()));
  EXPECT_FALSE(isSupportedTypeChange(DataType::intType(), DataType::string()));
  EXPECT_FALSE(isSupportedTypeChange(DataType::date(), DataType::timestamp()));
  EXPECT_FALSE(isSupportedTypeChange(DataType::intType(), DataType::intType()));
}

TEST(DeltaTypeWidening, ConvertsValuesAndKeepsNulls) {
  Vector ints(DataType::intType(), 3);
  ints.mutableData<int32_t>()[0] = -7;
  ints.setNull(1);
  ints.mutableData<int32_t>()[2] = 2147483647;
  Vector longs = widenValues(ints, 3, DataType::longType());
  EXPECT_EQ(longs.at<int64_t>(0), -7);
  EXPECT_TRUE(longs.isNull(1));
  EXPECT_EQ(longs.at<int64_t>(2), 2147483647);

  Vector doubles = widenValues(ints, 3, DataType::doubleType());
  EXPECT_DOUBLE_EQ(doubles.at<double>(0), -7.0);
  EXPECT_TRUE(doubles.isNull(1));

  Vector days = Vector::constant(Value::date(1));
  Vector stamps = widenValues(days, 2, DataType::timestampNtz());
  EXPECT_EQ(stamps.at<int64_t>(1), 86'400'000'000);
}

TEST(DeltaTypeWidening, AllowsDecimalsToGainDigits) {
  EXPECT_TRUE(isSupportedTypeChange(DataType::decimal(10, 2), DataType::decimal(12, 2)));
  EXPECT_TRUE(isSupportedTypeChange(DataType::decimal(10, 2), DataType::decimal(14, 4)));
  EXPECT_TRUE(isSupportedTypeChange(DataType::decimal(10, 2), DataType::decimal(30, 2)));
  EXPECT_TRUE(isSupportedTypeChange(DataType::intType(), DataType::decimal(10, 0)));
  EXPECT_TRUE(isSupportedTypeChange(DataType::byteType(), DataType::decimal(12, 2)));
  EXPECT_TRUE(isSupportedTypeChange(DataType::longType(), DataType::decimal(20, 0)));
  // Fewer whole digits, a smaller scale, or too few digits for the integer: no widening.
  EXPECT_FALSE(isSupportedTypeChange(DataType::decimal(10, 2), DataType::decimal(12, 5)));
  EXPECT_FALSE(isSupportedTypeChange(DataType::decimal(10, 2), DataType::decimal(10, 1)));
  EXPECT_FALSE(isSupportedTypeChange(DataType::decimal(10, 2), DataType::decimal(10, 2)));
  EXPECT_FALSE(isSupportedTypeChange(DataType::intType(), DataType::decimal(10, 1)));
  EXPECT_FALSE(isSupportedTypeChange(DataType::longType(), DataType::decimal(19, 0)));
  EXPECT_FALSE(isSupportedTypeChange(DataType::decimal(10, 2), DataType::doubleType()));
}

TEST(DeltaTypeWidening, ConvertsDecimalsByScaleAndWidth) {
  Vector narrow(DataType::decimal(10, 2), 3);
  narrow.mutableData<int64_t>()[0] = 12345;  // 123.45
  narrow.setNull(1);
  narrow.mutableData<int64_t>()[2] = -1;  // -0.01
  Vector scaled = widenValues(narrow, 3, DataType::decimal(14, 4));
  EXPECT_EQ(scaled.at<int64_t>(0), 1234500);
  EXPECT_TRUE(scaled.isNull(1));
  EXPECT_EQ(scaled.at<int64_t>(2), -100);

  Vector wide = widenValues(narrow, 3, DataType::decimal(30, 3));
  EXPECT_TRUE(wide.at<int128_t>(0) == 123450);
  EXPECT_TRUE(wide.isNull(1));

  Vector longs(DataType::longType(), 1);
  longs.mutableData<int64_t>()[0] = INT64_MAX;
  Vector from_long = widenValues(longs, 1, DataType::decimal(22, 2));
  EXPECT_TRUE(from_long.at<int128_t>(0) == static_cast<int128_t>(INT64_MAX) * 100);
}

TEST(DeltaTypeWidening, AddingAFeatureListsWhatOlderVersionsImplied) {
  Protocol legacy;  // (1, 2)
  Protocol widened = withTableFeature(legacy, "typeWidening", /*reader=*/true);
  EXPECT_EQ(widened.min_reader_version, 3);
  EXPECT_EQ(widened.min_writer_version, 7);
  EXPECT_EQ(widened.reader_features, std::vector<std::string>{"typeWidening"});
  EXPECT_EQ(widened.writer_features,
            (std::vector<std::string>{"appendOnly", "invariants", "typeWidening"}));
  // Adding it twice changes nothing.
  EXPECT_EQ(withTableFeature(widened, "typeWidening", true), widened);
}

TEST(DeltaTypeWidening, AProtocolUnionKeepsEveryFeature) {
  Protocol widened = withTableFeature(Protocol{}, "typeWidening", /*reader=*/true);
  // An overwrite computes (1, 2) for its schema: the table keeps typeWidening.
  EXPECT_EQ(unionOfProtocols(widened, Protocol{}), widened);
  Protocol ntz = withTableFeature(Protocol{}, "timestampNtz", /*reader=*/true);
  Protocol both = unionOfProtocols(widened, ntz);
  EXPECT_EQ(both.reader_features, (std::vector<std::string>{"typeWidening", "timestampNtz"}));
  Protocol legacy_high;
  legacy_high.min_writer_version = 4;
  EXPECT_EQ(unionOfProtocols(Protocol{}, legacy_high).min_writer_version, 4);
  EXPECT_FALSE(unionOfProtocols(Protocol{}, legacy_high).writer_features.has_value());
}

}  // namespace
}  // namespace sluice::delta
