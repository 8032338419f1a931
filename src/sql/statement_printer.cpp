// src/sql/statement_printer.cpp
//
// The SQL printer for statements: SET, CREATE VIEW, DROP VIEW, EXPLAIN and the pipeline
// statements (CREATE TABLE / STREAMING TABLE / MATERIALIZED VIEW / FLOW / FUNCTION, AUTO CDC,
// USE); the catalog statements are in catalog_statement_printer.cpp. In the pretty layout the
// header, each column and constraint, each table clause, the AS / FLOW clause and each AUTO
// CDC clause start a line of their own.
#include <fmt/format.h>

#include <algorithm>

#include "sql/lexer.hpp"
#include "sql/printer_core.hpp"

namespace sluice::sql {

namespace {

// The characters Spark accepts in an unquoted SET key.
bool isPlainConfigKey(std::string_view key) {
  return !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '.' || c == ':';
  });
}

// A SET value prints raw when the lexer reads it back as the same text; otherwise it is
// backquoted (which Spark unquotes).
bool isRawSetValue(std::string_view value) {
  if (value.empty())
    return true;
  try {
    TokenList list = tokenize(value);
    const std::vector<Token>& tokens = list.tokens;
    if (tokens.size() < 2)
      return false;
    for (const Token& token : tokens) {
      if (token.is(TokenKind::kSemicolon))
        return false;
    }
    if (tokens.size() == 2 && tokens[0].is(TokenKind::kQuotedIdentifier))
      return false;
    return tokens.front().position.offset == 0 &&
           tokens[tokens.size() - 2].end_offset == value.size();
  } catch (const Error&) {
    return false;
  }
}

std::string_view tableKindWords(TableKind kind) {
  switch (kind) {
    case TableKind::kManagedTable:
      return "TABLE";
    case TableKind::kStreamingTable:
      return "STREAMING TABLE";
    case TableKind::kMaterializedView:
      return "MATERIALIZED VIEW";
    case TableKind::kLiveTable:
      return "LIVE TABLE";
    case TableKind::kStreamingLiveTable:
      return "STREAMING LIVE TABLE";
  }
  return "TABLE";
}

std::string parenthesizedNames(const std::vector<std::string>& names) {
  std::string out = "(";
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0)
      out += ", ";
    out += quoteIdentifier(names[i]);
  }
  return out + ')';
}

}  // namespace

