// src/sql/parser/token_parser.hpp
//
// The recursive-descent parser of Spark SQL, over the tokens of one statement (or of one
// expression, type or column list). Its member functions live in one file per grammar family:
// token_parser.cpp (cursor, names, errors), expression_parser.cpp, query_parser.cpp,
// type_parser.cpp, statement_parser.cpp, pipeline_parser.cpp (CREATE TABLE / STREAMING TABLE /
// MATERIALIZED VIEW / FLOW, AUTO CDC, USE), table_spec_parser.cpp (column lists and table
// clauses) and catalog_parser.cpp (SHOW, DESCRIBE, DROP TABLE / SCHEMA, CREATE SCHEMA, VACUUM,
// OPTIMIZE). Internal to src/sql: use sql/parser/parser.hpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sql/ast/catalog_statement.hpp"
#include "sql/ast/dml_statement.hpp"
#include "sql/ast/statement.hpp"
#include "sql/ast/variable_statement.hpp"
#include "sql/parameter_markers.hpp"
#include "sql/token.hpp"

namespace sluice::sql {

class TokenParser {
 public:
  //! `tokens` must end with a kEnd token and point into `source`. `parameter_values` binds
  //! the parameter markers (null: none given, so a marker is unbound).
  TokenParser(SourceTextPtr source, std::vector<Token> tokens,
              const ParameterValues* parameter_values = nullptr);

  //! Parses the tokens as exactly one statement.
  StatementPtr parseWholeStatement();
  //! Parses the tokens as one expression with an optional alias (an AliasExpr).
  ExprPtr parseWholeExpression();
  //! Parses the tokens as one data type.
  DataType parseWholeDataType();
  //! Parses the tokens as `name type [NOT NULL] [COMMENT 'text'], ...`.
  std::vector<StructField> parseWholeColumnList();

 private:
  friend class DepthGuard;

  // Cursor (token_parser.cpp).
  const Token& peek(size_t ahead = 0) const;
  const Token& current() const { return peek(0); }
  const Token& advance();
  bool atEnd() const { return current().kind == TokenKind::kEnd; }
  bool check(TokenKind kind) const { return current().kind == kind; }
  bool checkKeyword(Keyword keyword) const { return current().isKeyword(keyword); }
  bool match(TokenKind kind);
  bool matchKeyword(Keyword keyword);
  const Token& expect(TokenKind kind);
  void expectKeyword(Keyword keyword);
  void expectEnd();
  //! Whether the token `ahead` is the plain word `upper` (a word that is not a keyword), in
  //! any case.
  bool checkWord(std::string_view upper, size_t ahead = 0) const;
  bool matchWord(std::string_view upper);
  void expectWord(std::string_view upper);

  // Errors (token_parser.cpp).
  [[noreturn]] void fail(const Token& at, std::string_view hint = {}) const;
  [[noreturn]] void failWith(ErrorClass error_class, const Token& at, std::string message) const;
  [[noreturn]] void failNotSupported(const Token& at, std::string_view what) const;
  [[noreturn]] void failTooComplex() const;
  //! Counts one more link of a binary operator chain (a + b + c ...); `links` counts the
  //! chain being built. Such chains are walked iteratively by the printer and equality.
  void countOperatorLink(uint32_t& links) const;
  //! Counts one more postfix accessor, join or set operation. These chains deepen the tree
  //! without deepening the parser's recursion, so their total per statement is limited.
  void countNestingLink();

  // Names (token_parser.cpp).
  bool isIdentifier(const Token& token) const;
  bool isAnyName(const Token& token) const;
  bool isImplicitAlias(const Token& token) const;
  std::string parseIdentifier(std::string_view what = "a name");
  std::string parseAnyName(std::string_view what = "a name");
  std::vector<std::string> parseIdentifierList();
  //! a.b.c for tables and views, refusing unquoted names with dashes (INVALID_IDENTIFIER).
  std::vector<std::string> parseTableName();
  void checkDashedName(const Token& first);
  //! The collation name after COLLATE (UTF8_LCASE, SYSTEM.BUILTIN.UTF8_BINARY): parts joined
  //! with dots, as written; a name that is no collation fails here, located at the name.
  std::string parseCollationName();
  std::string parseStringValue();
  std::vector<Property> parsePropertyList();

  // Lookahead (token_parser.cpp).
  size_t matchingParen(size_t open_index) const;
  //! True when the '(' at `open_index` opens a query: (SELECT ...), ((SELECT ...) UNION ...).
  bool parenStartsQuery(size_t open_index) const;
  bool startsQuery(const Token& token) const;
  size_t countArguments(size_t open_index) const;

