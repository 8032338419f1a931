// src/storage/delta/schema_json.cpp
//
// DataType <-> Delta schema JSON.

#include "storage/delta/schema_json.hpp"

#include <cctype>
#include <charconv>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"
#include "common/text/collation.hpp"
#include "common/types/geospatial.hpp"
#include "common/types/text_trim.hpp"

namespace sluice::delta {

namespace {

//! A field path of the collations map: the field's name, then "element", "key", "value".
std::string childPath(const std::string& path, const char* step) {
  return path + "." + step;
}

//! Spark's collation identifier without a version: "spark.UTF8_LCASE", "icu.UNICODE_CI".
std::string collationIdentifier(CollationId id) {
  const char* provider = id <= kUtf8LcaseRtrim ? "spark" : "icu";
  return fmt::format("{}.{}", provider, Collation::byId(id).name());
}

//! Records the collated strings of `type` (reached as `path`), down to the next struct, whose
//! fields record their own.
void collectCollations(const DataType& type, const std::string& path, Json& collations) {
  switch (type.id()) {
    case TypeId::kString:
      if (type.isCollatedString())
        collations[path] = collationIdentifier(type.collation());
      break;
    case TypeId::kArray:
      collectCollations(type.elementType(), childPath(path, "element"), collations);
      break;
    case TypeId::kMap:
      collectCollations(type.keyType(), childPath(path, "key"), collations);
      collectCollations(type.valueType(), childPath(path, "value"), collations);
      break;
    default:
      break;
  }
}

[[noreturn]] void throwBadSchema(std::string_view where, std::string_view what) {
  throw Error(ErrorClass::CANNOT_PARSE_DATATYPE,
              fmt::format("Cannot parse the Delta schema of {}: {}.", where, what));
}

//! "decimal(10,2)" -> (10, 2); "decimal" alone is Spark's DECIMAL(10,0).
//! The integer parameter of a type name (a decimal's precision, an SRID), spaces around it
//! allowed; nullopt for anything else.
std::optional<int32_t> parseTypeParameter(std::string_view text) {
  text = text_trim::trimJava(text);
  int32_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size())
    return std::nullopt;
  return value;
}

DataType parseDecimalName(std::string_view name, std::string_view where) {
  if (name == "decimal")
    return DataType::decimal(10, 0);
  auto open = name.find('(');
  auto comma = name.find(',');
  if (open == std::string_view::npos || comma == std::string_view::npos || name.back() != ')') {
    throwBadSchema(where, fmt::format("unknown type \"{}\"", name));
  }
  auto parse_number = [&](std::string_view text) {
    std::optional<int32_t> value = parseTypeParameter(text);
    if (!value)
      throwBadSchema(where, fmt::format("unknown type \"{}\"", name));
    return *value;
  };
  int precision = parse_number(name.substr(open + 1, comma - open - 1));
  int scale = parse_number(name.substr(comma + 1, name.size() - comma - 2));
  if (precision < 1 || precision > DataType::kMaxDecimalPrecision || scale < 0 ||
      scale > precision) {
    throwBadSchema(where, fmt::format("invalid decimal type \"{}\"", name));
  }
  return DataType::decimal(precision, scale);
}

//! The CRS the geospatial table feature names `srid` by: a standard authority's identifier
//! where there is one, else Delta's `srid:<number>`.
std::string deltaCrs(int32_t srid) {
  if (srid == kGeographySrid)
    return "OGC:CRS84";
  if (srid == 3857)
    return "EPSG:3857";
  return fmt::format("srid:{}", srid);
}

//! "geometry(<crs>)" or "geography(<crs>, <algorithm>)", as the geospatial table feature
//! writes them; alone, OGC:CRS84 and spherical edges.
DataType parseSpatialName(std::string_view name, TypeId kind, std::string_view where) {
  std::string_view keyword = kind == TypeId::kGeometry ? "geometry" : "geography";
  std::string_view rest = name.substr(keyword.size());
  std::string_view crs = "OGC:CRS84";
  std::string_view algorithm = "spherical";
  if (!rest.empty()) {
    if (rest.front() != '(' || rest.back() != ')')
      throwBadSchema(where, fmt::format("unknown type \"{}\"", name));
    std::string_view inside = rest.substr(1, rest.size() - 2);
    size_t comma = inside.find(',');
    crs = text_trim::trimJava(inside.substr(0, comma));
    if (comma != std::string_view::npos) {
      if (kind == TypeId::kGeometry)
        throwBadSchema(where, fmt::format("unknown type \"{}\"", name));
      algorithm = text_trim::trimJava(inside.substr(comma + 1));
    }
  }
  std::optional<int32_t> srid = crsSrid(crs);
  if (!srid && crs.size() > 5 && sameIdentifier(crs.substr(0, 5), "srid:"))
    srid = parseTypeParameter(crs.substr(5));
  if (!srid || !isSridOf(kind, *srid)) {
    throwBadSchema(where, fmt::format("the coordinate reference system \"{}\" of type \"{}\" is "
                                      "not one sluice supports (OGC:CRS84, EPSG:3857, srid:0)",
                                      crs, name));
  }
  if (!sameIdentifier(algorithm, "spherical")) {
    throwBadSchema(where, fmt::format("the edge interpolation \"{}\" of type \"{}\" is not "
                                      "one sluice supports (spherical)",
                                      algorithm, name));
  }
  return kind == TypeId::kGeometry ? DataType::geometry(*srid) : DataType::geography(*srid);
}

DataType primitiveFromName(std::string_view name, std::string_view where) {
  if (name == "boolean")
    return DataType::boolean();
  if (name == "byte")
    return DataType::byteType();
  if (name == "short")
    return DataType::shortType();
  if (name == "integer")
    return DataType::intType();
  if (name == "long")
    return DataType::longType();
  if (name == "float")
    return DataType::floatType();
  if (name == "double")
    return DataType::doubleType();
  if (name == "string")
    return DataType::string();
  if (name == "binary")
    return DataType::binary();
  if (name == "date")
    return DataType::date();
  if (name == "timestamp")
    return DataType::timestamp();
  if (name == "timestamp_ntz")
    return DataType::timestampNtz();
  if (name == "void")
    return DataType::voidType();
  if (name == "variant")
    return DataType::variant();
  if (name.starts_with("decimal"))
    return parseDecimalName(name, where);
  if (name.starts_with("geometry"))
    return parseSpatialName(name, TypeId::kGeometry, where);
  if (name.starts_with("geography"))
    return parseSpatialName(name, TypeId::kGeography, where);
  // Spark records CHAR(n) / VARCHAR(n) columns as "string" with metadata; older writers may
  // have stored the names themselves.
  if (name.starts_with("char(") || name.starts_with("varchar("))
    return DataType::string();
  throwBadSchema(where, fmt::format("unknown type \"{}\"", name));
}

const Json& member(const Json& object, const char* name, std::string_view where) {
  auto it = object.find(name);
  if (it == object.end())
    throwBadSchema(where, fmt::format("a type has no \"{}\"", name));
  return *it;
}

bool booleanMember(const Json& object, const char* name, bool fallback, std::string_view where) {
  auto it = object.find(name);
  if (it == object.end())
    return fallback;
  if (!it->is_boolean())
    throwBadSchema(where, fmt::format("\"{}\" is not a boolean", name));
  return it->get<bool>();
}

using CollationsByPath = std::map<std::string, CollationId>;

DataType typeFromJson(const Json& json, std::string_view where, const std::string& path,
                      const CollationsByPath& collations);

//! The collations of a field's metadata by field path, as collation ids. Spark accepts the
//! providers "spark" and "icu"; a version after the name (the protocol allows one) is ignored.
CollationsByPath collationsFromMetadata(const Json& metadata, std::string_view where) {
  CollationsByPath collations;
  auto entry = metadata.find(kCollationsMetadataKey);
  if (entry == metadata.end())
    return collations;
  if (!entry->is_object())
    throwBadSchema(where, fmt::format("\"{}\" is not an object", kCollationsMetadataKey));
  for (const auto& [path, identifier] : entry->items()) {
    if (!identifier.is_string())
      throwBadSchema(where, fmt::format("the collation of \"{}\" is not a string", path));
    std::string text = identifier.get<std::string>();
    auto dot = text.find('.');
    std::string provider = text.substr(0, dot);
    for (char& c : provider)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (dot == std::string::npos || (provider != "spark" && provider != "icu")) {
      throwBadSchema(where, fmt::format("the collation \"{}\" of \"{}\" names no provider "
                                        "Spark knows (spark, icu)",
                                        text, path));
    }
    std::string name = text.substr(dot + 1);
    name = name.substr(0, name.find('.'));
    collations[path] = Collation::idForName(name);
  }
  return collations;
}

StructField fieldFromJson(const Json& json, std::string_view where) {
  if (!json.is_object())
    throwBadSchema(where, "a struct field is not an object");
  const Json& name = member(json, "name", where);
  if (!name.is_string())
    throwBadSchema(where, "a field name is not a string");
  StructField field;
  field.name = name.get<std::string>();
  CollationsByPath collations;
  auto metadata = json.find("metadata");
  if (metadata != json.end() && metadata->is_object()) {
    auto comment = metadata->find("comment");
    if (comment != metadata->end() && comment->is_string()) {
      field.comment = comment->get<std::string>();
    }
    collations = collationsFromMetadata(*metadata, where);
  }
  field.type = typeFromJson(member(json, "type", where), where, field.name, collations);
  field.nullable = booleanMember(json, "nullable", true, where);
  return field;
}

//! Reads the type of the field path `path`; `collations` are those its field's metadata gives.
DataType typeFromJson(const Json& json, std::string_view where, const std::string& path,
                      const CollationsByPath& collations) {
  auto collation = collations.find(path);
  if (json.is_string()) {
    DataType type = primitiveFromName(json.get<std::string>(), where);
    if (collation == collations.end())
      return type;
    if (type.id() != TypeId::kString) {
      throwBadSchema(where, fmt::format("the field path \"{}\" has a collation but is of type "
                                        "\"{}\"",
                                        path, json.get<std::string>()));
    }
    return DataType::string(collation->second);
  }
  if (!json.is_object())
    throwBadSchema(where, "a type is neither a name nor an object");
  const Json& kind = member(json, "type", where);
  if (!kind.is_string())
    throwBadSchema(where, "\"type\" is not a string");
  std::string name = kind.get<std::string>();
  if (collation != collations.end()) {
    throwBadSchema(where, fmt::format("the field path \"{}\" has a collation but is of type "
                                      "\"{}\"",
                                      path, name));
  }
  if (name == "array") {
    return DataType::array(typeFromJson(member(json, "elementType", where), where,
                                        childPath(path, "element"), collations),
                           booleanMember(json, "containsNull", true, where));
  }
  if (name == "map") {
    return DataType::map(
        typeFromJson(member(json, "keyType", where), where, childPath(path, "key"), collations),
        typeFromJson(member(json, "valueType", where), where, childPath(path, "value"), collations),
        booleanMember(json, "valueContainsNull", true, where));
  }
  if (name == "struct") {
    const Json& fields = member(json, "fields", where);
    if (!fields.is_array())
      throwBadSchema(where, "\"fields\" is not an array");
    std::vector<StructField> children;
    for (const Json& field : fields)
      children.push_back(fieldFromJson(field, where));
    return DataType::structOf(std::move(children));
  }
  throwBadSchema(where, fmt::format("unknown type \"{}\"", name));
}

}  // namespace

