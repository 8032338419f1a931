// src/sql/parser/pipeline_parser.cpp
//
// The statements of Lakeflow / Spark Declarative Pipelines (and CREATE [OR REPLACE] TABLE of a
// query session, which shares their grammar):
//   [OR REPLACE] TABLE | [OR REFRESH] [PRIVATE] STREAMING TABLE | MATERIALIZED VIEW | LIVE TABLE
//   ...
//     [(spec)] [clauses] [AS query | FLOW INSERT [ONCE] BY NAME query | FLOW AUTO CDC ...]
//   CREATE FLOW f [COMMENT 'c'] AS INSERT [ONCE] INTO [ONCE] t [BY NAME] query
//   CREATE FLOW f AS { AUTO CDC | APPLY CHANGES } [ONCE] INTO t FROM [SNAPSHOT] source ...
//   AUTO CDC INTO t ... / APPLY CHANGES INTO t ...   (a flow named after its target)
//   CREATE [OR REPLACE] [TEMPORARY] FUNCTION f(p type, ...) [RETURNS type] ... RETURN expr
//   USE CATALOG c | USE SCHEMA s | USE DATABASE s | USE s
// REPLACE WHERE and REPLACE USING flows are checked for syntax, then refused as not supported.
#include <fmt/format.h>

#include "sql/parser/token_parser.hpp"