void SqlPrinter::statement(const Statement& s) {
  switch (s.kind()) {
    case StatementKind::kQuery:
      query(*s.as<QueryStatement>().query);
      return;
    case StatementKind::kSet:
      setStatement(s.as<SetStatement>());
      return;
    case StatementKind::kSetTimeZone: {
      const auto& set = s.as<SetTimeZoneStatement>();
      out_ += "SET TIME ZONE ";
      if (set.local) {
        out_ += "LOCAL";
      } else if (set.interval) {
        expr(*set.interval, kPrimaryLevel);
      } else {
        out_ += quoteString(set.zone);
      }
      return;
    }
    case StatementKind::kCreateView:
      createView(s.as<CreateViewStatement>());
      return;
    case StatementKind::kDropView: {
      const auto& drop = s.as<DropViewStatement>();
      out_ += drop.if_exists ? "DROP VIEW IF EXISTS " : "DROP VIEW ";
      out_ += joinName(drop.name);
      return;
    }
    case StatementKind::kExplain:
      explain(s.as<ExplainStatement>());
      return;
    case StatementKind::kExecuteImmediate:
      executeImmediate(s.as<ExecuteImmediateStatement>());
      return;
    case StatementKind::kCreateTable:
      createTable(s.as<CreateTableStatement>());
      return;
    case StatementKind::kCreateFlow:
      createFlow(s.as<CreateFlowStatement>());
      return;
    case StatementKind::kCreateFunction:
      createFunction(s.as<CreateFunctionStatement>());
      return;
    case StatementKind::kDropFunction: {
      const auto& drop = s.as<DropFunctionStatement>();
      out_ += drop.temporary ? "DROP TEMPORARY FUNCTION " : "DROP FUNCTION ";
      if (drop.if_exists)
        out_ += "IF EXISTS ";
      out_ += joinName(drop.name);
      return;
    }
    case StatementKind::kUse:
      use(s.as<UseStatement>());
      return;
    case StatementKind::kDeclareVariable:
      declareVariable(s.as<DeclareVariableStatement>());
      return;
    case StatementKind::kSetVariable:
      setVariable(s.as<SetVariableStatement>());
      return;
    case StatementKind::kDropVariable: {
      const auto& drop = s.as<DropVariableStatement>();
      out_ += drop.if_exists ? "DROP TEMPORARY VARIABLE IF EXISTS " : "DROP TEMPORARY VARIABLE ";
      out_ += joinName(drop.name);
      return;
    }
    case StatementKind::kCacheTable: {
      const auto& cache = s.as<CacheTableStatement>();
      out_ += cache.lazy ? "CACHE LAZY TABLE " : "CACHE TABLE ";
      out_ += joinName(cache.name);
      if (!cache.options.empty()) {
        out_ += " OPTIONS ";
        properties(cache.options);
      }
      if (cache.query) {
        out_ += " AS ";
        query(*cache.query);
      }
      return;
    }
    case StatementKind::kUncacheTable: {
      const auto& uncache = s.as<UncacheTableStatement>();
      out_ += uncache.if_exists ? "UNCACHE TABLE IF EXISTS " : "UNCACHE TABLE ";
      out_ += joinName(uncache.name);
      return;
    }
    case StatementKind::kClearCache:
      out_ += "CLEAR CACHE";
      return;
    case StatementKind::kRefresh: {
      const auto& refresh = s.as<RefreshStatement>();
      out_ += refresh.name.empty() ? "REFRESH " + quoteString(refresh.path)
                                   : "REFRESH TABLE " + joinName(refresh.name);
      return;
    }
    case StatementKind::kDropTable:
    case StatementKind::kCreateSchema:
    case StatementKind::kDropSchema:
    case StatementKind::kShowTables:
    case StatementKind::kShowSchemas:
    case StatementKind::kShowCatalogs:
    case StatementKind::kShowFunctions:
    case StatementKind::kDescribeFunction:
    case StatementKind::kDescribeTable:
    case StatementKind::kDescribeSchema:
    case StatementKind::kDescribeHistory:
    case StatementKind::kDescribeDetail:
    case StatementKind::kVacuum:
    case StatementKind::kOptimize:
    case StatementKind::kAlterTable:
    case StatementKind::kShowTblProperties:
    case StatementKind::kShowColumns:
    case StatementKind::kShowCreateTable:
    case StatementKind::kRestore:
      catalogStatement(s);
      return;
    case StatementKind::kInsert:
    case StatementKind::kDelete:
    case StatementKind::kUpdate:
    case StatementKind::kMerge:
      dmlStatement(s);
      return;
  }
}

void SqlPrinter::setStatement(const SetStatement& set) {
  switch (set.form) {
    case SetStatement::Form::kListAll:
      out_ += "SET";
      return;
    case SetStatement::Form::kListVerbose:
      out_ += "SET -v";
      return;
    case SetStatement::Form::kResetAll:
      out_ += "RESET";
      return;
    case SetStatement::Form::kReset:
      out_ += "RESET ";
      out_ += isPlainConfigKey(set.key) ? set.key : quoteName(set.key);
      return;
    case SetStatement::Form::kGet:
    case SetStatement::Form::kAssign:
      out_ += "SET ";
      out_ += isPlainConfigKey(set.key) ? set.key : quoteName(set.key);
      if (set.form == SetStatement::Form::kAssign) {
        out_ += " =";
        if (!set.value.empty()) {
          out_ += ' ';
          out_ += isRawSetValue(set.value) ? set.value : quoteName(set.value);
        }
      }
      return;
  }
}

