// src/catalog/catalog_errors.hpp
//
// The errors of name resolution and catalog changes, with Spark's classes and messages, so
// that the catalog, the binder and the session statements word them alike. Names are quoted
// part by part as Spark prints them: `spark_catalog`.`default`.`t`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/error/error.hpp"

namespace sluice {

//! TABLE_OR_VIEW_NOT_FOUND for `name` as the user wrote it.
Error tableOrViewNotFound(const std::vector<std::string>& name);
//! TABLE_OR_VIEW_ALREADY_EXISTS for a qualified name.
Error tableOrViewAlreadyExists(const std::vector<std::string>& name);
//! SCHEMA_NOT_FOUND for `catalog`.`schema`.
Error schemaNotFound(std::string_view catalog, std::string_view schema);
//! SCHEMA_ALREADY_EXISTS for `catalog`.`schema`.
Error schemaAlreadyExists(std::string_view catalog, std::string_view schema);
//! ROUTINE_ALREADY_EXISTS for a qualified function name.
Error routineAlreadyExists(const std::vector<std::string>& name);
//! ROUTINE_NOT_FOUND for `name` as the user wrote it.
Error routineNotFound(const std::vector<std::string>& name);
//! CATALOG_NOT_FOUND.
Error catalogNotFound(std::string_view catalog);

}  // namespace sluice
