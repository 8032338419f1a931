// src/session/session_variables.cpp
#include "session/session_variables.hpp"

#include <fmt/format.h>

#include <map>
#include <set>

#include "catalog/catalog_entry.hpp"
#include "common/error/error.hpp"
#include "function/cast/cast.hpp"
#include "planner/binder/subquery_binder.hpp"
#include "planner/logical/logical_operator.hpp"
#include "session/located.hpp"
#include "sql/parser/multipart_name.hpp"
#include "sql/printer.hpp"

namespace sluice {

namespace {

//! `system`.`session`.`v`, as Spark names a variable in its errors.
std::string qualifiedName(const std::string& name) {
  return quoteNameParts({"system", "session", name});
}

//! The values of the one row of `output`, NULLs when it has none; ROW_SUBQUERY_TOO_MANY_ROWS
//! for more.
std::vector<Value> oneRow(const QueryOutput& output) {
  std::vector<Value> values;
  size_t rows = 0;
  for (const Batch& batch : output.batches) {
    if (batch.num_rows == 0)
      continue;
    rows += batch.num_rows;
    if (rows > 1)
      break;
    for (const Vector& column : batch.columns)
      values.push_back(column.getValue(0));
  }
  if (rows > 1)
    throw Error(ErrorClass::ROW_SUBQUERY_TOO_MANY_ROWS,
                "More than one row returned by a row subquery.");
  if (rows == 0) {
    for (const DataType& type : output.column_types)
      values.push_back(Value::null(type));
  }
  return values;
}

//! `value` stored in a variable of `type`: cast as Spark's store assignment does (ANSI).
Value storeAs(const Value& value, const DataType& type, const ExecContext& context) {
  if (value.type() == type)
    return value;
  return castValue(context, value, type);
}

[[noreturn]] void failArity(size_t targets, size_t values) {
  throw Error(ErrorClass::ASSIGNMENT_ARITY_MISMATCH,
              fmt::format("The number of columns or variables assigned or aliased: {} does not "
                          "match the number of source expressions: {}.",
                          targets, values));
}

}  // namespace

const Value* SessionVariables::findVariable(const std::string& name) const {
  auto found = variables_.find(name);
  return found == variables_.end() ? nullptr : &found->second.value;
}

Error unresolvedVariableError(const std::vector<std::string>& name) {
  return Error(ErrorClass::UNRESOLVED_VARIABLE,
               fmt::format("Cannot resolve variable {} on search path `system`.`session`.",
                           quoteNameParts(name)));
}

std::string SessionVariables::resolveName(const sql::Statement& statement,
                                          const std::vector<std::string>& name) {
  std::optional<std::string> folded = sessionVariableName(name);
  if (!folded)
    throw unresolvedVariableError(name).withLocation(statement.locate(statement.position));
  return *folded;
}

std::vector<SessionVariables::Variable*> SessionVariables::assignmentTargets(
    const sql::Statement& statement, const std::vector<std::vector<std::string>>& names) {
  // Spark names a target given twice as first written.
  std::map<std::string, const std::vector<std::string>*> first_written;
  for (const std::vector<std::string>& name : names) {
    auto [first, inserted] = first_written.emplace(resolveName(statement, name), &name);
    if (!inserted) {
      throw Error(ErrorClass::DUPLICATE_ASSIGNMENTS,
                  fmt::format("The columns or variables {} appear more than once as assignment "
                              "targets.",
                              quoteNameParts({first->second->back()})))
          .withLocation(statement.locate(statement.position));
    }
  }
  std::vector<Variable*> targets;
  for (const std::vector<std::string>& name : names) {
    auto found = variables_.find(resolveName(statement, name));
    if (found == variables_.end())
      throw unresolvedVariableError(name).withLocation(statement.locate(statement.position));
    targets.push_back(&found->second);
  }
  return targets;
}

Value SessionVariables::defaultValue(const Variable& variable, CatalogSession& session) {
  const auto& declare = variable.declaration->as<sql::DeclareVariableStatement>();
  if (!declare.default_query)
    return Value::null(variable.value.type());
  ExecContext context = session.bindContext().exec;
  return locatedAt(*variable.declaration, [&] {
    Value value = oneRow(session.executeQuery(*variable.declaration, *declare.default_query))[0];
    return declare.type ? storeAs(value, *declare.type, context) : value;
  });
}

StatementResult SessionVariables::declare(const std::shared_ptr<const sql::Statement>& statement,
                                          CatalogSession& session) {
  const auto& declare = statement->as<sql::DeclareVariableStatement>();
  std::vector<std::string> keys;
  std::set<std::string> seen;
  for (const std::vector<std::string>& name : declare.names) {
    keys.push_back(resolveName(*statement, name));
    if (!seen.insert(keys.back()).second) {
      throw Error(ErrorClass::DUPLICATE_VARIABLE_NAME_INSIDE_DECLARE,
                  fmt::format("Found duplicate variables {}.", qualifiedName(keys.back())))
          .withLocation(statement->locate(statement->position));
    }
  }
  if (!declare.or_replace) {
    for (const std::string& key : keys) {
      if (variables_.count(key)) {
        throw Error(ErrorClass::VARIABLE_ALREADY_EXISTS,
                    fmt::format("Cannot create the variable {} because it already exists. Choose "
                                "a different name, or drop or replace the existing variable.",
                                qualifiedName(key)))
            .withLocation(statement->locate(statement->position));
      }
    }
  }
  if (declare.default_query) {
    const sql::Expr& expr = *declare.default_query->body->as<sql::SelectBody>().items[0].expr;
    if (containsSubquery(expr)) {
      throw Error(ErrorClass::INVALID_DEFAULT_VALUE, "SUBQUERY_EXPRESSION",
                  fmt::format("Failed to execute DECLARE VARIABLE command because the "
                              "destination column or variable {} has a DEFAULT value {} which "
                              "contains subquery expressions.",
                              qualifiedName(keys[0]), sql::printExpression(expr)))
          .withLocation(statement->locate(statement->position));
    }
  }
  // One default for every name: DECLARE a, b DEFAULT rand() gives both the same value.
  Variable variable{Value::null(declare.type.value_or(DataType::voidType())), statement};
  variable.value = defaultValue(variable, session);
  for (const std::string& key : keys)
    variables_.insert_or_assign(key, variable);
  return {};
}

StatementResult SessionVariables::set(const sql::SetVariableStatement& statement,
                                      CatalogSession& session) {
  std::vector<Variable*> targets = assignmentTargets(statement, statement.names);
  if (statement.row_form) {
    size_t columns = session.bindQuery(statement, *statement.query)->column_types.size();
    if (columns != targets.size())
      locatedAt(statement, [&] { failArity(targets.size(), columns); });
  }
  ExecContext context = session.bindContext().exec;
  std::vector<Value> values = locatedAt(
      statement, [&] { return oneRow(session.executeQuery(statement, *statement.query)); });
  for (size_t i = 0; i < targets.size(); ++i) {
    if (!statement.row_form && statement.to_default[i])
      values[i] = defaultValue(*targets[i], session);
    const DataType& type = targets[i]->value.type();
    values[i] = locatedAt(statement, [&] { return storeAs(values[i], type, context); });
  }
  // All values are computed before any is assigned: SET VARIABLE a = b, b = a swaps them.
  for (size_t i = 0; i < targets.size(); ++i)
    targets[i]->value = std::move(values[i]);
  return {};
}

StatementResult SessionVariables::drop(const sql::DropVariableStatement& statement) {
  std::string key = resolveName(statement, statement.name);
  if (variables_.erase(key) == 0 && !statement.if_exists) {
    throw Error(ErrorClass::VARIABLE_NOT_FOUND,
                fmt::format("The variable {} cannot be found. Verify the spelling and correctness "
                            "of the schema and catalog. If you did not qualify the name with a "
                            "schema and catalog, verify the current_schema() output, or qualify "
                            "the name with the correct schema and catalog. To tolerate the error "
                            "on drop use DROP VARIABLE IF EXISTS.",
                            qualifiedName(key)))
        .withLocation(statement.locate(statement.position));
  }
  return {};
}

void SessionVariables::assignRow(const sql::Statement& statement,
                                 const std::vector<std::vector<std::string>>& names,
                                 const QueryOutput& output, const ExecContext& context) {
  std::vector<Variable*> targets = assignmentTargets(statement, names);
  locatedAt(statement, [&] {
    if (output.column_types.size() != targets.size())
      failArity(targets.size(), output.column_types.size());
    std::vector<Value> values = oneRow(output);
    for (size_t i = 0; i < targets.size(); ++i)
      values[i] = storeAs(values[i], targets[i]->value.type(), context);
    for (size_t i = 0; i < targets.size(); ++i)
      targets[i]->value = std::move(values[i]);
  });
}

void SessionVariables::checkNotVariable(const sql::SetStatement& statement) const {
  std::optional<std::vector<std::string>> parts = sql::parseMultipartName(statement.key);
  std::optional<std::string> name = parts ? sessionVariableName(*parts) : std::nullopt;
  if (!name || !variables_.count(*name))
    return;
  std::string written = quoteNameParts(*parts);
  throw Error(ErrorClass::UNSUPPORTED_FEATURE, "SET_VARIABLE_USING_SET",
              fmt::format("The feature is not supported: {} is a VARIABLE and cannot be updated "
                          "using the SET statement. Use SET VARIABLE {} = ... instead.",
                          written, written))
      .withLocation(statement.locate(statement.position));
}

}  // namespace sluice
