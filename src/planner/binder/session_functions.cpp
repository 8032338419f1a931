// src/planner/binder/session_functions.cpp

#include "planner/binder/session_functions.hpp"

#include "catalog/catalog.hpp"
#include "common/error/error.hpp"
#include "planner/binder/bind_context.hpp"

namespace sluice {

std::optional<Value> sessionFunctionValue(std::string_view name, size_t argument_count,
                                          const Catalog* catalog) {
  bool wants_catalog = sameIdentifier(name, "current_catalog");
  bool wants_schema =
      sameIdentifier(name, "current_database") || sameIdentifier(name, "current_schema");
  if (!wants_catalog && !wants_schema)
    return std::nullopt;
  if (argument_count != 0) {
    throw Error(ErrorClass::WRONG_NUM_ARGS, "WITHOUT_SUGGESTION",
                fmt::format("The `{}` requires 0 parameters but the actual number is {}.",
                            foldIdentifier(name), argument_count));
  }
  if (wants_catalog)
    return Value::string(catalog ? catalog->currentCatalog()
                                 : std::string(Catalog::kDefaultCatalog));
  return Value::string(catalog ? catalog->currentSchema() : std::string(Catalog::kDefaultSchema));
}

}  // namespace sluice