void SqlPrinter::executeImmediate(const ExecuteImmediateStatement& execute) {
  out_ += "EXECUTE IMMEDIATE ";
  expr(*execute.query_text, kPredicateLevel);
  for (size_t i = 0; i < execute.into.size(); ++i)
    out_ += (i == 0 ? " INTO " : ", ") + joinName(execute.into[i]);
  for (size_t i = 0; i < execute.arguments.size(); ++i) {
    out_ += i == 0 ? " USING " : ", ";
    expr(*execute.arguments[i].value, kPredicateLevel);
    if (execute.arguments[i].name)
      out_ += " AS " + quoteName(*execute.arguments[i].name);
  }
}

void SqlPrinter::declareVariable(const DeclareVariableStatement& declare) {
  out_ += declare.or_replace ? "DECLARE OR REPLACE VARIABLE " : "DECLARE VARIABLE ";
  for (size_t i = 0; i < declare.names.size(); ++i)
    out_ += (i > 0 ? ", " : "") + joinName(declare.names[i]);
  if (declare.type) {
    out_ += ' ';
    dataType(*declare.type);
  }
  if (declare.default_query) {
    out_ += " DEFAULT ";
    expr(*declare.default_query->body->as<SelectBody>().items[0].expr, kPredicateLevel);
  }
}

void SqlPrinter::setVariable(const SetVariableStatement& set) {
  out_ += "SET VARIABLE ";
  if (set.row_form) {
    out_ += '(';
    for (size_t i = 0; i < set.names.size(); ++i)
      out_ += (i > 0 ? ", " : "") + joinName(set.names[i]);
    out_ += ") = (";
    query(*set.query);
    out_ += ')';
    return;
  }
  const SelectBody& values = set.query->body->as<SelectBody>();
  for (size_t i = 0; i < set.names.size(); ++i) {
    out_ += (i > 0 ? ", " : "") + joinName(set.names[i]) + " = ";
    if (set.to_default[i])
      out_ += "DEFAULT";
    else
      expr(*values.items[i].expr, kPredicateLevel);
  }
}

void SqlPrinter::explain(const ExplainStatement& explain) {
  out_ += "EXPLAIN ";
  switch (explain.mode) {
    case ExplainMode::kSimple:
      break;
    case ExplainMode::kExtended:
      out_ += "EXTENDED ";
      break;
    case ExplainMode::kFormatted:
      out_ += "FORMATTED ";
      break;
    case ExplainMode::kCodegen:
      out_ += "CODEGEN ";
      break;
    case ExplainMode::kCost:
      out_ += "COST ";
      break;
    case ExplainMode::kLogical:
      out_ += "LOGICAL ";
      break;
  }
  statement(*explain.statement);
}

void SqlPrinter::openList() {
  out_ += '(';
  ++indent_;
  softBreak();
}

void SqlPrinter::listSeparator() {
  out_ += ',';
  lineBreak();
}

void SqlPrinter::closeList() {
  --indent_;
  softBreak();
  out_ += ')';
}

void SqlPrinter::createView(const CreateViewStatement& view) {
  out_ += "CREATE ";
  if (view.or_replace)
    out_ += "OR REPLACE ";
  if (view.temporary)
    out_ += "TEMPORARY ";
  out_ += view.live ? "LIVE VIEW " : "VIEW ";
  if (view.if_not_exists)
    out_ += "IF NOT EXISTS ";
  out_ += joinName(view.name);
  if (!view.columns.empty() || !view.expectations.empty()) {
    out_ += ' ';
    openList();
    bool first = true;
    for (const ViewColumn& column : view.columns) {
      if (!first)
        listSeparator();
      first = false;
      out_ += quoteIdentifier(column.name);
      if (column.comment)
        out_ += " COMMENT " + quoteString(*column.comment);
    }
    for (const Expectation& expectation_spec : view.expectations) {
      if (!first)
        listSeparator();
      first = false;
      expectation(expectation_spec);
    }
    closeList();
  }
  if (view.comment) {
    lineBreak();
    out_ += "COMMENT " + quoteString(*view.comment);
  }
  if (!view.properties.empty()) {
    lineBreak();
    out_ += "TBLPROPERTIES ";
    properties(view.properties);
  }
  lineBreak();
  out_ += "AS";
  lineBreak();
  query(*view.query);
}

