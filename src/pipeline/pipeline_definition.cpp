// src/pipeline/pipeline_definition.cpp
#include "pipeline/pipeline_definition.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "catalog/catalog.hpp"
#include "pipeline/registration/library_registration.hpp"
#include "pipeline/registration/sql_registration.hpp"
#include "pipeline/update/pipeline_update.hpp"

namespace sluice {

namespace fs = std::filesystem;

PipelineDefinition loadPipelineDefinition(const std::string& spec_path) {
  PipelineDefinition definition;
  definition.spec = loadPipelineSpec(spec_path);
  definition.catalog =
      foldIdentifier(definition.spec.catalog.value_or(std::string(Catalog::kDefaultCatalog)));
  definition.schema =
      foldIdentifier(definition.spec.schema.value_or(std::string(Catalog::kDefaultSchema)));
  definition.files = pipelineSourceFiles(definition.spec);

  RegistrationDefaults defaults;
  defaults.catalog = definition.catalog;
  defaults.schema = definition.schema;
  defaults.configuration = definition.spec.configuration;
  for (const std::string& file : definition.files) {
    // Locations name a file by its path relative to the spec, as Spark's origins do.
    std::string source_name =
        fs::path(file).lexically_relative(definition.spec.root).generic_string();
    std::string extension = fs::path(file).extension().string();
    if (extension != ".sql") {
      if (const LibraryFileRegistration* registration = findLibraryFileRegistration(extension)) {
        LibraryFile library{file, source_name, definition.spec.root, definition.spec.storage,
                            pipelineFolder(definition.spec)};
        (*registration)(library, defaults, definition.graph, definition.registration_errors);
        continue;
      }
    }
    if (extension == ".py") {
      definition.registration_errors.push_back(
          Error(ErrorClass::NOT_SUPPORTED,
                fmt::format("The Python pipeline file {} cannot be run: this build of sluice "
                            "has no Python.",
                            source_name)));
      continue;
    }
    std::ifstream stream(file, std::ios::binary);
    std::ostringstream text;
    if (stream.is_open())
      text << stream.rdbuf();
    if (!stream.is_open() || stream.bad()) {
      definition.registration_errors.push_back(Error(
          ErrorClass::PATH_NOT_FOUND, fmt::format("Cannot read the pipeline file {}.", file)));
      continue;
    }
    registerSqlFile(text.str(), source_name, defaults, definition.graph,
                    definition.registration_errors);
  }
  return definition;
}

}  // namespace sluice
