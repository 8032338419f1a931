// src/common/types/wkb.hpp
//
// The Well-Known Binary format of OGC Simple Features (ISO 19125), as GEOMETRY and GEOGRAPHY
// values hold it: a byte order (0 big-endian, 1 little-endian), a type (1 POINT, 2 LINESTRING,
// 3 POLYGON, 4 MULTIPOINT, 5 MULTILINESTRING, 6 MULTIPOLYGON, 7 GEOMETRYCOLLECTION, plus 1000
// for Z, 2000 for M, 3000 for ZM), then counts and IEEE doubles. Checked as Spark's WkbReader
// checks it: a top-level point may be empty (NaN coordinates), no coordinate is infinite, a
// linestring has no single point, a ring is closed, a multi-part holds parts of its kind and
// dimensions. Bytes after the shape are not read.
#pragma once

#include <string>
#include <string_view>

namespace sluice {

//! Raises WKB_PARSE_ERROR naming what is wrong and its byte position.
void validateWkb(std::string_view wkb);

//! Well-Known Text of a valid WKB: "POINT (1 2)", "LINESTRING Z (0 0 1, 1 1 2)", "POINT EMPTY".
std::string wkbToWkt(std::string_view wkb);

}  // namespace sluice
