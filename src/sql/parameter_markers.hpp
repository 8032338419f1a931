// src/sql/parameter_markers.hpp
//
// The values bound to a statement's parameter markers, Spark's named `:name` and positional `?`
// (spark.sql(sqlText, args), EXECUTE IMMEDIATE ... USING, `sluice query --param`), and the
// session variables an identifier clause may name. The parser
// replaces each marker, where an expression is expected, by its value parsed as an expression,
// so the statement is bound and printed as if the value had been written there: a view or a
// function created with markers keeps the values. A `:` after an expression stays the JSON
// path operator (j:a) and `::` a cast.
//
// This is not the ${name} substitution of pipeline files (sql/parameter_substitution.hpp),
// which replaces text before lexing.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sql/source_text.hpp"

namespace sluice::sql {

//! The SQL text of each value: a constant expression, checked by whoever built the bindings.
struct ParameterValues {
  //! Values of named markers by name (case-sensitive, as in Spark).
  std::map<std::string, std::string> named;
  //! Values of positional markers, in order.
  std::vector<std::string> positional;
  //! EXECUTE IMMEDIATE: the USING values without AS name, which a query with named markers
  //! refuses (ALL_PARAMETERS_MUST_BE_NAMED); they are in `positional` too.
  std::vector<std::string> unnamed;
  //! IDENTIFIER(v) of a session variable `v` (its name's parts as written): the SQL text of the
  //! variable's value, or nullopt when no variable has the name. Unset where a statement has no
  //! session variables (pipeline files).
  std::function<std::optional<std::string>(const std::vector<std::string>& name)> variable_text;

  bool empty() const { return named.empty() && positional.empty(); }
};

//! What the parser found of the markers of one statement, checked once it is parsed.
class ParameterMarkerUse {
 public:
  explicit ParameterMarkerUse(const ParameterValues* values) : values_(values) {}

  //! The value text of the named marker `:name` at `at`, or nullopt when unbound.
  std::optional<std::string> named(const std::string& name, const SourceLocation& at);
  //! The value text of the positional marker at `at` (byte `offset` of its statement), the
  //! `index`-th (from 0) of the statement.
  std::optional<std::string> positional(size_t index, uint32_t offset, const SourceLocation& at);
  //! The value text of the session variable `name` for IDENTIFIER(name), or nullopt.
  std::optional<std::string> variable(const std::vector<std::string>& name) const {
    if (values_ == nullptr || !values_->variable_text)
      return std::nullopt;
    return values_->variable_text(name);
  }

  //! Raises INVALID_QUERY_MIXED_QUERY_PARAMETERS when values were given to a statement with
  //! both kinds of markers, ALL_PARAMETERS_MUST_BE_NAMED when unnamed values were given to one
  //! with named markers, and UNBOUND_SQL_PARAMETER at the first marker left without a value.
  void check() const;

 private:
  const ParameterValues* values_;
  bool named_seen_ = false;
  bool positional_seen_ = false;
  std::optional<std::string> unbound_name_;
  std::optional<SourceLocation> unbound_at_;
};

}  // namespace sluice::sql
