// src/session/session.hpp
//
// A session runs SQL text statement by statement against one catalog and configuration, as a
// Spark session does: a temporary view or a SET made by one statement is seen by the next.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "function/table/table_function.hpp"
#include "session/statement_result.hpp"

namespace sluice {

struct SessionOptions {
  //! The folder where tables and the catalog live (created on first use).
  std::string storage_dir = ".sluice";
  //! The current catalog and schema when the catalog opens (a pipeline's, for `sluice query
  //! --spec`; created if missing); empty: Spark's defaults, spark_catalog and default.
  std::string current_catalog;
  std::string current_schema;
  //! The table functions queries may call; null: the built-in ones.
  std::shared_ptr<const TableFunctionRegistry> table_functions;
};

//! Values for the parameter markers of the SQL text, as spark.sql(sqlText, args) takes them:
//! each is the text of a constant SQL expression ("5", "DATE'2024-01-01'", "array(1, 2)"),
//! bound to `:name` markers by name or to `?` markers in order (counted from the first of each
//! statement). A value that is not constant fails with INVALID_SQL_ARG naming it.
struct QueryParameters {
  std::map<std::string, std::string> named;
  std::vector<std::string> positional;
};

class SessionState;

class Session {
 public:
  explicit Session(SessionOptions options = {});
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  //! Parses `sql` (one or more statements separated by ';') and runs them in order, returning
  //! one result per statement. Throws Error on the first failure; statements before it have
  //! taken effect. `source_name` names the text in error locations ("<query>" or a path).
  std::vector<StatementResult> execute(std::string_view sql,
                                       std::string_view source_name = "<query>");
  //! Runs the statements of `sql` one at a time, handing each result to `on_result` before the
  //! next statement is parsed. Throws Error on the first failure, after the results of the
  //! statements before it have been handed over.
  void execute(std::string_view sql, std::string_view source_name,
               const std::function<void(StatementResult&&)>& on_result);
  //! As above, with values for the text's parameter markers.
  void execute(std::string_view sql, std::string_view source_name,
               const QueryParameters& parameters,
               const std::function<void(StatementResult&&)>& on_result);
  //! SET key = value, as the statement does, for settings given beside the SQL text (the
  //! command line's --conf). Throws Error for a value the setting does not take.
  void set(const std::string& key, const std::string& value);

 private:
  std::unique_ptr<SessionState> state_;
};

}  // namespace sluice