void SqlPrinter::expectation(const Expectation& expectation_spec) {
  out_ += "CONSTRAINT " + quoteIdentifier(expectation_spec.name) + " EXPECT (";
  expr(*expectation_spec.condition, kLambdaLevel);
  out_ += ')';
  switch (expectation_spec.action) {
    case ExpectationAction::kWarn:
      break;
    case ExpectationAction::kDropRow:
      out_ += " ON VIOLATION DROP ROW";
      break;
    case ExpectationAction::kFailUpdate:
      out_ += " ON VIOLATION FAIL UPDATE";
      break;
  }
}

void SqlPrinter::keyConstraint(const KeyConstraint& key, bool column_level) {
  if (!key.name.empty())
    out_ += "CONSTRAINT " + quoteIdentifier(key.name) + ' ';
  if (key.kind == KeyConstraint::Kind::kPrimaryKey) {
    out_ += "PRIMARY KEY";
    if (!column_level)
      out_ += ' ' + parenthesizedNames(key.columns);
    return;
  }
  if (!column_level)
    out_ += "FOREIGN KEY " + parenthesizedNames(key.columns) + ' ';
  out_ += "REFERENCES " + joinName(key.referenced_table);
  if (!key.referenced_columns.empty())
    out_ += ' ' + parenthesizedNames(key.referenced_columns);
}

void SqlPrinter::columnSpec(const ColumnSpec& column) {
  out_ += quoteIdentifier(column.name);
  if (column.type) {
    out_ += ' ';
    dataType(*column.type);
  }
  if (column.not_null)
    out_ += " NOT NULL";
  if (column.generated) {
    out_ += " GENERATED ALWAYS AS (";
    expr(*column.generated, kLambdaLevel);
    out_ += ')';
  }
  if (column.identity) {
    out_ += column.identity->always ? " GENERATED ALWAYS AS IDENTITY"
                                    : " GENERATED BY DEFAULT AS IDENTITY";
    if (column.identity->start || column.identity->increment) {
      out_ += " (";
      if (column.identity->start)
        out_ += "START WITH " + *column.identity->start;
      if (column.identity->start && column.identity->increment)
        out_ += ' ';
      if (column.identity->increment)
        out_ += "INCREMENT BY " + *column.identity->increment;
      out_ += ')';
    }
  }
  if (column.default_value) {
    out_ += " DEFAULT ";
    // The default ends at the next property keyword, so it must not swallow one.
    expr(*column.default_value, kPredicateLevel);
  }
  if (column.comment)
    out_ += " COMMENT " + quoteString(*column.comment);
  if (!column.mask.empty()) {
    out_ += " MASK " + joinName(column.mask);
    if (!column.mask_using_columns.empty())
      out_ += " USING COLUMNS " + parenthesizedNames(column.mask_using_columns);
  }
  if (column.key) {
    out_ += ' ';
    keyConstraint(*column.key, /*column_level=*/true);
  }
}

void SqlPrinter::tableSpec(const TableSpec& spec) {
  if (spec.has_column_list) {
    out_ += ' ';
    openList();
    bool first = true;
    auto separate = [&] {
      if (!first)
        listSeparator();
      first = false;
    };
    for (const ColumnSpec& column : spec.columns) {
      separate();
      columnSpec(column);
    }
    for (const Expectation& expectation_spec : spec.expectations) {
      separate();
      expectation(expectation_spec);
    }
    for (const KeyConstraint& key : spec.keys) {
      separate();
      keyConstraint(key, /*column_level=*/false);
    }
    closeList();
  }
  if (spec.using_delta) {
    lineBreak();
    out_ += "USING DELTA";
  }
  if (!spec.partition_columns.empty()) {
    lineBreak();
    out_ += "PARTITIONED BY " + parenthesizedNames(spec.partition_columns);
  }
  if (spec.clustering) {
    lineBreak();
    out_ += "CLUSTER BY ";
    switch (spec.clustering->kind) {
      case Clustering::Kind::kColumns:
        out_ += parenthesizedNames(spec.clustering->columns);
        break;
      case Clustering::Kind::kAuto:
        out_ += "AUTO";
        break;
      case Clustering::Kind::kNone:
        out_ += "NONE";
        break;
    }
  }
  if (spec.location) {
    lineBreak();
    out_ += "LOCATION " + quoteString(*spec.location);
  }
  if (spec.comment) {
    lineBreak();
    out_ += "COMMENT " + quoteString(*spec.comment);
  }
  if (!spec.properties.empty()) {
    lineBreak();
    out_ += "TBLPROPERTIES ";
    properties(spec.properties);
  }
  if (spec.row_filter) {
    lineBreak();
    out_ += "WITH ROW FILTER " + joinName(spec.row_filter->function) + " ON " +
            parenthesizedNames(spec.row_filter->columns);
  }
  if (spec.refresh_policy) {
    lineBreak();
    out_ += "REFRESH POLICY " + std::string(refreshPolicyName(*spec.refresh_policy));
  }
}