namespace {

void setNestedCollations(Json& type_json, const DataType& type) {
  switch (type.id()) {
    case TypeId::kArray:
      setNestedCollations(type_json["elementType"], type.elementType());
      break;
    case TypeId::kMap:
      setNestedCollations(type_json["keyType"], type.keyType());
      setNestedCollations(type_json["valueType"], type.valueType());
      break;
    case TypeId::kStruct:
      for (size_t index = 0; index < type.fields().size(); ++index)
        setFieldCollations(type_json["fields"][index], type.fields()[index].type);
      break;
    default:
      break;
  }
}

}  // namespace

void setFieldCollations(Json& field, const DataType& type) {
  Json collations = Json::object();
  collectCollations(type, field["name"].get<std::string>(), collations);
  Json& metadata = field["metadata"];
  if (!metadata.is_object())
    metadata = Json::object();
  if (collations.empty())
    metadata.erase(kCollationsMetadataKey);
  else
    metadata[kCollationsMetadataKey] = std::move(collations);
  setNestedCollations(field["type"], type);
}

Json fieldToJson(const StructField& field) {
  Json metadata = Json::object();
  if (!field.comment.empty())
    metadata["comment"] = field.comment;
  Json collations = Json::object();
  collectCollations(field.type, field.name, collations);
  if (!collations.empty())
    metadata[kCollationsMetadataKey] = std::move(collations);
  return Json{{"name", field.name},
              {"type", dataTypeToJson(field.type)},
              {"nullable", field.nullable},
              {"metadata", metadata}};
}