  // Expressions (expression_parser.cpp).
  ExprPtr parseExpression();
  ExprPtr parseOr();
  ExprPtr parseAnd();
  ExprPtr parseNot();
  ExprPtr continueBoolean(ExprPtr value);
  ExprPtr parsePredicateTail(ExprPtr operand);
  ExprPtr parseValue(int min_level);
  ExprPtr parseUnary();
  ExprPtr parsePostfix(ExprPtr base);
  ExprPtr parsePrimary();
  ExprPtr parseWordPrimary();
  ExprPtr parseParenthesized();
  ExprPtr parseNumber(bool negative);
  ExprPtr parseStringLiteral();
  ExprPtr parseTypedLiteral();
  ExprPtr parseIntervalLiteral();
  bool startsIntervalValue(size_t ahead) const;
  IntervalPart parseIntervalValue();
  ExprPtr parseCase();
  ExprPtr parseCast();
  ExprPtr parseLambda();
  std::unique_ptr<FunctionCallExpr> parseFunctionCall(std::vector<std::string> name,
                                                      SourcePosition start);
  void parseCallArguments(FunctionCallExpr& call, ExprPtr first_argument);
  void parseCallSuffixes(FunctionCallExpr& call);
  ExprPtr parseFunctionArgument(bool allow_alias);
  ExprPtr parseSpecialFunction();
  std::unique_ptr<WindowSpec> parseWindowSpec();
  WindowFrameBound parseFrameBound();
  std::vector<SortItem> parseSortItems();
  std::vector<ExprPtr> parseExpressionList();
  std::vector<JsonPathStep> parseJsonPath();

  // Queries and FROM items (query_parser.cpp).
  QueryPtr parseQuery();
  CommonTableExpr parseCommonTableExpr();
  QueryBodyPtr parseQueryTerm(int min_level);
  QueryBodyPtr parseQueryPrimary();
  void parseQueryClauses(Query& query);
  QueryBodyPtr parseSelect();
  void parseHint(std::vector<Hint>& hints);
  SelectItem parseSelectItem();
  std::vector<NamedWindow> parseWindowClause();
  bool startsWindowClause() const;
  GroupByClause parseGroupBy();
  GroupingElement parseGroupingElement();
  GroupingElement parseGroupingSetItem();
  LateralView parseLateralView();
  std::vector<std::vector<ExprPtr>> parseValuesRows();
  TableRefPtr parseRelation();
  TableRefPtr parseRelationPrimary();
  //! input PIVOT (...), PIVOT the current token.
  TableRefPtr parsePivot(TableRefPtr input);
  //! input UNPIVOT ..., UNPIVOT the current token.
  TableRefPtr parseUnpivot(TableRefPtr input);
  TableRefPtr parseNamedOrFunctionRef();
  std::optional<TimeTravel> parseTimeTravel();
  std::unique_ptr<TableSample> parseTableSample();
  std::unique_ptr<Watermark> parseWatermark();
  void parseTableAlias(TableAlias& alias);

  // Types (type_parser.cpp).
  DataType parseDataType();
  StructField parseColumnDefinition(bool colon_allowed);
  void expectTypeClose();
  int parseTypeInteger();
  //! GEOMETRY(srid | ANY) or GEOGRAPHY(srid | ANY), at its name.
  DataType parseSpatialType();

  // Statements (statement_parser.cpp).
  //! The words between CREATE and the object: OR REPLACE, OR REFRESH, TEMPORARY, PRIVATE.
  struct CreateModifiers {
    const Token* or_replace = nullptr;
    const Token* or_refresh = nullptr;
    const Token* temporary = nullptr;
    const Token* is_private = nullptr;
  };
  StatementPtr parseStatement();
  StatementPtr parseSet();
  StatementPtr parseReset();
  StatementPtr parseCreate();
  StatementPtr parseCreateView(const Token& create, const CreateModifiers& modifiers, bool live);
  StatementPtr parseDrop();
  StatementPtr parseDropFunction(const Token& drop);
  // Session variables (variable_parser.cpp).
  std::vector<std::string> parseVariableName();
  StatementPtr parseDeclareVariable();
  StatementPtr parseSetVariable(const Token& set);
  StatementPtr parseDropVariable(const Token& drop);
  //! Raises Spark's error for CREATE TEMPORARY VIEW with a qualified name (at its first token):
  //! TEMP_VIEW_NAME_TOO_MANY_NAME_PARTS for two parts, IDENTIFIER_TOO_MANY_NAME_PARTS for more.
  [[noreturn]] void rejectQualifiedTemporaryViewName(const std::vector<std::string>& name,
                                                     const Token& at) const;
  // Cache statements (cache_parser.cpp).
  StatementPtr parseCacheTable();
  StatementPtr parseUncacheTable();
  StatementPtr parseClearCache();
  StatementPtr parseRefresh();
  StatementPtr parseExplain();
  //! Fails with INVALID_SQL_SYNTAX when `modifier` was written: "{words} cannot be used with
  //! {statement}."
  void rejectModifier(const Token* modifier, std::string_view statement) const;
  [[noreturn]] void failDuplicateClause(const Token& at, std::string_view clause) const;
  Expectation parseExpectation();

