// src/storage/delta/column_mapping.cpp
#include "storage/delta/column_mapping.hpp"

#include <algorithm>

#include "common/text/ascii_case.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/schema_json.hpp"

namespace sluice::delta {

namespace {

constexpr const char* kIdKey = "delta.columnMapping.id";
constexpr const char* kPhysicalNameKey = "delta.columnMapping.physicalName";

StoredField storedFieldOf(const Json& field);

//! The stored forms nested in a type's JSON: a struct's fields, an array's element, a map's
//! key and value.
std::vector<StoredField> nestedStoredFields(const Json& type) {
  std::vector<StoredField> children;
  if (!type.is_object())
    return children;
  auto kind = type.find("type");
  if (kind == type.end() || !kind->is_string())
    return children;
  auto nested = [](const Json& inner) {
    StoredField element;
    element.children = nestedStoredFields(inner);
    return element;
  };
  if (*kind == "struct") {
    auto fields = type.find("fields");
    if (fields != type.end() && fields->is_array()) {
      for (const Json& field : *fields)
        children.push_back(storedFieldOf(field));
    }
  } else if (*kind == "array" && type.contains("elementType")) {
    children.push_back(nested(type["elementType"]));
  } else if (*kind == "map" && type.contains("keyType") && type.contains("valueType")) {
    children.push_back(nested(type["keyType"]));
    children.push_back(nested(type["valueType"]));
  }
  // Only nested structs have names to map: drop trees that hold none.
  bool any = std::any_of(children.begin(), children.end(), [](const StoredField& child) {
    return !child.physical_name.empty() || !child.children.empty();
  });
  if (!any)
    children.clear();
  return children;
}

StoredField storedFieldOf(const Json& field) {
  StoredField stored;
  if (!field.is_object())
    return stored;
  if (auto name = field.find("name"); name != field.end() && name->is_string())
    stored.physical_name = name->get<std::string>();
  if (auto metadata = field.find("metadata"); metadata != field.end() && metadata->is_object()) {
    if (auto physical = metadata->find(kPhysicalNameKey);
        physical != metadata->end() && physical->is_string()) {
      stored.physical_name = physical->get<std::string>();
    }
    if (auto id = metadata->find(kIdKey); id != metadata->end() && id->is_number_integer())
      stored.id = id->get<int32_t>();
  }
  if (auto type = field.find("type"); type != field.end())
    stored.children = nestedStoredFields(*type);
  return stored;
}

//! `type` with its nested fields renamed as `stored` says.
DataType physicalType(const DataType& type, const StoredField& stored) {
  if (stored.children.empty())
    return type;
  switch (type.id()) {
    case TypeId::kStruct: {
      std::vector<StructField> fields = type.fields();
      for (size_t index = 0; index < fields.size() && index < stored.children.size(); ++index) {
        const StoredField& child = stored.children[index];
        if (!child.physical_name.empty())
          fields[index].name = child.physical_name;
        fields[index].type = physicalType(fields[index].type, child);
      }
      return DataType::structOf(std::move(fields));
    }
    case TypeId::kArray:
      return DataType::array(physicalType(type.elementType(), stored.children[0]),
                             type.containsNull());
    case TypeId::kMap:
      if (stored.children.size() < 2)
        return type;
      return DataType::map(physicalType(type.keyType(), stored.children[0]),
                           physicalType(type.valueType(), stored.children[1]), type.containsNull());
    default:
      return type;
  }
}

parquet::FieldIdTree fieldIdTree(const StoredField& stored) {
  parquet::FieldIdTree tree;
  tree.id = stored.id;
  for (const StoredField& child : stored.children)
    tree.children.push_back(fieldIdTree(child));
  return tree;
}

//! Gives `field` and the fields nested in it ids and physical names where they have none.
void assignField(Json& field, bool keep_names, int64_t& max_id);

void assignNested(Json& type, bool keep_names, int64_t& max_id) {
  if (!type.is_object())
    return;
  const Json& kind = type["type"];
  if (kind == "struct") {
    for (Json& field : type["fields"])
      assignField(field, keep_names, max_id);
  } else if (kind == "array") {
    assignNested(type["elementType"], keep_names, max_id);
  } else if (kind == "map") {
    assignNested(type["keyType"], keep_names, max_id);
    assignNested(type["valueType"], keep_names, max_id);
  }
}

void assignField(Json& field, bool keep_names, int64_t& max_id) {
  Json& metadata = field["metadata"];
  if (!metadata.is_object())
    metadata = Json::object();
  if (!metadata.contains(kIdKey))
    metadata[kIdKey] = ++max_id;
  if (!metadata.contains(kPhysicalNameKey)) {
    metadata[kPhysicalNameKey] =
        keep_names ? field["name"].get<std::string>() : "col-" + randomUuid();
  }
  assignNested(field["type"], keep_names, max_id);
}

//! The largest delta.columnMapping.id in the schema JSON `type`.
int64_t largestId(const Json& type) {
  int64_t largest = 0;
  if (!type.is_object())
    return largest;
  auto kind = type.find("type");
  if (kind == type.end())
    return largest;
  if (*kind == "struct") {
    for (const Json& field : type["fields"]) {
      auto metadata = field.find("metadata");
      if (metadata != field.end() && metadata->is_object()) {
        auto id = metadata->find(kIdKey);
        if (id != metadata->end() && id->is_number_integer())
          largest = std::max(largest, id->get<int64_t>());
      }
      largest = std::max(largest, largestId(field["type"]));
    }
  } else if (*kind == "array") {
    largest = largestId(type["elementType"]);
  } else if (*kind == "map") {
    largest = std::max(largestId(type["keyType"]), largestId(type["valueType"]));
  }
  return largest;
}

//! The larger of `at_least` and the table's delta.columnMapping.maxColumnId (a damaged value
//! is ignored: the schema's ids give the maximum).
int64_t maxColumnId(const Metadata& metadata, int64_t at_least) {
  auto it = metadata.configuration.find(kColumnMappingMaxIdKey);
  if (it == metadata.configuration.end())
    return at_least;
  try {
    return std::max<int64_t>(at_least, std::stoll(it->second));
  } catch (const std::exception&) {
    return at_least;
  }
}

}  // namespace

ColumnMappingMode columnMappingMode(const Metadata& metadata) {
  auto it = metadata.configuration.find(kColumnMappingModeKey);
  if (it == metadata.configuration.end())
    return ColumnMappingMode::kNone;
  std::string mode = foldIdentifier(it->second);
  if (mode == "name")
    return ColumnMappingMode::kName;
  if (mode == "id")
    return ColumnMappingMode::kId;
  return ColumnMappingMode::kNone;
}

const char* columnMappingModeName(ColumnMappingMode mode) {
  switch (mode) {
    case ColumnMappingMode::kId:
      return "id";
    case ColumnMappingMode::kName:
      return "name";
    case ColumnMappingMode::kNone:
      break;
  }
  return "none";
}

ColumnMapping ColumnMapping::of(const Metadata& metadata) {
  ColumnMapping mapping;
  mapping.mode_ = columnMappingMode(metadata);
  if (!mapping.enabled())
    return mapping;
  Json schema = Json::parse(metadata.schema_string, nullptr, /*allow_exceptions=*/false);
  if (!schema.is_object() || !schema.contains("fields") || !schema["fields"].is_array())
    return mapping;  // the schema itself is refused where it is parsed
  for (const Json& field : schema["fields"]) {
    if (field.is_object() && field.contains("name") && field["name"].is_string())
      mapping.columns_[field["name"].get<std::string>()] = storedFieldOf(field);
  }
  return mapping;
}

const StoredField* ColumnMapping::find(const std::string& logical) const {
  auto it = columns_.find(logical);
  return it == columns_.end() ? nullptr : &it->second;
}

std::string ColumnMapping::physicalName(const std::string& logical) const {
  const StoredField* stored = find(logical);
  return stored ? stored->physical_name : logical;
}

std::vector<std::string> ColumnMapping::physicalNames(
    const std::vector<std::string>& logical) const {
  std::vector<std::string> names;
  names.reserve(logical.size());
  for (const std::string& name : logical)
    names.push_back(physicalName(name));
  return names;
}

std::vector<StructField> ColumnMapping::physicalFields(
    const std::vector<StructField>& fields) const {
  if (!enabled())
    return fields;
  std::vector<StructField> physical = fields;
  for (StructField& field : physical) {
    const StoredField* stored = find(field.name);
    if (!stored)
      continue;
    field.name = stored->physical_name;
    field.type = physicalType(field.type, *stored);
  }
  return physical;
}

std::vector<parquet::FieldIdTree> ColumnMapping::fieldIds(
    const std::vector<StructField>& fields) const {
  std::vector<parquet::FieldIdTree> ids;
  if (!enabled())
    return ids;
  for (const StructField& field : fields) {
    const StoredField* stored = find(field.name);
    ids.push_back(stored ? fieldIdTree(*stored) : parquet::FieldIdTree{});
  }
  return ids;
}

void assignColumnMapping(Metadata& metadata, bool keep_names) {
  if (columnMappingMode(metadata) == ColumnMappingMode::kNone)
    return;
  Json schema = Json::parse(metadata.schema_string);
  int64_t max_id = maxColumnId(metadata, largestId(schema));
  assignNested(schema, keep_names, max_id);
  metadata.schema_string = schema.dump();
  metadata.configuration[kColumnMappingMaxIdKey] = std::to_string(max_id);
}

void keepColumnMapping(Metadata& metadata, const std::string& previous_schema) {
  if (columnMappingMode(metadata) == ColumnMappingMode::kNone)
    return;
  Json previous = Json::parse(previous_schema, nullptr, /*allow_exceptions=*/false);
  if (!previous.is_object() || !previous.contains("fields") || !previous["fields"].is_array())
    return;
  Json schema = Json::parse(metadata.schema_string);
  for (Json& field : schema["fields"]) {
    for (const Json& old : previous["fields"]) {
      if (!old.is_object() || old.value("name", Json()) != field["name"] || !old.contains("type") ||
          !old.contains("metadata") || !old["metadata"].is_object()) {
        continue;
      }
      // The same column of the same type keeps its stored form, nested fields included.
      if (!(dataTypeFromJson(old["type"], "the replaced schema") ==
            dataTypeFromJson(field["type"], "the new schema"))) {
        break;
      }
      for (const char* key : {kIdKey, kPhysicalNameKey}) {
        if (old["metadata"].contains(key))
          field["metadata"][key] = old["metadata"][key];
      }
      field["type"] = old["type"];
      break;
    }
  }
  metadata.schema_string = schema.dump();
  metadata.configuration[kColumnMappingMaxIdKey] =
      std::to_string(maxColumnId(metadata, largestId(previous)));
}

}  // namespace sluice::delta
