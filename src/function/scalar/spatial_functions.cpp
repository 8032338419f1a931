// src/function/scalar/spatial_functions.cpp
//
// The st_* functions of Spark 4.1 over GEOMETRY and GEOGRAPHY values (common/types/geospatial.hpp):
// st_geomfromwkb(wkb [, srid]) and st_geogfromwkb(wkb) read Well-Known Binary, st_asbinary(geo)
// gives it back as it was read, st_srid(geo) names a value's SRID and st_setsrid(geo, srid)
// replaces it.
// - A constant SRID makes the result type GEOMETRY(srid) and is checked when the query is bound;
//   a column of SRIDs makes it GEOMETRY(ANY) (or GEOGRAPHY(ANY)) and is checked row by row.
//   Either way an SRID the type does not support is ST_INVALID_SRID_VALUE; a NULL SRID gives
//   NULL.
// - WKB is checked as Spark's reader checks it (common/types/wkb.hpp): WKB_PARSE_ERROR.

#include "common/error/error.hpp"
#include "common/types/geospatial.hpp"
#include "common/types/wkb.hpp"
#include "function/cast/cast.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/kernel_loops.hpp"

namespace sluice {

namespace {

//! The type of a value of `kind` whose SRID is argument `index`: a constant SRID is the type's
//! (cast to INT as the kernel casts it, and checked here); a column of SRIDs, or a NULL one, makes
//! it ANY.
DataType sridArgumentType(TypeId kind, const BindRequest& request, size_t index) {
  const Value* constant = constantArgument(request, index);
  if (constant == nullptr || constant->isNull())
    return spatialType(kind, DataType::kMixedSrid);
  Value srid = castValue(ExecContext{}, *constant, DataType::intType(), /*try_mode=*/false);
  return spatialType(kind, srid.getInt64());
}

//! Writes a value of `srid` holding `wkb`, checking the SRID against the value's type.
StringView writeSpatial(Vector& result, TypeId kind, int64_t srid, std::string_view wkb) {
  if (!isSridOf(kind, srid))
    raiseInvalidSrid(srid);
  return result.addString(encodeSpatialValue(static_cast<int32_t>(srid), wkb));
}

BoundScalarFunction bindGeomFromWkb(std::string name, const BindRequest& request) {
  std::vector<DataType> types{expectArgument(request, 0, DataType::binary())};
  DataType result_type = DataType::geometry(kDefaultGeometrySrid);
  if (request.argument_types.size() > 1) {
    types.push_back(expectArgument(request, 1, DataType::intType()));
    result_type = sridArgumentType(TypeId::kGeometry, request, 1);
  }
  ScalarKernel kernel;
  if (types.size() == 1) {
    kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                Vector& result) {
      unaryLoop<StringView, StringView>(*args[0], rows, result, [&](StringView wkb, idx_t) {
        validateWkb(wkb.view());
        return writeSpatial(result, TypeId::kGeometry, kDefaultGeometrySrid, wkb.view());
      });
    };
  } else {
    kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                Vector& result) {
      binaryLoop<StringView, int32_t, StringView>(
          *args[0], *args[1], rows, result, [&](StringView wkb, int32_t srid, idx_t) {
            validateWkb(wkb.view());
            return writeSpatial(result, TypeId::kGeometry, srid, wkb.view());
          });
    };
  }
  return {std::move(name), std::move(types), std::move(result_type), std::move(kernel)};
}

BoundScalarFunction bindGeogFromWkb(std::string name, const BindRequest& request) {
  DataType wkb_type = expectArgument(request, 0, DataType::binary());
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    unaryLoop<StringView, StringView>(*args[0], rows, result, [&](StringView wkb, idx_t) {
      validateWkb(wkb.view());
      return writeSpatial(result, TypeId::kGeography, kGeographySrid, wkb.view());
    });
  };
  return {std::move(name), {wkb_type}, DataType::geography(kGeographySrid), std::move(kernel)};
}

BoundScalarFunction bindAsBinary(std::string name, const BindRequest& request) {
  DataType spatial = expectSpatialArgument(request, 0);
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    unaryLoop<StringView, StringView>(*args[0], rows, result, [&](StringView value, idx_t) {
      return result.addString(spatialValueWkb(value.view()));
    });
  };
  return {std::move(name), {spatial}, DataType::binary(), std::move(kernel)};
}

BoundScalarFunction bindSrid(std::string name, const BindRequest& request) {
  DataType spatial = expectSpatialArgument(request, 0);
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    unaryLoop<StringView, int32_t>(*args[0], rows, result, [](StringView value, idx_t) {
      return spatialValueSrid(value.view());
    });
  };
  return {std::move(name), {spatial}, DataType::intType(), std::move(kernel)};
}

BoundScalarFunction bindSetSrid(std::string name, const BindRequest& request) {
  DataType spatial = expectSpatialArgument(request, 0);
  std::vector<DataType> types{spatial, expectArgument(request, 1, DataType::intType())};
  TypeId kind = spatial.id();
  DataType result_type = sridArgumentType(kind, request, 1);
  ScalarKernel kernel = [kind](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                               Vector& result) {
    binaryLoop<StringView, int32_t, StringView>(
        *args[0], *args[1], rows, result, [&](StringView value, int32_t srid, idx_t) {
          return writeSpatial(result, kind, srid, spatialValueWkb(value.view()));
        });
  };
  return {std::move(name), std::move(types), std::move(result_type), std::move(kernel)};
}

}  // namespace

void registerSpatialFunctions(FunctionRegistry& registry) {
  registry.addScalar({"st_geomfromwkb", 1, 2,
                      [](const BindRequest& r) { return bindGeomFromWkb("st_geomfromwkb", r); }});
  registry.addScalar({"st_geogfromwkb", 1, 1,
                      [](const BindRequest& r) { return bindGeogFromWkb("st_geogfromwkb", r); }});
  registry.addScalar(
      {"st_asbinary", 1, 1, [](const BindRequest& r) { return bindAsBinary("st_asbinary", r); }});
  registry.addScalar(
      {"st_srid", 1, 1, [](const BindRequest& r) { return bindSrid("st_srid", r); }});
  registry.addScalar(
      {"st_setsrid", 2, 2, [](const BindRequest& r) { return bindSetSrid("st_setsrid", r); }});
}

}  // namespace sluice
