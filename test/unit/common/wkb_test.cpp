// test/unit/common/wkb_test.cpp
//
// Well-Known Binary as GEOMETRY and GEOGRAPHY values hold it: the text of each shape kind in
// either byte order and with Z / M coordinates, the checks Spark's reader makes, and the value
// layout of an SRID before the WKB.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "common/error/error.hpp"
#include "common/types/geospatial.hpp"
#include "common/types/wkb.hpp"

namespace sluice {
namespace {

//! Builds WKB in either byte order.
class WkbBuilder {
 public:
  explicit WkbBuilder(bool little_endian = true) : little_(little_endian) {}

  WkbBuilder& header(uint32_t type) {
    bytes_.push_back(little_ ? '\1' : '\0');
    return count(type);
  }
  WkbBuilder& count(uint32_t value) {
    for (int i = 0; i < 4; ++i)
      put(static_cast<char>((value >> (8 * (little_ ? i : 3 - i))) & 0xFF));
    return *this;
  }
  WkbBuilder& coordinates(std::vector<double> values) {
    for (double value : values) {
      auto bits = std::bit_cast<uint64_t>(value);
      for (int i = 0; i < 8; ++i)
        put(static_cast<char>((bits >> (8 * (little_ ? i : 7 - i))) & 0xFF));
    }
    return *this;
  }
  WkbBuilder& append(const std::string& part) {
    bytes_ += part;
    return *this;
  }
  std::string bytes() const { return bytes_; }

 private:
  void put(char byte) { bytes_.push_back(byte); }