namespace sluice::sql {

namespace {

std::string_view tableStatementName(TableKind kind) {
  switch (kind) {
    case TableKind::kManagedTable:
      return "CREATE TABLE";
    case TableKind::kStreamingTable:
      return "CREATE STREAMING TABLE";
    case TableKind::kMaterializedView:
      return "CREATE MATERIALIZED VIEW";
    case TableKind::kLiveTable:
      return "CREATE LIVE TABLE";
    case TableKind::kStreamingLiveTable:
      return "CREATE STREAMING LIVE TABLE";
  }
  return "CREATE TABLE";
}

// Materialized views (and legacy live tables) are defined by their query alone.
bool isQueryDefined(TableKind kind) {
  return kind == TableKind::kMaterializedView || kind == TableKind::kLiveTable;
}

}  // namespace

StatementPtr TokenParser::parseCreateTable(const Token& create, const CreateModifiers& modifiers,
                                           TableKind kind) {
  std::string_view statement_name = tableStatementName(kind);
  if (kind != TableKind::kManagedTable)
    rejectModifier(modifiers.or_replace, statement_name);
  if (kind == TableKind::kManagedTable) {
    rejectModifier(modifiers.or_refresh, statement_name);
    rejectModifier(modifiers.temporary, statement_name);
    rejectModifier(modifiers.is_private, statement_name);
  }
  auto statement = std::make_unique<CreateTableStatement>(create.position);
  statement->table_kind = kind;
  statement->or_replace = modifiers.or_replace != nullptr;
  statement->or_refresh = modifiers.or_refresh != nullptr;
  statement->is_private = modifiers.temporary != nullptr || modifiers.is_private != nullptr;
  const Token& if_token = current();
  if (checkKeyword(Keyword::kIf) && peek(1).isKeyword(Keyword::kNot)) {
    advance();
    advance();
    expectKeyword(Keyword::kExists);
    statement->if_not_exists = true;
    if (statement->or_refresh) {
      failWith(ErrorClass::INVALID_SQL_SYNTAX, if_token,
               "CREATE OR REFRESH cannot also say IF NOT EXISTS.");
    }
    if (statement->or_replace) {
      failWith(ErrorClass::INVALID_SQL_SYNTAX, if_token,
               "CREATE OR REPLACE TABLE cannot also say IF NOT EXISTS.");
    }
  }
  statement->name = parseTableName();
  if (check(TokenKind::kLeftParen))
    parseTableElements(statement->spec);
  while (parseTableClause(statement->spec)) {
  }
  const Token& flow_start = current();
  if (flow_start.isKeyword(Keyword::kAs)) {
    // On a managed table this is CREATE TABLE AS SELECT, which a query session runs; a
    // pipeline fills its managed tables with FLOW INSERT BY NAME and refuses it.
    advance();
    statement->flow.kind = FlowSpec::Kind::kQuery;
    statement->flow.position = flow_start.position;
    statement->flow.query = parseQuery();
    checkSingleFlow(flow_start);
    return statement;
  }
  if (flow_start.isKeyword(Keyword::kFlow)) {
    if (isQueryDefined(kind)) {
      failWith(ErrorClass::INVALID_SQL_SYNTAX, flow_start,
               fmt::format("{} is defined by AS query; FLOW clauses belong to streaming tables "
                           "and managed tables.",
                           statement_name.substr(7)));
    }
    parseTableFlowClause(*statement);
    checkSingleFlow(flow_start);
    return statement;
  }
  if (atEnd() && isQueryDefined(kind))
    fail(flow_start, "expected AS");
  if (!atEnd()) {
    fail(flow_start, isQueryDefined(kind) ? "expected AS or a table clause"
                                          : "expected AS, FLOW or a table clause");
  }
  return statement;
}

void TokenParser::checkSingleFlow(const Token& flow_start) {
  if (atEnd())
    return;
  // The query ends where the parser meets the second clause. A FLOW right after the query is
  // read as its alias by Spark's grammar, so it shows up as the word before INSERT or AUTO.
  const Token& at = current();
  bool second_flow = at.isKeyword(Keyword::kFlow) || at.isKeyword(Keyword::kAs);
  if (!second_flow && index_ > 0 && tokens_[index_ - 1].isKeyword(Keyword::kFlow) &&
      (at.isKeyword(Keyword::kInsert) || at.isKeyword(Keyword::kAuto) ||
       at.isKeyword(Keyword::kReplace))) {
    second_flow = true;
  }
  if (!second_flow)
    fail(at);
  const Token& second =
      at.isKeyword(Keyword::kFlow) || at.isKeyword(Keyword::kAs) ? at : tokens_[index_ - 1];
  failWith(ErrorClass::INVALID_SQL_SYNTAX, second,
           fmt::format("A table takes one AS query or FLOW clause; the first one is at line {}, "
                       "column {}. Declare further flows with CREATE FLOW.",
                       flow_start.position.line, flow_start.position.column));
}

void TokenParser::parseTableFlowClause(CreateTableStatement& statement) {
  const Token& flow = advance();
  FlowSpec& spec = statement.flow;
  spec.position = flow.position;
  const Token& kind = current();
  if (kind.isKeyword(Keyword::kInsert)) {
    advance();
    spec.kind = FlowSpec::Kind::kInsert;
    spec.once = matchKeyword(Keyword::kOnce);
    if (checkKeyword(Keyword::kInto)) {
      failWith(ErrorClass::INVALID_SQL_SYNTAX, current(),
               "FLOW INSERT writes into the table being created and takes no INTO.");
    }
    if (!checkKeyword(Keyword::kBy))
      fail(current(), "expected BY NAME");
    advance();
    expectKeyword(Keyword::kName);
    spec.by_name = true;
    if (checkKeyword(Keyword::kReplace))
      refuseReplaceFlow(current());
    spec.query = parseQuery();
    return;
  }
  if (kind.isKeyword(Keyword::kAuto)) {
    advance();
    expectKeyword(Keyword::kCdc);
    if (statement.table_kind == TableKind::kManagedTable) {
      failWith(ErrorClass::INVALID_SQL_SYNTAX, kind,
               "A managed table (CREATE TABLE) cannot be the target of AUTO CDC; declare a "
               "streaming table instead.");
    }
    if (checkKeyword(Keyword::kOnce)) {
      failWith(ErrorClass::INVALID_SQL_SYNTAX, current(),
               "ONCE cannot be used with an inline FLOW AUTO CDC; declare a one-time CDC flow "
               "with CREATE FLOW ... AS AUTO CDC ONCE INTO.");
    }
    if (checkKeyword(Keyword::kInto)) {
      failWith(ErrorClass::INVALID_SQL_SYNTAX, current(),
               "FLOW AUTO CDC writes into the table being created and takes no INTO.");
    }
    spec.kind = FlowSpec::Kind::kAutoCdc;
    parseAutoCdcSpec(spec.cdc);
    return;
  }
  if (kind.isKeyword(Keyword::kReplace))
    refuseReplaceFlow(kind);
  fail(kind, "expected INSERT, AUTO CDC or REPLACE");
}

void TokenParser::refuseReplaceFlow(const Token& replace) {
  // REPLACE WHERE predicate / REPLACE USING (cols) SEQUENCE BY col, each with BY NAME before
  // or after it: checked, then refused.
  advance();
  std::string what;
  if (matchKeyword(Keyword::kWhere)) {
    parseExpression();
    what = "REPLACE WHERE";
  } else if (matchKeyword(Keyword::kUsing)) {
    parseIdentifierList();
    expectKeyword(Keyword::kSequence);
    expectKeyword(Keyword::kBy);
    parseExpression();
    what = "REPLACE USING";
  } else {
    fail(current(), "expected WHERE or USING");
  }
  if (matchKeyword(Keyword::kBy))
    expectKeyword(Keyword::kName);
  failNotSupported(replace, what);
}

StatementPtr TokenParser::parseCreateFlow(const Token& create, const CreateModifiers& modifiers) {
  rejectModifier(modifiers.or_replace, "CREATE FLOW");
  rejectModifier(modifiers.or_refresh, "CREATE FLOW");
  rejectModifier(modifiers.temporary, "CREATE FLOW");
  rejectModifier(modifiers.is_private, "CREATE FLOW");
  auto statement = std::make_unique<CreateFlowStatement>(create.position);
  statement->name = parseTableName();
  if (matchKeyword(Keyword::kComment))
    statement->comment = parseStringValue();
  expectKeyword(Keyword::kAs);
  const Token& body = current();
  if (body.isKeyword(Keyword::kInsert)) {
    parseInsertFlow(*statement);
  } else if ((body.isKeyword(Keyword::kAuto) && peek(1).isKeyword(Keyword::kCdc)) ||
             (body.isKeyword(Keyword::kApply) && peek(1).isKeyword(Keyword::kChanges))) {
    parseCdcFlow(*statement);
  } else {
    fail(body, "expected INSERT INTO or AUTO CDC INTO");
  }
  return statement;
}

void TokenParser::parseInsertFlow(CreateFlowStatement& statement) {
  FlowSpec& spec = statement.flow;
  spec.kind = FlowSpec::Kind::kInsert;
  spec.position = advance().position;
  spec.once = matchKeyword(Keyword::kOnce);
  expectKeyword(Keyword::kInto);
  // The older spelling puts ONCE after INTO; `INTO once BY NAME` still names a table `once`.
  if (checkKeyword(Keyword::kOnce) && isIdentifier(peek(1)) && !peek(1).isKeyword(Keyword::kBy)) {
    if (spec.once)
      failDuplicateClause(current(), "ONCE");
    advance();
    spec.once = true;
  }
  statement.target = parseTableName();
  if (check(TokenKind::kLeftParen) && !parenStartsQuery(index_)) {
    failWith(ErrorClass::INVALID_SQL_SYNTAX, current(),
             "A flow inserts by name and takes no column list after its target table.");
  }
  if (checkKeyword(Keyword::kReplace))
    refuseReplaceFlow(current());
  if (matchKeyword(Keyword::kBy)) {
    expectKeyword(Keyword::kName);
    spec.by_name = true;
  }
  if (checkKeyword(Keyword::kReplace))
    refuseReplaceFlow(current());
  spec.query = parseQuery();
}

void TokenParser::parseCdcFlow(CreateFlowStatement& statement) {
  FlowSpec& spec = statement.flow;
  spec.kind = FlowSpec::Kind::kAutoCdc;
  spec.position = advance().position;  // AUTO or APPLY
  advance();                           // CDC or CHANGES
  spec.once = matchKeyword(Keyword::kOnce);
  expectKeyword(Keyword::kInto);
  statement.target = parseTableName();
  if (check(TokenKind::kLeftParen)) {
    failWith(ErrorClass::INVALID_SQL_SYNTAX, current(),
             "AUTO CDC INTO takes no column list after its target table; choose the columns "
             "with COLUMNS.");
  }
  parseAutoCdcSpec(spec.cdc);
}

StatementPtr TokenParser::parseStandaloneCdc() {
  auto statement = std::make_unique<CreateFlowStatement>(current().position);
  parseCdcFlow(*statement);
  return statement;
}

TableRefPtr TokenParser::parseCdcSource() {
  // Like a FROM item, but without an alias: the word after the source is KEYS.
  const Token& start = current();
  if (start.isKeyword(Keyword::kStream) &&
      (peek(1).is(TokenKind::kLeftParen) || isIdentifier(peek(1)))) {
    advance();
    bool parenthesized = match(TokenKind::kLeftParen);
    TableRefPtr ref = parseNamedOrFunctionRef();
    if (parenthesized)
      expect(TokenKind::kRightParen);
    if (ref->kind() == TableRefKind::kNamed) {
      ref->as<NamedTableRef>().stream = true;
    } else {
      ref->as<TableFunctionRef>().stream = true;
    }
    ref->position = start.position;
    return ref;
  }
  return parseNamedOrFunctionRef();
}

ColumnSelection TokenParser::parseColumnSelection() {
  ColumnSelection selection;
  selection.position = current().position;
  if (match(TokenKind::kStar)) {
    if (matchKeyword(Keyword::kExcept)) {
      selection.kind = ColumnSelection::Kind::kAllExcept;
      selection.columns = parseIdentifierList();
    }
    return selection;
  }
  selection.kind = ColumnSelection::Kind::kList;
  if (check(TokenKind::kLeftParen)) {
    selection.columns = parseIdentifierList();
    return selection;
  }
  do {
    selection.columns.push_back(parseIdentifier("a column name"));
  } while (match(TokenKind::kComma));
  return selection;
}

void TokenParser::parseAutoCdcSpec(AutoCdcSpec& cdc) {
  cdc.position = current().position;
  expectKeyword(Keyword::kFrom);
  // FROM SNAPSHOT t; a table may itself be called `snapshot` (FROM snapshot KEYS ...).
  if (checkKeyword(Keyword::kSnapshot) && isIdentifier(peek(1)) &&
      !peek(1).isKeyword(Keyword::kKeys)) {
    advance();
    cdc.from_snapshot = true;
  }
  cdc.source = parseCdcSource();
  expectKeyword(Keyword::kKeys);
  // KEYS () parses; the pipeline refuses it by name (AUTOCDC_EMPTY_KEYS).
  if (check(TokenKind::kLeftParen) && peek(1).is(TokenKind::kRightParen)) {
    advance();
    advance();
  } else {
    cdc.keys = parseIdentifierList();
  }
  const Token* track_history = nullptr;
  const Token* truncate = nullptr;
  while (!atEnd()) {
    const Token& clause = current();
    std::string_view clause_name;
    if (clause.isKeyword(Keyword::kIgnore)) {
      clause_name = "IGNORE NULL UPDATES";
      if (cdc.ignore_null_updates)
        failDuplicateClause(clause, clause_name);
      advance();
      expectKeyword(Keyword::kNull);
      expectKeyword(Keyword::kUpdates);
      cdc.ignore_null_updates = true;
      if (matchKeyword(Keyword::kOn))
        cdc.ignore_null_updates_on = parseColumnSelection();
    } else if (clause.isKeyword(Keyword::kApply)) {
      advance();
      expectKeyword(Keyword::kAs);
      bool is_delete = checkKeyword(Keyword::kDelete);
      if (!is_delete && !checkKeyword(Keyword::kTruncate))
        fail(current(), "expected DELETE or TRUNCATE");
      advance();
      clause_name = is_delete ? "APPLY AS DELETE WHEN" : "APPLY AS TRUNCATE WHEN";
      ExprPtr& target = is_delete ? cdc.apply_as_delete : cdc.apply_as_truncate;
      if (target)
        failDuplicateClause(clause, clause_name);
      expectKeyword(Keyword::kWhen);
      target = parseExpression();
      if (!is_delete)
        truncate = &clause;
    } else if (clause.isKeyword(Keyword::kSequence)) {
      clause_name = "SEQUENCE BY";
      if (cdc.sequence_by)
        failDuplicateClause(clause, clause_name);
      advance();
      expectKeyword(Keyword::kBy);
      cdc.sequence_by = parseExpression();
    } else if (clause.isKeyword(Keyword::kSystem) && peek(1).isKeyword(Keyword::kSequence)) {
      advance();
      advance();
      expectKeyword(Keyword::kBy);
      parseExpression();
      failNotSupported(clause, "SYSTEM SEQUENCE BY");
    } else if (clause.isKeyword(Keyword::kColumns)) {
      if (peek(1).isKeyword(Keyword::kTo)) {
        advance();
        advance();
        expectKeyword(Keyword::kUpdate);
        parseIdentifier("a column name");
        failNotSupported(clause, "COLUMNS TO UPDATE");
      }
      clause_name = "COLUMNS";
      if (cdc.columns)
        failDuplicateClause(clause, clause_name);
      advance();
      cdc.columns = parseColumnSelection();
    } else if (clause.isKeyword(Keyword::kStored)) {
      clause_name = "STORED AS";
      if (cdc.scd_type)
        failDuplicateClause(clause, clause_name);
      advance();
      expectKeyword(Keyword::kAs);
      if (checkKeyword(Keyword::kBitemporal))
        failNotSupported(current(), "STORED AS BITEMPORAL");
      expectKeyword(Keyword::kScd);
      expectKeyword(Keyword::kType);
      const Token& type = current();
      if (!type.is(TokenKind::kInteger) || (type.text != "1" && type.text != "2"))
        fail(type, "expected 1 or 2");
      advance();
      cdc.scd_type = type.text == "1" ? 1 : 2;
    } else if (clause.isKeyword(Keyword::kTrack)) {
      clause_name = "TRACK HISTORY ON";
      if (cdc.track_history)
        failDuplicateClause(clause, clause_name);
      advance();
      expectKeyword(Keyword::kHistory);
      expectKeyword(Keyword::kOn);
      cdc.track_history = parseColumnSelection();
      track_history = &clause;
    } else {
      fail(clause, cdc.from_snapshot ? "expected STORED AS or TRACK HISTORY ON"
                                     : "expected an AUTO CDC clause");
    }
    bool snapshot_clause = clause.isKeyword(Keyword::kStored) || clause.isKeyword(Keyword::kTrack);
    if (cdc.from_snapshot && !snapshot_clause) {
      failWith(ErrorClass::INVALID_SQL_SYNTAX, clause,
               fmt::format("{} cannot be used with AUTO CDC FROM SNAPSHOT.", clause_name));
    }
  }
  if (!cdc.from_snapshot && !cdc.sequence_by)
    fail(current(), "AUTO CDC needs SEQUENCE BY");
  if (track_history && cdc.scd_type != 2) {
    failWith(ErrorClass::INVALID_SQL_SYNTAX, *track_history,
             "TRACK HISTORY ON applies to STORED AS SCD TYPE 2 only.");
  }
  if (truncate && cdc.scd_type == 2) {
    failWith(ErrorClass::INVALID_SQL_SYNTAX, *truncate,
             "APPLY AS TRUNCATE WHEN applies to SCD TYPE 1 only.");
  }
}

StatementPtr TokenParser::parseCreateFunction(const Token& create,
                                              const CreateModifiers& modifiers) {
  rejectModifier(modifiers.or_refresh, "CREATE FUNCTION");
  rejectModifier(modifiers.is_private, "CREATE FUNCTION");
  auto statement = std::make_unique<CreateFunctionStatement>(create.position);
  statement->or_replace = modifiers.or_replace != nullptr;
  statement->temporary = modifiers.temporary != nullptr;
  const Token& if_token = current();
  if (checkKeyword(Keyword::kIf) && peek(1).isKeyword(Keyword::kNot)) {
    advance();
    advance();
    expectKeyword(Keyword::kExists);
    statement->if_not_exists = true;
    if (statement->or_replace) {
      failWith(ErrorClass::INVALID_SQL_SYNTAX, if_token,
               "CREATE OR REPLACE FUNCTION cannot also say IF NOT EXISTS.");
    }
  }
  statement->name = parseTableName();
  expect(TokenKind::kLeftParen);
  if (!check(TokenKind::kRightParen)) {
    do {
      FunctionParameter parameter;
      parameter.position = current().position;
      parameter.name = parseIdentifier("a parameter name");
      parameter.type = parseDataType();
      if (matchKeyword(Keyword::kDefault))
        parameter.default_value = parseExpression();
      if (matchKeyword(Keyword::kComment))
        parameter.comment = parseStringValue();
      statement->parameters.push_back(std::move(parameter));
    } while (match(TokenKind::kComma));
  }
  expect(TokenKind::kRightParen);
  while (!checkKeyword(Keyword::kReturn)) {
    const Token& clause = current();
    if (clause.isKeyword(Keyword::kReturns)) {
      if (statement->returns)
        failDuplicateClause(clause, "RETURNS");
      advance();
      if (checkKeyword(Keyword::kTable))
        failNotSupported(current(), "RETURNS TABLE");
      statement->returns = parseDataType();
    } else if (clause.isKeyword(Keyword::kLanguage)) {
      if (statement->language_sql)
        failDuplicateClause(clause, "LANGUAGE");
      advance();
      if (!checkKeyword(Keyword::kSql)) {
        if (isAnyName(current())) {
          failNotSupported(current(), fmt::format("LANGUAGE {}", current().text));
        }
        fail(current(), "expected SQL");
      }
      advance();
      statement->language_sql = true;
    } else if (clause.isKeyword(Keyword::kNot) || clause.isKeyword(Keyword::kDeterministic)) {
      if (statement->deterministic)
        failDuplicateClause(clause, "DETERMINISTIC");
      bool negated = matchKeyword(Keyword::kNot);
      expectKeyword(Keyword::kDeterministic);
      statement->deterministic = !negated;
    } else if (clause.isKeyword(Keyword::kComment)) {
      if (statement->comment)
        failDuplicateClause(clause, "COMMENT");
      advance();
      statement->comment = parseStringValue();
    } else if (clause.isKeyword(Keyword::kContains) || clause.isKeyword(Keyword::kReads)) {
      if (statement->data_access != CreateFunctionStatement::DataAccess::kUnspecified)
        failDuplicateClause(clause, "CONTAINS SQL / READS SQL DATA");
      advance();
      expectKeyword(Keyword::kSql);
      if (clause.isKeyword(Keyword::kReads)) {
        expectKeyword(Keyword::kData);
        statement->data_access = CreateFunctionStatement::DataAccess::kReadsSqlData;
      } else {
        statement->data_access = CreateFunctionStatement::DataAccess::kContainsSql;
      }
    } else {
      fail(clause, "expected RETURN");
    }
  }
  const Token& return_token = advance();
  if (startsQuery(current())) {
    auto subquery = std::make_unique<ScalarSubqueryExpr>(return_token.position);
    subquery->query = parseQuery();
    statement->body = std::move(subquery);
  } else {
    statement->body = parseExpression();
  }
  return statement;
}

StatementPtr TokenParser::parseUse() {
  const Token& use = advance();
  auto statement = std::make_unique<UseStatement>(use.position);
  bool has_name_after = !peek(1).is(TokenKind::kEnd) && !peek(1).is(TokenKind::kDot);
  if (checkKeyword(Keyword::kCatalog) && has_name_after) {
    advance();
    statement->target = UseStatement::Target::kCatalog;
  } else if ((checkKeyword(Keyword::kSchema) || checkKeyword(Keyword::kDatabase) ||
              checkKeyword(Keyword::kNamespace)) &&
             has_name_after) {
    advance();
    statement->target = UseStatement::Target::kSchema;
  }
  if (atEnd())
    fail(current(), "expected a name");
  statement->name = parseTableName();
  if (statement->target == UseStatement::Target::kCatalog && statement->name.size() > 1) {
    failWith(ErrorClass::INVALID_SQL_SYNTAX, use,
             "USE CATALOG takes a catalog name, not a qualified name.");
  }
  return statement;
}

}  // namespace sluice::sql