Json dataTypeToJson(const DataType& type) {
  switch (type.id()) {
    case TypeId::kBoolean:
      return "boolean";
    case TypeId::kByte:
      return "byte";
    case TypeId::kShort:
      return "short";
    case TypeId::kInt:
      return "integer";
    case TypeId::kLong:
      return "long";
    case TypeId::kFloat:
      return "float";
    case TypeId::kDouble:
      return "double";
    case TypeId::kDecimal:
      return fmt::format("decimal({},{})", type.precision(), type.scale());
    case TypeId::kString:  // a collation is recorded in the metadata of the field
      return "string";
    case TypeId::kBinary:
      return "binary";
    case TypeId::kDate:
      return "date";
    case TypeId::kTimestamp:
      return "timestamp";
    case TypeId::kTimestampNtz:
      return "timestamp_ntz";
    case TypeId::kArray:
      return Json{{"type", "array"},
                  {"elementType", dataTypeToJson(type.elementType())},
                  {"containsNull", type.containsNull()}};
    case TypeId::kMap:
      return Json{{"type", "map"},
                  {"keyType", dataTypeToJson(type.keyType())},
                  {"valueType", dataTypeToJson(type.valueType())},
                  {"valueContainsNull", type.containsNull()}};
    case TypeId::kStruct: {
      Json fields = Json::array();
      for (const StructField& field : type.fields())
        fields.push_back(fieldToJson(field));
      return Json{{"type", "struct"}, {"fields", fields}};
    }
    case TypeId::kVariant:
      return "variant";
    case TypeId::kGeometry:
    case TypeId::kGeography:
      if (type.srid() == DataType::kMixedSrid) {
        throw Error(ErrorClass::UNSUPPORTED_DATATYPE,
                    fmt::format("A Delta table column of type {} holds values of one SRID: cast "
                                "it to a type of one (GEOMETRY(4326)) to store it.",
                                type.sql()));
      }
      if (type.id() == TypeId::kGeometry)
        return fmt::format("geometry({})", deltaCrs(type.srid()));
      return fmt::format("geography({}, spherical)", deltaCrs(type.srid()));
    case TypeId::kVoid:
    case TypeId::kYearMonthInterval:
    case TypeId::kDayTimeInterval:
    case TypeId::kTime:  // the Delta protocol has no TIME type
    case TypeId::kCalendarInterval:
      break;
  }
  throw Error(ErrorClass::UNSUPPORTED_DATATYPE,
              fmt::format("A Delta table cannot store a column of type {}.", type.sql()));
}

DataType dataTypeFromJson(const Json& json, std::string_view where) {
  return typeFromJson(json, where, "", {});
}

std::string schemaToJson(const std::vector<StructField>& fields) {
  return dumpJson(dataTypeToJson(DataType::structOf(fields)));
}

std::vector<StructField> schemaFromJson(std::string_view schema_string, std::string_view where) {
  Json json;
  try {
    json = Json::parse(schema_string);
  } catch (const nlohmann::json::exception& error) {
    throwBadSchema(where, fmt::format("invalid JSON ({})", error.what()));
  }
  DataType type = dataTypeFromJson(json, where);
  if (type.id() != TypeId::kStruct)
    throwBadSchema(where, "the schema is not a struct");
  return type.fields();
}

}  // namespace sluice::delta
