// src/session/function_catalogue_statements.cpp
//
// SHOW FUNCTIONS and DESCRIBE FUNCTION. The built-in functions come from the registries
// (function/function_catalogue.hpp); the user's are the session's temporary SQL functions and
// the persistent ones of a schema of the catalog, which Spark lists qualified
// (spark_catalog.default.f). DESCRIBE FUNCTION prints Spark's rows (Function, Class, Usage and,
// with EXTENDED, Extended Usage), one row per line of the extended usage.
#include <algorithm>

#include <fmt/format.h>

#include "catalog/catalog_errors.hpp"
#include "common/text/ascii_case.hpp"
#include "function/function_catalogue.hpp"
#include "planner/binder/sql_function_binder.hpp"
#include "session/catalog_statements.hpp"
#include "session/name_pattern.hpp"
#include "session/result_rows_builder.hpp"

namespace sluice {

namespace {

std::string_view builtinFunctionClass(BuiltinFunctionKind kind) {
  switch (kind) {
    case BuiltinFunctionKind::kScalar:
      return "sluice.function.scalar";
    case BuiltinFunctionKind::kAggregate:
      return "sluice.function.aggregate";
    case BuiltinFunctionKind::kBinderResolved:
      return "sluice.planner.binder";
  }
  return "";
}

//! Adds one row per line of `text`, each prefixed with `indent`.
void addIndentedLines(ResultRowsBuilder& rows, std::string_view text, std::string_view indent) {
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    std::string_view line = text.substr(start, end == std::string_view::npos ? end : end - start);
    rows.addRow({Value::string(std::string(indent) + std::string(line))});
    if (end == std::string_view::npos)
      break;
    start = end + 1;
  }
}

void describeBuiltinFunction(const BuiltinFunction& function, std::string_view name, bool extended,
                             ResultRowsBuilder& rows) {
  rows.addRow({Value::string(fmt::format("Function: {}", name))});
  rows.addRow({Value::string(fmt::format("Class: {}", builtinFunctionClass(function.kind)))});
  std::string usage = function.doc.usage.empty() ? std::string("N/A.")
                                                 : substituteFunctionName(function.doc.usage, name);
  rows.addRow({Value::string("Usage: " + usage)});
  if (!extended)
    return;
  rows.addRow({Value::string("Extended Usage:")});
  if (function.doc.arguments.empty() && function.doc.examples.empty()) {
    rows.addRow({Value::string(fmt::format("    No example/argument for {}.", name))});
    return;
  }
  if (!function.doc.arguments.empty()) {
    rows.addRow({Value::string("    Arguments:")});
    addIndentedLines(rows, substituteFunctionName(function.doc.arguments, name), "      ");
  }
  if (!function.doc.examples.empty()) {
    rows.addRow({Value::string("    Examples:")});
    addIndentedLines(rows, substituteFunctionName(function.doc.examples, name), "      ");
  }
}

void describeSqlFunction(const SqlFunction& function, std::string_view name, bool extended,
                         ResultRowsBuilder& rows) {
  const sql::CreateFunctionStatement& definition = *function.definition;
  rows.addRow({Value::string(fmt::format("Function: {}", name))});
  rows.addRow({Value::string("Type:     SCALAR")});
  std::string input;
  for (const sql::FunctionParameter& parameter : definition.parameters) {
    input += input.empty() ? "" : ", ";
    input += fmt::format("{} {}", parameter.name, parameter.type.sql());
  }
  rows.addRow({Value::string("Input:    " + input)});
  if (definition.returns)
    rows.addRow({Value::string("Returns:  " + definition.returns->sql())});
  if (extended && definition.comment)
    rows.addRow({Value::string("Comment:  " + *definition.comment)});
}

}  // namespace

StatementResult runShowFunctions(const sql::ShowFunctionsStatement& show, CatalogSession& session) {
  using Scope = sql::ShowFunctionsStatement::Scope;
  std::vector<std::string> names;
  if (show.scope != Scope::kSystem) {
    for (const auto& [name, function] : session.temporaryFunctions())
      names.push_back(name);
    if (Catalog* catalog = session.existingCatalog()) {
      auto [catalog_name, schema] =
          show.schema.empty() ? std::pair(catalog->currentCatalog(), catalog->currentSchema())
                              : catalog->qualifySchema(show.schema);
      if (!catalog->findSchema(catalog_name, schema))
        throw schemaNotFound(catalog_name, schema);
      for (const FunctionEntry& entry : catalog->listFunctions(catalog_name, schema))
        names.push_back(entry.name.toString());
    }
  }
  if (show.scope != Scope::kUser) {
    for (const BuiltinFunction& function : builtinFunctionCatalogue())
      names.push_back(function.name);
  }
  if (show.pattern) {
    // A qualified user function matches by its own name, as in Spark.
    NamePattern matcher(*show.pattern);
    std::erase_if(names, [&](const std::string& name) {
      size_t dot = name.rfind('.');
      bool qualified = dot != std::string::npos && name.size() > 1;
      return !matcher.matches(qualified ? std::string_view(name).substr(dot + 1) : name);
    });
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  ResultRowsBuilder rows({"function"}, {DataType::string()});
  for (const std::string& name : names)
    rows.addRow({Value::string(name)});
  return rows.finish();
}

StatementResult runDescribeFunction(const sql::DescribeFunctionStatement& describe,
                                    CatalogSession& session) {
  ResultRowsBuilder rows({"function_desc"}, {DataType::string()});
  // Spark's search path: built-in functions, then the session's, then the catalog's.
  if (describe.name.size() == 1) {
    std::string name = foldIdentifier(describe.name[0]);
    if (std::optional<BuiltinFunction> builtin = findBuiltinFunction(name)) {
      describeBuiltinFunction(*builtin, name, describe.extended, rows);
      return rows.finish();
    }
  }
  BindContext context = session.bindContext();
  if (std::optional<SqlFunction> function = findSqlFunction(context, describe.name)) {
    // A temporary function keeps its one-part name; a persistent one is shown qualified.
    bool temporary = describe.name.size() == 1 &&
                     session.temporaryFunctions().count(foldIdentifier(describe.name[0])) > 0;
    std::string name = temporary || context.catalog == nullptr
                           ? function->name
                           : context.catalog->qualify(describe.name).toString();
    describeSqlFunction(*function, name, describe.extended, rows);
    return rows.finish();
  }
  std::string schema =
      quoteNameParts({std::string(Catalog::kDefaultCatalog), std::string(Catalog::kDefaultSchema)});
  if (context.catalog != nullptr)
    schema = quoteNameParts({context.catalog->currentCatalog(), context.catalog->currentSchema()});
  throwError(ErrorClass::UNRESOLVED_ROUTINE,
             "Cannot resolve routine {} on search path [`system`.`builtin`, `system`.`session`, "
             "{}].",
             quoteNameParts(describe.name), schema);
}

}  // namespace sluice
