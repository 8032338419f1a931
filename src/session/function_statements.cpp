// src/session/function_statements.cpp

#include "session/function_statements.hpp"

#include <fmt/format.h>

#include "catalog/catalog_errors.hpp"
#include "planner/binder/sql_function_binder.hpp"
#include "sql/printer.hpp"

namespace sluice {

StatementResult runCreateCatalogFunction(const std::shared_ptr<const sql::Statement>& statement,
                                         CatalogSession& session) {
  const auto& create = statement->as<sql::CreateFunctionStatement>();
  Catalog& catalog = session.catalog();
  QualifiedTableName name = catalog.qualify(create.name);
  if (!catalog.findSchema(name.catalog, name.schema))
    throw schemaNotFound(name.catalog, name.schema);
  std::optional<FunctionEntry> existing = catalog.findFunction(name);
  if (existing && !create.or_replace) {
    if (create.if_not_exists)
      return {};
    throw routineAlreadyExists({name.catalog, name.schema, name.table});
  }
  BindContext context = session.bindContext();
  auto is_temporary = [&](const std::vector<std::string>& called) {
    return context.functions != nullptr && context.functions->findFunction(called) != nullptr;
  };
  if (const sql::FunctionCallExpr* call = findTemporaryFunctionCall(*create.body, is_temporary)) {
    throw temporaryFunctionReference(name.quoted(), call->name[0])
        .withLocation(statement->locate(call->position));
  }
  SqlFunction function{create.name.back(), statement, &create};
  checkSqlFunctionDefinition(context, function);
  // A replaced function keeps its owner: the pipeline that defines it publishes it again.
  catalog.createFunction(
      FunctionEntry{name, sql::printStatement(create), existing ? existing->pipeline_id : "", 0},
      /*replace=*/create.or_replace);
  return {};
}

StatementResult runDropCatalogFunction(const sql::DropFunctionStatement& drop,
                                       CatalogSession& session) {
  Catalog* catalog = session.existingCatalog();
  if (catalog != nullptr && catalog->dropFunction(catalog->qualify(drop.name)))
    return {};
  if (drop.if_exists)
    return {};
  throw routineNotFound(drop.name);
}

}  // namespace sluice
