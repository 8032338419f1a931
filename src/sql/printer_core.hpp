// src/sql/printer_core.hpp
//
// The SqlPrinter class behind sql/printer.hpp, shared by printer.cpp (expressions, types,
// queries) and statement_printer.cpp (statements). Internal to src/sql.
//
// Layout: in PrintLayout::kOneLine everything is on one line. In PrintLayout::kPretty the
// clauses of a statement and of its top-level query (and of CTE bodies) start new lines,
// indented by two spaces per level; expressions, and the subqueries inside them or in FROM,
// stay on one line, so that the text stays close to what people write.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/text/name_quoting.hpp"
#include "sql/ast/cache_statement.hpp"
#include "sql/ast/catalog_statement.hpp"
#include "sql/ast/dml_statement.hpp"
#include "sql/ast/statement.hpp"
#include "sql/ast/variable_statement.hpp"
#include "sql/printer.hpp"

namespace sluice::sql {

// Precedence levels, loosest first; they follow the parser in expression_parser.cpp.
constexpr int kLambdaLevel = 0;
constexpr int kOrLevel = 1;
constexpr int kAndLevel = 2;
constexpr int kNotLevel = 3;
constexpr int kPredicateLevel = 4;
constexpr int kComparisonLevel = 5;
constexpr int kUnaryLevel = 12;
constexpr int kPrimaryLevel = 13;

bool isPlainWord(std::string_view name);
//! A dotted name with each part quoted as needed.
std::string joinName(const std::vector<std::string>& parts);

class SqlPrinter {
 public:
  explicit SqlPrinter(PrintLayout layout = PrintLayout::kOneLine)
      : pretty_(layout == PrintLayout::kPretty) {}

  std::string take() { return std::move(out_); }

  void statement(const Statement& statement);
  void query(const Query& query);
  void expr(const Expr& expr, int min_level);
  void dataType(const DataType& type);
  void fromItem(const TableRef& ref) { tableRef(ref, /*as_join_right=*/false); }

 private:
  // Layout (printer.cpp).
  //! Starts a new line at the current indentation in the pretty layout; a space otherwise.
  void lineBreak();
  //! Starts a new line in the pretty layout; nothing otherwise (inside parentheses).
  void softBreak();

  // Queries and expressions (printer.cpp).
  void body(const QueryBody& body);
  void setOperand(const QueryBody& operand, int parent_level, bool right);
  void select(const SelectBody& select);
  void rows(const std::vector<std::vector<ExprPtr>>& rows);
  void tableRef(const TableRef& ref, bool as_join_right);
  void tableRefCore(const TableRef& ref);
  void alias(const TableAlias& alias);
  void groupingElement(const GroupingElement& element);
  void windowSpec(const WindowSpec& spec);
  void frameBound(const WindowFrameBound& bound);
  void sortItems(const std::vector<SortItem>& items);
  void exprList(const std::vector<ExprPtr>& exprs, int min_level);
  void namedWindows(const std::vector<NamedWindow>& windows);
  void literal(const LiteralExpr& literal);
  void star(const StarExpr& star);
  void unary(const UnaryExpr& unary);
  void binary(const BinaryExpr& node);
  void logical(const BinaryExpr& node);
  void like(const LikeExpr& like);
  void caseExpr(const CaseExpr& case_expr);
  void jsonPath(const JsonPathExpr& path);
  void functionCall(const FunctionCallExpr& call);
  void alterTable(const AlterTableStatement& alter);
  void properties(const std::vector<Property>& properties);
  void nameList(const std::vector<std::string>& names);

  // Statements (statement_printer.cpp).
  void setStatement(const SetStatement& set);
  void createView(const CreateViewStatement& view);
  void createTable(const CreateTableStatement& table);
  void createFlow(const CreateFlowStatement& flow);
  void createFunction(const CreateFunctionStatement& function);
  void use(const UseStatement& use);
  void declareVariable(const DeclareVariableStatement& declare);
  void setVariable(const SetVariableStatement& set);
  //! SHOW, DESCRIBE, DROP TABLE / SCHEMA, CREATE SCHEMA, VACUUM, OPTIMIZE
  //! (catalog_statement_printer.cpp); each prints on one line in either layout.
  void catalogStatement(const Statement& statement);
  void tableTarget(const TableTarget& target);

  // INSERT, DELETE and UPDATE (dml_statement_printer.cpp).
  void dmlStatement(const Statement& statement);
  void mergeStatement(const MergeStatement& merge);
  void explain(const ExplainStatement& explain);
  void executeImmediate(const ExecuteImmediateStatement& execute);
  //! Opens a parenthesised list whose elements go one per line in the pretty layout.
  void openList();
  void listSeparator();
  void closeList();
  void expectation(const Expectation& expectation);
  void keyConstraint(const KeyConstraint& key, bool column_level);
  void columnSpec(const ColumnSpec& column);
  void tableSpec(const TableSpec& spec);
  void tableFlow(const FlowSpec& flow);
  void insertBody(const FlowSpec& flow, const std::vector<std::string>* target);
  void autoCdc(const AutoCdcSpec& cdc);
  void columnSelection(const ColumnSelection& selection);

  std::string out_;
  bool pretty_ = false;
  int indent_ = 0;
};

}  // namespace sluice::sql
