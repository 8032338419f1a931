// src/common/types/geospatial.hpp
//
// Spark 4.1's GEOMETRY and GEOGRAPHY values: a shape in the Well-Known Binary format (WKB) and
// the spatial reference system (SRID) its coordinates are in. A value is kept as one byte string,
// the SRID as 4 little-endian bytes and then the WKB as given, so that a GEOMETRY(ANY) column
// can hold values of different SRIDs and copies, hashing and equality treat a value as its bytes.
// - The SRIDs are Spark 4.1's: GEOMETRY takes 0 (no system), 3857 (Web Mercator) and 4326
//   (WGS 84); GEOGRAPHY takes 4326 alone. Any other is ST_INVALID_SRID_VALUE.
// - In Parquet the SRID is the column's CRS: "SRID:0", "EPSG:3857" or "OGC:CRS84".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/types/data_type.hpp"

namespace sluice {

//! The SRID a GEOGRAPHY value has when none is given (st_geogfromwkb), and the only one.
inline constexpr int32_t kGeographySrid = 4326;
//! The SRID st_geomfromwkb gives when none is given.
inline constexpr int32_t kDefaultGeometrySrid = 0;

bool isGeometrySrid(int64_t srid);
bool isGeographySrid(int64_t srid);
//! The SRID check of the type `kind` (GEOMETRY or GEOGRAPHY).
bool isSridOf(TypeId kind, int64_t srid);
//! ST_INVALID_SRID_VALUE for `srid`.
[[noreturn]] void raiseInvalidSrid(int64_t srid);
//! GEOMETRY(srid) or GEOGRAPHY(srid) after checking the SRID (kMixedSrid is ANY).
DataType spatialType(TypeId kind, int64_t srid);

//! The bytes of a value of `srid` holding `wkb`.
std::string encodeSpatialValue(int32_t srid, std::string_view wkb);
int32_t spatialValueSrid(std::string_view value);
std::string_view spatialValueWkb(std::string_view value);

//! The CRS Parquet names `srid` by; the SRID of a Parquet CRS (empty: OGC:CRS84), if supported.
std::string_view sridCrs(int32_t srid);
std::optional<int32_t> crsSrid(std::string_view crs);

//! A value as text, its SRID and its shape in Well-Known Text: "SRID=4326;POINT (1 2)".
std::string formatSpatialValue(std::string_view value);

}  // namespace sluice