  // Pipeline statements (pipeline_parser.cpp).
  StatementPtr parseCreateTable(const Token& create, const CreateModifiers& modifiers,
                                TableKind kind);
  void parseTableFlowClause(CreateTableStatement& statement);
  void checkSingleFlow(const Token& flow_start);
  StatementPtr parseCreateFlow(const Token& create, const CreateModifiers& modifiers);
  void parseInsertFlow(CreateFlowStatement& statement);
  void parseCdcFlow(CreateFlowStatement& statement);
  StatementPtr parseStandaloneCdc();
  void parseAutoCdcSpec(AutoCdcSpec& cdc);
  TableRefPtr parseCdcSource();
  ColumnSelection parseColumnSelection();
  [[noreturn]] void refuseReplaceFlow(const Token& replace);
  StatementPtr parseCreateFunction(const Token& create, const CreateModifiers& modifiers);
  StatementPtr parseUse();

  // Catalog statements (catalog_parser.cpp).
  StatementPtr parseShow();
  StatementPtr parseDescribe();
  StatementPtr parseVacuum();
  StatementPtr parseOptimize();
  StatementPtr parseReorg();
  StatementPtr parseCreateSchema(const Token& create, const CreateModifiers& modifiers);
  StatementPtr parseDropTable(const Token& drop);
  StatementPtr parseDropSchema(const Token& drop);

  // ALTER TABLE and RESTORE (alter_parser.cpp).
  StatementPtr parseAlterTable();
  StatementPtr parseRestore();
  AddedColumn parseAddedColumn();
  //! One column name of ALTER TABLE; nested fields (a.b) are refused as not supported.
  std::string parseAlterColumnName();
  //! A table name, or a table folder's path as a string.
  TableTarget parseTableTarget();
  //! [LIKE] 'pattern' at the end of SHOW; nullopt when absent.
  std::optional<std::string> parseShowPattern();
  //! True when the current token is `keyword` and a name follows, so that the keyword is not
  //! itself the name (DESCRIBE history is the table `history`).
  bool checkKeywordBeforeName(Keyword keyword) const;

  // INSERT, DELETE, UPDATE and MERGE (dml_parser.cpp).
  StatementPtr parseInsert();
  StatementPtr parseDelete();
  StatementPtr parseUpdate();
  StatementPtr parseMerge();
  MergeClause parseMergeClause();
  std::vector<PartitionValue> parsePartitionValues();
  //! [AS] alias after the target of DELETE / UPDATE / MERGE; empty when none.
  std::string parseTargetAlias();
  //! c = e [, ...] of SET (UPDATE and MERGE's UPDATE SET).
  std::vector<Assignment> parseAssignments();

  // Column lists and table clauses (table_spec_parser.cpp).
  void parseTableElements(TableSpec& spec);
  ColumnSpec parseColumnSpec();
  [[noreturn]] void failGeneratedWithDefault(const Token& at, std::string_view column) const;
  bool startsColumnProperty(const Token& token) const;
  KeyConstraint parseKeyConstraint(std::string name, bool column_level);
  IdentitySpec parseIdentity(bool always);
  //! Parses one table clause into `spec`; false when the current token starts none.
  bool parseTableClause(TableSpec& spec);
  void refuseSchedule(const Token& start);
  std::string parseSignedInteger(std::string_view what);

  // Parameter markers and EXECUTE IMMEDIATE (parameter_marker_parser.cpp).
  //! Whether the current token starts a parameter marker: `?`, or `:` and a name.
  bool startsParameterMarker() const;
  //! The marker's value parsed as an expression at the marker's position (a NULL literal
  //! when unbound; the statement then fails once parsed).
  ExprPtr parseParameterMarker();
  StatementPtr parseExecuteImmediate();
  //! How many `?` markers the statement has before token `token_index`, those that
  //! expandIdentifierClauses resolved included.
  size_t positionalMarkersBefore(size_t token_index) const;

  // The identifier clause (identifier_clause_parser.cpp).
  //! Replaces each IDENTIFIER(strExpr) by the parts of the name it gives.
  void expandIdentifierClauses();
  //! NOT_A_CONSTANT_STRING at a part of an identifier clause that is no string.
  [[noreturn]] void failNotConstantString(const Token& at) const;

  SourceTextPtr source_;
  ParameterMarkerUse parameter_markers_;
  std::vector<Token> tokens_;
  std::vector<uint32_t> paren_match_;  // index of the matching ')' for each '(' (or npos)
  //! (token index, `?` markers before it) where an identifier clause took markers away.
  std::vector<std::pair<size_t, size_t>> question_shifts_;
  size_t index_ = 0;
  uint32_t depth_ = 0;
  uint32_t nesting_links_ = 0;
};

//! Counts one level of recursion; fails with FAILED_TO_PARSE_TOO_COMPLEX past the limit so that
//! hostile input cannot exhaust the stack.
class DepthGuard {
 public:
  explicit DepthGuard(TokenParser& parser);
  ~DepthGuard();
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;

 private:
  TokenParser& parser_;
};

}  // namespace sluice::sql