void SqlPrinter::createTable(const CreateTableStatement& table) {
  out_ += "CREATE ";
  if (table.or_replace)
    out_ += "OR REPLACE ";
  if (table.or_refresh)
    out_ += "OR REFRESH ";
  if (table.is_private) {
    // The legacy kinds spell PRIVATE as TEMPORARY.
    bool legacy = table.table_kind == TableKind::kLiveTable ||
                  table.table_kind == TableKind::kStreamingLiveTable;
    out_ += legacy ? "TEMPORARY " : "PRIVATE ";
  }
  out_ += tableKindWords(table.table_kind);
  out_ += ' ';
  if (table.if_not_exists)
    out_ += "IF NOT EXISTS ";
  out_ += joinName(table.name);
  tableSpec(table.spec);
  tableFlow(table.flow);
}

void SqlPrinter::tableFlow(const FlowSpec& flow) {
  switch (flow.kind) {
    case FlowSpec::Kind::kNone:
      return;
    case FlowSpec::Kind::kQuery:
      lineBreak();
      out_ += "AS";
      lineBreak();
      query(*flow.query);
      return;
    case FlowSpec::Kind::kInsert:
      lineBreak();
      out_ += "FLOW ";
      insertBody(flow, nullptr);
      return;
    case FlowSpec::Kind::kAutoCdc:
      lineBreak();
      out_ += "FLOW AUTO CDC";
      autoCdc(flow.cdc);
      return;
  }
}

void SqlPrinter::insertBody(const FlowSpec& flow, const std::vector<std::string>* target) {
  out_ += flow.once ? "INSERT ONCE" : "INSERT";
  if (target)
    out_ += " INTO " + joinName(*target);
  if (flow.by_name)
    out_ += " BY NAME";
  lineBreak();
  query(*flow.query);
}

void SqlPrinter::columnSelection(const ColumnSelection& selection) {
  switch (selection.kind) {
    case ColumnSelection::Kind::kAll:
      out_ += '*';
      return;
    case ColumnSelection::Kind::kList:
      out_ += parenthesizedNames(selection.columns);
      return;
    case ColumnSelection::Kind::kAllExcept:
      out_ += "* EXCEPT " + parenthesizedNames(selection.columns);
      return;
  }
}

