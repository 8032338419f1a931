// src/common/types/type_contents.cpp
#include "common/types/type_contents.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/error/error.hpp"

namespace sluice {

namespace {

void collectIndeterminatePaths(const DataType& type, const std::string& path,
                               std::vector<std::string>& paths) {
  switch (type.id()) {
    case TypeId::kString:
      if (type.collation() == kIndeterminateCollation)
        paths.push_back(path);
      break;
    case TypeId::kArray:
      collectIndeterminatePaths(type.elementType(), path + ".element", paths);
      break;
    case TypeId::kMap:
      collectIndeterminatePaths(type.keyType(), path + ".key", paths);
      collectIndeterminatePaths(type.valueType(), path + ".value", paths);
      break;
    case TypeId::kStruct:
      for (const StructField& field : type.fields())
        collectIndeterminatePaths(field.type, path + "." + field.name, paths);
      break;
    default:
      break;
  }
}

}  // namespace

Error indeterminateCollationIn(std::string_view expression, bool found_running) {
  return Error(found_running ? ErrorClass::INDETERMINATE_COLLATION
                             : ErrorClass::INDETERMINATE_COLLATION_IN_EXPRESSION,
               fmt::format("`{}` needs the collation of strings that have none: they come from "
                           "columns of different implicit collations. Use COLLATE to set the "
                           "collation explicitly.",
                           expression));
}

std::vector<std::string> indeterminateCollationPaths(const std::vector<StructField>& schema) {
  std::vector<std::string> paths;
  for (const StructField& field : schema)
    collectIndeterminatePaths(field.type, field.name, paths);
  return paths;
}

void requireDeterminateCollations(const std::vector<StructField>& schema) {
  std::vector<std::string> paths = indeterminateCollationPaths(schema);
  if (paths.empty())
    return;
  throw Error(ErrorClass::INDETERMINATE_COLLATION_IN_SCHEMA,
              fmt::format("The schema holds strings of an indeterminate collation at: [{}]. They "
                          "come from columns of different implicit collations; use COLLATE to "
                          "set the collation explicitly.",
                          fmt::join(paths, ", ")));
}

}  // namespace sluice
