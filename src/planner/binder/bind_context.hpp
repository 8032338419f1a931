// src/planner/binder/bind_context.hpp
//
// What binding needs from outside the query: the session's temporary views, the session
// settings that change semantics (time zone), and the statement whose text errors point into.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/text/ascii_case.hpp"
#include "common/types/value.hpp"
#include "function/function.hpp"
#include "function/table/table_function.hpp"
#include "sql/ast/statement.hpp"

namespace sluice {

class Catalog;
struct CteBinding;
struct LogicalOperator;
struct OuterQuery;

//! A view defined in the session: its query stays parsed, kept alive by its statement.
class RelationResolver;
struct TableEntry;

struct TemporaryView {
  std::string name;
  std::shared_ptr<const sql::Statement> statement;
  const sql::Query* query = nullptr;
  std::vector<std::string> column_names;  // from CREATE VIEW v (a, b); empty: the query's own
  //! Applied to the view's bound plan where it is read (a pipeline's view adds its
  //! expectations); empty: the plan as bound.
  std::function<std::unique_ptr<LogicalOperator>(std::unique_ptr<LogicalOperator>)> decorate;
  //! A pipeline's view: the names of its query resolve through these (in the view's own
  //! catalog and schema); null: through the reader's.
  const RelationResolver* relations = nullptr;
  //! A pipeline's view: the session time zone its file's SET gave it, which its expressions
  //! keep wherever it is read (time_zone_pinning.hpp); null: the reader's.
  const TimeZone* time_zone = nullptr;
};

class ViewResolver {
 public:
  virtual ~ViewResolver() = default;
  //! The view named `name` (case-insensitive), or null.
  virtual const TemporaryView* findView(std::string_view name) const = 0;
};

//! The session variables (DECLARE VARIABLE) that expressions read: a name no column answers to
//! is a variable's, written `v`, `session.v` or `system.session.v`.
class VariableResolver {
 public:
  virtual ~VariableResolver() = default;
  //! The current value (with its type) of the variable `name` (folded), or null.
  virtual const Value* findVariable(const std::string& name) const = 0;
};

//! The variable a name written `v`, `session.v` or `system.session.v` (any case) means, folded;
//! empty for any other name.
inline std::optional<std::string> sessionVariableName(const std::vector<std::string>& parts) {
  bool qualified_right = (parts.size() == 1) ||
                         (parts.size() == 2 && sameIdentifier(parts[0], "session")) ||
                         (parts.size() == 3 && sameIdentifier(parts[0], "system") &&
                          sameIdentifier(parts[1], "session"));
  if (!qualified_right)
    return std::nullopt;
  return foldIdentifier(parts.back());
}

//! A SQL function (CREATE FUNCTION f(x INT) RETURN ...), kept parsed: the session's
//! temporary one, a pipeline's, or the catalog's.
struct SqlFunction {
  std::string name;
  std::shared_ptr<const sql::Statement> statement;  // the CREATE FUNCTION statement
  const sql::CreateFunctionStatement* definition = nullptr;
};

class FunctionResolver {
 public:
  virtual ~FunctionResolver() = default;
  //! The function `name` names (as written: f, s.f or c.s.f, case-insensitive) among those
  //! this resolver holds (the session's temporary functions, a pipeline's functions), or null;
  //! the catalog's are looked up after.
  virtual const SqlFunction* findFunction(const std::vector<std::string>& name) const = 0;
};

//! What a name of the pipeline that binds a query stands for: a dataset the pipeline stores
//! (its columns, and the source that reads it: its table, a slice of it for a streaming read,
//! or no rows while the graph is only validated), or a view whose query is inlined.
struct ResolvedRelation {
  std::optional<TableFunctionBinding> table;
  const TemporaryView* view = nullptr;
};

//! The datasets of a pipeline, which its flows read by name before the session's views and
//! the catalog's tables.
class RelationResolver {
 public:
  virtual ~RelationResolver() = default;
  //! The relation `name` (as written) names, read as a stream or not, with the read options
  //! written after it (`WITH (k = v)`); nullopt when the pipeline has no such dataset. Raises
  //! the pipeline's errors (a streaming read of a batch view, ...), which the binder locates
  //! at `location`.
  virtual std::optional<ResolvedRelation> resolve(const std::vector<std::string>& name, bool stream,
                                                  const std::vector<sql::Property>& options,
                                                  const SourceLocation& location) const = 0;
  //! `STREAM t` of a table of the catalog that is not a dataset of the pipeline (written by
  //! another pipeline or a query session): the commits the flow has not read yet.
  virtual TableFunctionBinding streamCatalogTable(
      const TableEntry& table, const std::vector<sql::Property>& options) const = 0;
};

struct BindContext {
  const ViewResolver* views = nullptr;
  //! The session's variables; null where there are none (pipelines).
  const VariableResolver* variables = nullptr;
  //! The session's or the pipeline's SQL functions, found before the catalog's; null where
  //! there are none.
  const FunctionResolver* functions = nullptr;
  //! Tables and persistent views by name; null when the storage folder has no catalog yet.
  const Catalog* catalog = nullptr;
  //! The table functions callable in FROM and the reader of the catalog's tables.
  const TableFunctionRegistry* table_functions = nullptr;
  //! A pipeline's datasets, found before views and the catalog; null outside a pipeline.
  const RelationResolver* relations = nullptr;
  //! Decides the files of a pipeline flow's streaming reads; null outside a pipeline.
  const FileStreamSelector* file_stream = nullptr;
  //! The folder relative paths of read_files are read from; empty: the current folder.
  std::string relative_path_base;
  ExecContext exec;
  //! While a subquery expression is bound: the query around it, whose columns its WHERE may
  //! name (planner/binder/subquery_binder.hpp); null elsewhere.
  OuterQuery* outer = nullptr;
  //! The common table expressions visible where the query binder stands, for the subqueries
  //! of its expressions; null when none.
  const CteBinding* const* ctes = nullptr;
};

//! One column visible to expressions: from a FROM item (qualified by its alias) or a view.
struct ScopeColumn {
  std::string qualifier;  // the table alias or name; empty for none
  std::string name;
  DataType type;
  //! Not part of `*` (the `_metadata` column of file scans); reachable by name only.
  bool hidden = false;
  //! Reachable only by a qualified name or star (t.k, t.*): the side's own copy of a USING or
  //! NATURAL join column, whose unqualified name means the join's output column.
  bool qualified_only = false;
};

using Scope = std::vector<ScopeColumn>;

}  // namespace sluice