  bool little_;
  std::string bytes_;
};

std::string parseError(const std::string& wkb) {
  try {
    validateWkb(wkb);
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::WKB_PARSE_ERROR);
    return error.message();
  }
  return "";
}

TEST(WkbTest, TextOfEachShapeInEitherByteOrder) {
  for (bool little : {true, false}) {
    std::string point = WkbBuilder(little).header(1).coordinates({1, 2.5}).bytes();
    EXPECT_EQ(wkbToWkt(point), "POINT (1 2.5)");
    std::string line = WkbBuilder(little).header(2).count(2).coordinates({0, 0, -1, 1e20}).bytes();
    EXPECT_EQ(wkbToWkt(line), "LINESTRING (0 0, -1 1e+20)");
  }
  std::string ring = WkbBuilder().count(4).coordinates({0, 0, 0, 1, 1, 1, 0, 0}).bytes();
  EXPECT_EQ(wkbToWkt(WkbBuilder().header(3).count(1).append(ring).bytes()),
            "POLYGON ((0 0, 0 1, 1 1, 0 0))");
  std::string polygon = WkbBuilder().header(3).count(1).append(ring).bytes();
  EXPECT_EQ(wkbToWkt(WkbBuilder().header(6).count(2).append(polygon).append(polygon).bytes()),
            "MULTIPOLYGON (((0 0, 0 1, 1 1, 0 0)), ((0 0, 0 1, 1 1, 0 0)))");
  // A big-endian part inside a little-endian collection.
  std::string big_point = WkbBuilder(false).header(1).coordinates({3, 4}).bytes();
  std::string line = WkbBuilder().header(2).count(0).bytes();
  EXPECT_EQ(wkbToWkt(WkbBuilder().header(7).count(2).append(big_point).append(line).bytes()),
            "GEOMETRYCOLLECTION (POINT (3 4), LINESTRING EMPTY)");
}

TEST(WkbTest, ZAndMCoordinates) {
  EXPECT_EQ(wkbToWkt(WkbBuilder().header(1001).coordinates({1, 2, 3}).bytes()), "POINT Z (1 2 3)");
  EXPECT_EQ(wkbToWkt(WkbBuilder().header(2001).coordinates({1, 2, 4}).bytes()), "POINT M (1 2 4)");
  std::string part = WkbBuilder().header(3001).coordinates({1, 2, 3, 4}).bytes();
  EXPECT_EQ(wkbToWkt(WkbBuilder().header(3004).count(1).append(part).bytes()),
            "MULTIPOINT ZM ((1 2 3 4))");
  // A part's dimensions must be its multi-part's.
  std::string flat = WkbBuilder().header(1).coordinates({1, 2}).bytes();
  EXPECT_EQ(parseError(WkbBuilder().header(1004).count(1).append(flat).bytes()),
            "Error parsing WKB: Invalid or unsupported type 1 at position 10");
}

TEST(WkbTest, ChecksAsSparksReader) {
  EXPECT_EQ(parseError(""), "Error parsing WKB: WKB data is empty or null at position 0");
  EXPECT_EQ(parseError("\x01\x01"),
            "Error parsing WKB: Unexpected end of WKB buffer at position 0");
  EXPECT_EQ(parseError(WkbBuilder().header(4000).bytes()),
            "Error parsing WKB: Invalid or unsupported type 4000 at position 1");
  // An empty point is NaN coordinates, allowed on its own but not inside a line.
  double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(wkbToWkt(WkbBuilder().header(1).coordinates({nan, nan}).bytes()), "POINT EMPTY");
  EXPECT_EQ(parseError(WkbBuilder().header(2).count(2).coordinates({0, 0, nan, 1}).bytes()),
            "Error parsing WKB: Invalid coordinate value found at position 25");
  EXPECT_EQ(
      parseError(WkbBuilder().header(3).count(1).count(3).coordinates({0, 0, 0, 1, 0, 0}).bytes()),
      "Error parsing WKB: Too few points in ring at position 9");
  std::string line = WkbBuilder().header(2).count(0).bytes();
  EXPECT_EQ(parseError(WkbBuilder().header(6).count(1).append(line).bytes()),
            "Error parsing WKB: Expected Polygon in MultiPolygon at position 9");
  // Collections nested past 64 levels stop before the stack does.
  std::string nested = WkbBuilder().header(7).count(0).bytes();
  for (int level = 0; level < 64; ++level)
    nested = WkbBuilder().header(7).count(1).append(nested).bytes();
  EXPECT_EQ(parseError(nested),
            "Error parsing WKB: Geometry collections nested too deeply at position 576");
  // A count past the bytes stops at the first missing coordinate.
  EXPECT_EQ(parseError(WkbBuilder().header(2).count(1000).coordinates({0, 0, 1, 1}).bytes()),
            "Error parsing WKB: Unexpected end of WKB buffer at position 41");
}

TEST(GeospatialValueTest, SridBeforeTheWkb) {
  std::string wkb = WkbBuilder().header(1).coordinates({1, 2}).bytes();
  std::string value = encodeSpatialValue(3857, wkb);
  EXPECT_EQ(value.size(), wkb.size() + 4);
  EXPECT_EQ(spatialValueSrid(value), 3857);
  EXPECT_EQ(spatialValueWkb(value), wkb);
  EXPECT_EQ(formatSpatialValue(value), "SRID=3857;POINT (1 2)");
  EXPECT_EQ(spatialValueSrid(encodeSpatialValue(-1, wkb)), -1);
}

TEST(GeospatialValueTest, SupportedSridsAndCrsNames) {
  EXPECT_TRUE(isGeometrySrid(0) && isGeometrySrid(3857) && isGeometrySrid(4326));
  EXPECT_FALSE(isGeometrySrid(1) || isGeometrySrid(-1) || isGeometrySrid(4269));
  EXPECT_TRUE(isGeographySrid(4326));
  EXPECT_FALSE(isGeographySrid(0) || isGeographySrid(3857));
  EXPECT_EQ(spatialType(TypeId::kGeometry, 3857), DataType::geometry(3857));
  EXPECT_EQ(spatialType(TypeId::kGeography, DataType::kMixedSrid).sql(), "GEOGRAPHY(ANY)");
  EXPECT_THROW(spatialType(TypeId::kGeography, 0), Error);
  for (int32_t srid : {0, 3857, 4326})
    EXPECT_EQ(crsSrid(sridCrs(srid)), srid);
  EXPECT_EQ(crsSrid(""), 4326);
  EXPECT_EQ(crsSrid("EPSG:2154"), std::nullopt);
}

}  // namespace
}  // namespace sluice
