// src/function/docs/spatial_docs.cpp
//
// What DESCRIBE FUNCTION shows of the st_* functions over GEOMETRY and GEOGRAPHY values. Every
// example is run by test/unit/session/function_catalogue_test.cpp, which compares its rows with
// the lines shown.
#include "function/docs/doc_parts.hpp"

namespace sluice {

std::vector<NamedFunctionDoc> spatialFunctionDocs() {
  return {
      {{"st_geomfromwkb"},
       {"_FUNC_(wkb [, srid]) - Returns the GEOMETRY that the Well-Known Binary `wkb` describes, "
        "in the spatial reference system `srid` (0 by default; 0, 3857 and 4326 are supported).",
        "> SELECT _FUNC_(X'0101000000000000000000F03F0000000000000040', 4326);\n"
        " SRID=4326;POINT (1 2)"}},
      {{"st_geogfromwkb"},
       {"_FUNC_(wkb) - Returns the GEOGRAPHY that the Well-Known Binary `wkb` describes, in WGS 84 "
        "longitude and latitude (SRID 4326).",
        "> SELECT _FUNC_(X'0101000000000000000000F03F0000000000000040');\n"
        " SRID=4326;POINT (1 2)"}},
      {{"st_asbinary"},
       {"_FUNC_(geo) - Returns the Well-Known Binary of a GEOMETRY or GEOGRAPHY value.",
        "> SELECT hex(_FUNC_(st_geomfromwkb(X'0101000000000000000000F03F0000000000000040')));\n"
        " 0101000000000000000000F03F0000000000000040"}},
      {{"st_srid"},
       {"_FUNC_(geo) - Returns the spatial reference identifier (SRID) of a GEOMETRY or "
        "GEOGRAPHY value.",
        "> SELECT _FUNC_(st_geogfromwkb(X'0101000000000000000000F03F0000000000000040'));\n"
        " 4326"}},
      {{"st_setsrid"},
       {"_FUNC_(geo, srid) - Returns the GEOMETRY or GEOGRAPHY value `geo` in the spatial "
        "reference system `srid`, its coordinates unchanged.",
        "> SELECT st_srid(_FUNC_(st_geomfromwkb(X'0101000000000000000000F03F0000000000000040'), "
        "3857));\n"
        " 3857"}},
  };
}

}  // namespace sluice
