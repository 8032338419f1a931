// src/planner/binder/generator_binder.hpp
//
// Binds Spark's generators (explode, posexplode, inline, stack, json_tuple and the *_outer
// forms) wherever a query may call one: as an item of the select list, in LATERAL VIEW, and as
// a table-valued function in FROM. Each becomes a kGenerate over the rows it expands; the
// rules of where a generator may stand (one per SELECT, not nested in an expression, nowhere
// but the select list) raise Spark's UNSUPPORTED_GENERATOR errors.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "planner/binder/bind_context.hpp"
#include "planner/logical/logical_operator.hpp"
#include "sql/ast/query.hpp"

namespace sluice {

//! Whether `name` (in any case) is one of the generator functions.
bool isGeneratorName(std::string_view name);

//! `expr` as a generator call, or null when it is not one.
const sql::FunctionCallExpr* asGeneratorCall(const sql::Expr& expr);

class GeneratorBinder {
 public:
  GeneratorBinder(const BindContext& context, const sql::Statement& statement)
      : context_(context), statement_(statement) {}

  //! The index of the select item that is a generator call, or nullopt. Raises
  //! UNSUPPORTED_GENERATOR.MULTI_GENERATOR for two of them and NESTED_IN_EXPRESSIONS for a
  //! generator inside another expression of the list.
  std::optional<size_t> findInSelectList(const std::vector<sql::SelectItem>& items) const;

  //! Whether the only aggregation `select` asks for is SELECT DISTINCT (no GROUP BY, HAVING
  //! or aggregate calls): its generated rows can then be deduplicated.
  static bool aggregatesOnlyByDistinct(const sql::SelectBody& select);

  //! Raises UNSUPPORTED_GENERATOR.OUTSIDE_SELECT when WHERE, GROUP BY, HAVING, QUALIFY or
  //! `order` (the ORDER BY of the enclosing query, or null) calls a generator.
  void checkOutsideSelect(const sql::SelectBody& select,
                          const std::vector<sql::SortItem>* order) const;

  //! `input` with the rows `call` generates from each of its rows: its columns, then the
  //! generated ones, named by `aliases` when given. `scope` names `input`'s columns. `outer`
  //! (LATERAL VIEW OUTER) keeps a row of NULLs for an input row that generates none.
  LogicalOperatorPtr bind(const sql::FunctionCallExpr& call, bool outer,
                          const std::vector<std::string>& aliases, LogicalOperatorPtr input,
                          const Scope& scope) const;

  //! Applies each LATERAL VIEW in turn to `input`; the generated columns join `scope` under
  //! the view's table alias.
  LogicalOperatorPtr bindLateralViews(const std::vector<sql::LateralView>& views,
                                      LogicalOperatorPtr input, Scope& scope) const;

  //! One LATERAL VIEW (or LATERAL f(args) in FROM): `call` over each row of `input`, its
  //! generated columns added to `scope` under `table_alias`.
  LogicalOperatorPtr bindOverRows(const sql::FunctionCallExpr& call, bool outer,
                                  const std::string& table_alias,
                                  const std::vector<std::string>& column_aliases,
                                  LogicalOperatorPtr input, Scope& scope) const;

  //! A generator as a FROM item: its generated columns over a single row.
  LogicalOperatorPtr bindTableFunction(const sql::FunctionCallExpr& call) const;

 private:
  //! OUTSIDE_SELECT when `expr` calls a generator; `clause` names the operator it would have
  //! been in ("Filter", "Sort", ...), as Spark's message shows it.
  void checkOutsideSelect(const sql::Expr& expr, std::string_view clause) const;
  void checkGrouping(const sql::GroupingElement& element) const;
  //! NESTED_IN_EXPRESSIONS when an argument of `call` holds a generator.
  void checkArguments(const sql::FunctionCallExpr& call) const;

  const BindContext& context_;
  const sql::Statement& statement_;
};

}  // namespace sluice
