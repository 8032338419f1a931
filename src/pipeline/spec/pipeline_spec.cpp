// src/pipeline/spec/pipeline_spec.cpp
#include "pipeline/spec/pipeline_spec.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "common/error/error.hpp"
#include "storage/format/input_files.hpp"

namespace sluice {

namespace fs = std::filesystem;

namespace {

const std::set<std::string>& allowedFields() {
  static const std::set<std::string> fields = {"name",      "storage",    "catalog",
                                               "database",  "schema",     "configuration",
                                               "libraries", "development"};
  return fields;
}

std::string yamlKind(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Map:
      return "dict";
    case YAML::NodeType::Sequence:
      return "list";
    case YAML::NodeType::Null:
      return "NoneType";
    default:
      return "str";
  }
}

[[noreturn]] void invalidSpec(const std::string& path, const std::string& what) {
  throw Error(ErrorClass::INVALID_PIPELINE_SPEC,
              fmt::format("The pipeline spec {} is not valid: {}.", path, what));
}

//! A scalar field as text; a list or a dict there is INVALID_PIPELINE_SPEC.
std::string scalarField(const YAML::Node& node, const std::string& field, const std::string& path) {
  if (!node.IsScalar())
    invalidSpec(path, fmt::format("`{}` must be a string, not a {}", field, yamlKind(node)));
  return node.as<std::string>();
}

//! configuration: a dict of strings to strings, as Spark requires.
std::map<std::string, std::string> configurationField(const YAML::Node& node) {
  std::map<std::string, std::string> values;
  if (node.IsNull())
    return values;
  if (!node.IsMap()) {
    throw Error(ErrorClass::PIPELINE_SPEC_FIELD_NOT_DICT,
                fmt::format("The field 'configuration' of the pipeline spec must be a dict, not "
                            "a {}.",
                            yamlKind(node)));
  }
  for (const auto& entry : node) {
    if (!entry.first.IsScalar()) {
      throw Error(ErrorClass::PIPELINE_SPEC_DICT_KEY_NOT_STRING,
                  "The keys of 'configuration' in the pipeline spec must be strings.");
    }
    std::string key = entry.first.as<std::string>();
    // YAML reads `true` and `5` as scalars too; Spark's loader sees them as bool and int and
    // refuses them, so a value must be quoted unless it is plain text.
    const YAML::Node& value = entry.second;
    bool quoted = value.Tag() == "!";
    std::string text = value.IsScalar() ? value.as<std::string>() : "";
    bool looks_typed =
        !quoted && value.IsScalar() &&
        (text == "true" || text == "false" || text == "True" || text == "False" ||
         (!text.empty() && text.find_first_not_of("0123456789.-+eE") == std::string::npos));
    if (!value.IsScalar() || looks_typed) {
      throw Error(ErrorClass::PIPELINE_SPEC_DICT_VALUE_NOT_STRING,
                  fmt::format("The value of '{}' in 'configuration' of the pipeline spec must be "
                              "a string; quote it: {}: \"{}\".",
                              key, key, text));
    }
    values[key] = text;
  }
  return values;
}

//! The include pattern of each `- glob: {include: ...}` entry.
std::vector<std::string> librariesField(const YAML::Node& node, const std::string& path) {
  std::vector<std::string> patterns;
  if (node.IsNull())
    return patterns;
  if (!node.IsSequence())
    invalidSpec(path, "`libraries` must be a list of `- glob: {include: PATTERN}`");
  for (const auto& entry : node) {
    YAML::Node glob = entry.IsMap() ? entry["glob"] : YAML::Node();
    YAML::Node include = glob.IsMap() ? glob["include"] : YAML::Node();
    if (!include.IsDefined() || !include.IsScalar())
      invalidSpec(path, "each entry of `libraries` must be `- glob: {include: PATTERN}`");
    patterns.push_back(include.as<std::string>());
  }
  return patterns;
}

//! Spark's rule: a library pattern is a file path without glob characters, or a folder
//! without glob characters followed by `/**`.
void checkGlobPattern(const std::string& pattern) {
  bool plain = !hasGlobCharacters(pattern);
  bool folder = pattern.size() > 3 && pattern.compare(pattern.size() - 3, 3, "/**") == 0 &&
                !hasGlobCharacters(pattern.substr(0, pattern.size() - 3));
  if (!plain && !folder) {
    throw Error(ErrorClass::PIPELINE_SPEC_INVALID_GLOB_PATTERN,
                fmt::format("The glob pattern '{}' of the pipeline spec's libraries is not "
                            "supported: use a file path, or a folder followed by /** for every "
                            "file under it.",
                            pattern));
  }
}

}  // namespace

std::string resolveSpecPath(const std::string& root, std::string path) {
  if (path.rfind("file://", 0) == 0)
    path = path.substr(7);
  else if (path.rfind("file:", 0) == 0)
    path = path.substr(5);
  fs::path resolved = fs::path(path).is_absolute() ? fs::path(path) : fs::path(root) / path;
  return resolved.lexically_normal().string();
}

const std::vector<std::string>& pipelineSpecFileNames() {
  static const std::vector<std::string> names = {"spark-pipeline.yml", "spark-pipeline.yaml",
                                                 "pipeline.yml", "pipeline.yaml"};
  return names;
}

