#include "common/types/geospatial.hpp"

#include "common/error/error.hpp"
#include "common/types/wkb.hpp"

namespace sluice {

bool isGeometrySrid(int64_t srid) {
  return srid == 0 || srid == 3857 || srid == 4326;
}

bool isGeographySrid(int64_t srid) {
  return srid == kGeographySrid;
}

bool isSridOf(TypeId kind, int64_t srid) {
  return kind == TypeId::kGeography ? isGeographySrid(srid) : isGeometrySrid(srid);
}

void raiseInvalidSrid(int64_t srid) {
  throwError(ErrorClass::ST_INVALID_SRID_VALUE,
             "Invalid or unsupported SRID (spatial reference identifier) value: {}.", srid);
}

DataType spatialType(TypeId kind, int64_t srid) {
  if (srid != DataType::kMixedSrid && !isSridOf(kind, srid))
    raiseInvalidSrid(srid);
  auto checked = static_cast<int32_t>(srid);
  return kind == TypeId::kGeography ? DataType::geography(checked) : DataType::geometry(checked);
}

std::string encodeSpatialValue(int32_t srid, std::string_view wkb) {
  std::string value(4, '\0');
  auto bits = static_cast<uint32_t>(srid);
  for (int i = 0; i < 4; ++i)
    value[i] = static_cast<char>((bits >> (8 * i)) & 0xFF);
  value.append(wkb);
  return value;
}

int32_t spatialValueSrid(std::string_view value) {
  uint32_t bits = 0;
  for (int i = 0; i < 4 && i < static_cast<int>(value.size()); ++i)
    bits |= static_cast<uint32_t>(static_cast<unsigned char>(value[i])) << (8 * i);
  return static_cast<int32_t>(bits);
}

std::string_view spatialValueWkb(std::string_view value) {
  return value.size() < 4 ? std::string_view() : value.substr(4);
}

std::string_view sridCrs(int32_t srid) {
  switch (srid) {
    case 0:
      return "SRID:0";
    case 3857:
      return "EPSG:3857";
    default:
      return "OGC:CRS84";
  }
}

std::optional<int32_t> crsSrid(std::string_view crs) {
  if (crs.empty() || crs == "OGC:CRS84" || crs == "EPSG:4326")
    return 4326;
  if (crs == "EPSG:3857")
    return 3857;
  if (crs == "SRID:0")
    return 0;
  return std::nullopt;
}

std::string formatSpatialValue(std::string_view value) {
  return "SRID=" + std::to_string(spatialValueSrid(value)) + ";" + wkbToWkt(spatialValueWkb(value));
}

}  // namespace sluice
