// src/catalog/catalog_errors.cpp
//
// Spark's wording of the catalog errors (error-conditions.json).
#include "catalog/catalog_errors.hpp"

#include "catalog/catalog_entry.hpp"

namespace sluice {

Error tableOrViewNotFound(const std::vector<std::string>& name) {
  return Error(ErrorClass::TABLE_OR_VIEW_NOT_FOUND,
               fmt::format("The table or view {} cannot be found. Verify the spelling and "
                           "correctness of the schema and catalog. If you did not qualify the "
                           "name with a schema, verify the current_schema() output, or qualify "
                           "the name with the correct schema and catalog. To tolerate the error "
                           "on drop use DROP VIEW IF EXISTS or DROP TABLE IF EXISTS.",
                           quoteNameParts(name)));
}

Error tableOrViewAlreadyExists(const std::vector<std::string>& name) {
  return Error(ErrorClass::TABLE_OR_VIEW_ALREADY_EXISTS,
               fmt::format("Cannot create table or view {} because it already exists. Choose a "
                           "different name, drop or replace the existing object, or add the IF "
                           "NOT EXISTS clause to tolerate pre-existing objects.",
                           quoteNameParts(name)));
}

Error schemaNotFound(std::string_view catalog, std::string_view schema) {
  return Error(ErrorClass::SCHEMA_NOT_FOUND,
               fmt::format("The schema {} cannot be found. Verify the spelling and correctness "
                           "of the schema and catalog. If you did not qualify the name with a "
                           "catalog, verify the current_schema() output, or qualify the name "
                           "with the correct catalog. To tolerate the error on drop use DROP "
                           "SCHEMA IF EXISTS.",
                           quoteNameParts({std::string(catalog), std::string(schema)})));
}

Error schemaAlreadyExists(std::string_view catalog, std::string_view schema) {
  return Error(ErrorClass::SCHEMA_ALREADY_EXISTS,
               fmt::format("Cannot create schema {} because it already exists. Choose a "
                           "different name, drop the existing schema, or add the IF NOT EXISTS "
                           "clause to tolerate pre-existing schema.",
                           quoteNameParts({std::string(catalog), std::string(schema)})));
}

Error routineAlreadyExists(const std::vector<std::string>& name) {
  return Error(ErrorClass::ROUTINE_ALREADY_EXISTS,
               fmt::format("Cannot create the routine {} because it already exists. Choose a "
                           "different name, drop or replace the existing routine, or add the IF "
                           "NOT EXISTS clause to tolerate a pre-existing routine.",
                           quoteNameParts(name)));
}

Error routineNotFound(const std::vector<std::string>& name) {
  return Error(ErrorClass::ROUTINE_NOT_FOUND,
               fmt::format("The routine {} cannot be found. Verify the spelling and correctness "
                           "of the schema and catalog. If you did not qualify the name with a "
                           "schema and catalog, verify the current_schema() output, or qualify "
                           "the name with the correct schema and catalog. To tolerate the error "
                           "on drop use DROP FUNCTION IF EXISTS.",
                           quoteNameParts(name)));
}

Error catalogNotFound(std::string_view catalog) {
  return Error(ErrorClass::CATALOG_NOT_FOUND,
               fmt::format("The catalog {} not found.", quoteName(catalog)));
}

}  // namespace sluice