void SqlPrinter::autoCdc(const AutoCdcSpec& cdc) {
  lineBreak();
  out_ += cdc.from_snapshot ? "FROM SNAPSHOT " : "FROM ";
  tableRef(*cdc.source, /*as_join_right=*/false);
  lineBreak();
  out_ += "KEYS " + parenthesizedNames(cdc.keys);
  if (cdc.ignore_null_updates) {
    lineBreak();
    out_ += "IGNORE NULL UPDATES";
    if (cdc.ignore_null_updates_on) {
      out_ += " ON ";
      columnSelection(*cdc.ignore_null_updates_on);
    }
  }
  if (cdc.apply_as_delete) {
    lineBreak();
    out_ += "APPLY AS DELETE WHEN ";
    expr(*cdc.apply_as_delete, kLambdaLevel);
  }
  if (cdc.apply_as_truncate) {
    lineBreak();
    out_ += "APPLY AS TRUNCATE WHEN ";
    expr(*cdc.apply_as_truncate, kLambdaLevel);
  }
  if (cdc.sequence_by) {
    lineBreak();
    out_ += "SEQUENCE BY ";
    expr(*cdc.sequence_by, kLambdaLevel);
  }
  if (cdc.columns) {
    lineBreak();
    out_ += "COLUMNS ";
    columnSelection(*cdc.columns);
  }
  if (cdc.scd_type) {
    lineBreak();
    out_ += fmt::format("STORED AS SCD TYPE {}", *cdc.scd_type);
  }
  if (cdc.track_history) {
    lineBreak();
    out_ += "TRACK HISTORY ON ";
    columnSelection(*cdc.track_history);
  }
}

void SqlPrinter::createFlow(const CreateFlowStatement& flow) {
  if (!flow.name.empty()) {
    out_ += "CREATE FLOW " + joinName(flow.name);
    if (flow.comment) {
      lineBreak();
      out_ += "COMMENT " + quoteString(*flow.comment);
    }
    lineBreak();
    out_ += "AS ";
  }
  if (flow.flow.kind == FlowSpec::Kind::kInsert) {
    insertBody(flow.flow, &flow.target);
    return;
  }
  out_ += flow.flow.once ? "AUTO CDC ONCE INTO " : "AUTO CDC INTO ";
  out_ += joinName(flow.target);
  autoCdc(flow.flow.cdc);
}

void SqlPrinter::createFunction(const CreateFunctionStatement& function) {
  out_ += "CREATE ";
  if (function.or_replace)
    out_ += "OR REPLACE ";
  if (function.temporary)
    out_ += "TEMPORARY ";
  out_ += "FUNCTION ";
  if (function.if_not_exists)
    out_ += "IF NOT EXISTS ";
  out_ += joinName(function.name) + '(';
  for (size_t i = 0; i < function.parameters.size(); ++i) {
    const FunctionParameter& parameter = function.parameters[i];
    if (i > 0)
      out_ += ", ";
    out_ += quoteIdentifier(parameter.name) + ' ';
    dataType(parameter.type);
    if (parameter.default_value) {
      out_ += " DEFAULT ";
      expr(*parameter.default_value, kPredicateLevel);
    }
    if (parameter.comment)
      out_ += " COMMENT " + quoteString(*parameter.comment);
  }
  out_ += ')';
  if (function.returns) {
    lineBreak();
    out_ += "RETURNS ";
    dataType(*function.returns);
  }
  if (function.language_sql) {
    lineBreak();
    out_ += "LANGUAGE SQL";
  }
  if (function.deterministic) {
    lineBreak();
    out_ += *function.deterministic ? "DETERMINISTIC" : "NOT DETERMINISTIC";
  }
  if (function.comment) {
    lineBreak();
    out_ += "COMMENT " + quoteString(*function.comment);
  }
  switch (function.data_access) {
    case CreateFunctionStatement::DataAccess::kUnspecified:
      break;
    case CreateFunctionStatement::DataAccess::kContainsSql:
      lineBreak();
      out_ += "CONTAINS SQL";
      break;
    case CreateFunctionStatement::DataAccess::kReadsSqlData:
      lineBreak();
      out_ += "READS SQL DATA";
      break;
  }
  lineBreak();
  out_ += "RETURN ";
  expr(*function.body, kLambdaLevel);
}

void SqlPrinter::use(const UseStatement& use) {
  switch (use.target) {
    case UseStatement::Target::kCatalog:
      out_ += "USE CATALOG ";
      break;
    case UseStatement::Target::kSchema:
      out_ += "USE SCHEMA ";
      break;
    case UseStatement::Target::kDefault:
      out_ += "USE ";
      break;
  }
  out_ += joinName(use.name);
}

std::string printStatement(const Statement& statement, PrintLayout layout) {
  SqlPrinter printer(layout);
  printer.statement(statement);
  return printer.take();
}

}  // namespace sluice::sql