std::string findPipelineSpec(const std::string& folder) {
  std::error_code error;
  fs::path current = fs::absolute(folder, error).lexically_normal();
  while (true) {
    std::vector<std::string> found;
    for (const std::string& name : pipelineSpecFileNames()) {
      if (fs::is_regular_file(current / name, error))
        found.push_back((current / name).string());
    }
    if (found.size() == 1)
      return found[0];
    if (found.size() > 1) {
      throw Error(ErrorClass::MULTIPLE_PIPELINE_SPEC_FILES_FOUND,
                  fmt::format("Found multiple pipeline spec files in the directory `{}`. Remove "
                              "one or pass the one to use with --spec.",
                              current.string()));
    }
    if (!current.has_parent_path() || current.parent_path() == current)
      break;
    current = current.parent_path();
  }
  throw Error(ErrorClass::PIPELINE_SPEC_FILE_NOT_FOUND,
              fmt::format("No spark-pipeline.yml or spark-pipeline.yaml file was found in `{}` or "
                          "its parent directories. Create one (sluice init NAME writes a starter "
                          "pipeline) or pass it with --spec.",
                          fs::absolute(folder, error).lexically_normal().string()));
}

PipelineSpec loadPipelineSpec(const std::string& path) {
  std::error_code error;
  if (!fs::is_regular_file(path, error)) {
    throw Error(ErrorClass::PIPELINE_SPEC_FILE_DOES_NOT_EXIST,
                fmt::format("The pipeline spec file `{}` does not exist.", path));
  }
  PipelineSpec spec;
  spec.path = fs::absolute(path, error).lexically_normal().string();
  spec.root = fs::path(spec.path).parent_path().string();

  YAML::Node document;
  try {
    document = YAML::LoadFile(spec.path);
  } catch (const YAML::Exception& exception) {
    throw Error(
        ErrorClass::INVALID_PIPELINE_SPEC,
        fmt::format("The pipeline spec {} is not valid YAML: {} (line {}, column {}).", spec.path,
                    exception.msg, exception.mark.line + 1, exception.mark.column + 1));
  }
  if (!document.IsMap())
    invalidSpec(spec.path, "it must be a mapping of fields such as `name:` and `libraries:`");

  for (const auto& entry : document) {
    std::string field = entry.first.as<std::string>();
    if (!allowedFields().count(field)) {
      throw Error(ErrorClass::PIPELINE_SPEC_UNEXPECTED_FIELD,
                  fmt::format("Pipeline spec field `{}` is unexpected. Allowed fields: name, "
                              "storage, catalog, database (or schema), libraries, configuration, "
                              "development.",
                              field));
    }
  }
  if (!document["name"]) {
    throw Error(ErrorClass::PIPELINE_SPEC_MISSING_REQUIRED_FIELD,
                "Pipeline spec missing required field `name`.");
  }
  spec.name = scalarField(document["name"], "name", spec.path);
  if (spec.name.empty())
    invalidSpec(spec.path, "`name` must not be empty");

  std::string storage = ".sluice";
  if (document["storage"])
    storage = scalarField(document["storage"], "storage", spec.path);
  spec.storage = resolveSpecPath(spec.root, storage);
  if (document["catalog"])
    spec.catalog = scalarField(document["catalog"], "catalog", spec.path);
  if (document["database"] && document["schema"])
    invalidSpec(spec.path, "give `database` or `schema`, not both");
  if (document["database"])
    spec.schema = scalarField(document["database"], "database", spec.path);
  if (document["schema"])
    spec.schema = scalarField(document["schema"], "schema", spec.path);
  if (document["configuration"])
    spec.configuration = configurationField(document["configuration"]);
  if (document["libraries"])
    spec.libraries = librariesField(document["libraries"], spec.path);
  for (const std::string& pattern : spec.libraries)
    checkGlobPattern(pattern);
  if (document["development"]) {
    std::string text = scalarField(document["development"], "development", spec.path);
    if (text != "true" && text != "false")
      invalidSpec(spec.path, "`development` must be true or false");
    spec.development = text == "true";
  }
  return spec;
}

std::vector<std::string> pipelineSourceFiles(const PipelineSpec& spec) {
  std::set<std::string> files;
  std::error_code error;
  for (const std::string& pattern : spec.libraries) {
    bool folder = pattern.size() > 3 && pattern.compare(pattern.size() - 3, 3, "/**") == 0;
    fs::path base =
        resolveSpecPath(spec.root, folder ? pattern.substr(0, pattern.size() - 3) : pattern);
    if (!folder) {
      if (fs::is_regular_file(base, error))
        files.insert(base.string());
      continue;
    }
    if (!fs::is_directory(base, error))
      continue;
    for (auto it = fs::recursive_directory_iterator(base, error);
         it != fs::recursive_directory_iterator(); it.increment(error)) {
      if (error)
        break;
      // Python's byte-code caches sit beside the sources they were made from.
      if (it->is_directory() && it->path().filename() == "__pycache__") {
        it.disable_recursion_pending();
        continue;
      }
      if (it->is_regular_file())
        files.insert(it->path().lexically_normal().string());
    }
  }
  for (const std::string& file : files) {
    std::string extension = fs::path(file).extension().string();
    if (extension != ".sql" && extension != ".py") {
      throw Error(ErrorClass::PIPELINE_UNSUPPORTED_DEFINITIONS_FILE_EXTENSION,
                  fmt::format("Unsupported pipeline definition file `{}`: only .sql and .py files "
                              "define datasets and flows.",
                              file));
    }
  }
  return {files.begin(), files.end()};
}

}  // namespace sluice
