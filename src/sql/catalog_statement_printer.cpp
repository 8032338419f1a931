// src/sql/catalog_statement_printer.cpp
//
// The SQL printer for the catalog statements: SHOW, DESCRIBE, DROP TABLE / SCHEMA, CREATE
// SCHEMA, VACUUM, OPTIMIZE and ALTER TABLE. Each prints on one line in either layout, in the first
// of its spellings (DESCRIBE, not DESC; SCHEMA, not DATABASE; EXTENDED, not FORMATTED). DESCRIBE
// TABLE keeps the word TABLE so that a table named `history` or `detail` reads back as one.
#include <fmt/format.h>

#include "sql/printer_core.hpp"

namespace sluice::sql {

namespace {

std::string likeClause(const std::optional<std::string>& pattern) {
  return pattern ? " LIKE " + quoteString(*pattern) : "";
}

}  // namespace

void SqlPrinter::tableTarget(const TableTarget& target) {
  out_ += target.path ? quoteString(*target.path) : joinName(target.name);
}

void SqlPrinter::alterTable(const AlterTableStatement& alter) {
  out_ += "ALTER TABLE " + joinName(alter.name);
  auto columnList = [&](const std::vector<std::string>& columns) {
    out_ += " (";
    for (size_t i = 0; i < columns.size(); ++i)
      out_ += (i > 0 ? ", " : "") + quoteIdentifier(columns[i]);
    out_ += ')';
  };
  switch (alter.action) {
    case AlterTableStatement::Action::kSetProperties:
      out_ += " SET TBLPROPERTIES ";
      properties(alter.properties);
      return;
    case AlterTableStatement::Action::kUnsetProperties:
      out_ += alter.if_exists ? " UNSET TBLPROPERTIES IF EXISTS (" : " UNSET TBLPROPERTIES (";
      for (size_t i = 0; i < alter.keys.size(); ++i)
        out_ += (i > 0 ? ", " : "") + quoteString(alter.keys[i]);
      out_ += ')';
      return;
    case AlterTableStatement::Action::kAddColumns:
      out_ += " ADD COLUMNS (";
      for (size_t i = 0; i < alter.added.size(); ++i) {
        const AddedColumn& column = alter.added[i];
        if (i > 0)
          out_ += ", ";
        out_ += quoteIdentifier(column.name) + " ";
        dataType(column.type);
        if (column.not_null)
          out_ += " NOT NULL";
        if (column.comment)
          out_ += " COMMENT " + quoteString(*column.comment);
        if (column.first)
          out_ += " FIRST";
        if (column.after)
          out_ += " AFTER " + quoteIdentifier(*column.after);
      }
      out_ += ')';
      return;
    case AlterTableStatement::Action::kRenameColumn:
      out_ += " RENAME COLUMN " + quoteIdentifier(alter.columns[0]) + " TO " +
              quoteIdentifier(alter.new_name);
      return;
    case AlterTableStatement::Action::kDropColumns:
      out_ += alter.if_exists ? " DROP COLUMNS IF EXISTS" : " DROP COLUMNS";
      columnList(alter.columns);
      return;
    case AlterTableStatement::Action::kClusterBy:
      out_ += " CLUSTER BY";
      if (alter.columns.empty())
        out_ += " NONE";
      else
        columnList(alter.columns);
      return;
    case AlterTableStatement::Action::kAlterColumn:
      out_ += " ALTER COLUMN " + quoteIdentifier(alter.columns[0]);
      switch (alter.change) {
        case AlterTableStatement::ColumnChange::kType:
          out_ += " TYPE ";
          dataType(*alter.type);
          return;
        case AlterTableStatement::ColumnChange::kComment:
          out_ += " COMMENT " + quoteString(*alter.comment);
          return;
        case AlterTableStatement::ColumnChange::kSetNotNull:
          out_ += " SET NOT NULL";
          return;
        case AlterTableStatement::ColumnChange::kDropNotNull:
          out_ += " DROP NOT NULL";
          return;
      }
      return;
    case AlterTableStatement::Action::kRenameTable:
      out_ += " RENAME TO " + joinName(alter.new_table);
      return;
  }
}

void SqlPrinter::catalogStatement(const Statement& s) {
  switch (s.kind()) {
    case StatementKind::kDropTable: {
      const auto& drop = s.as<DropTableStatement>();
      out_ += drop.if_exists ? "DROP TABLE IF EXISTS " : "DROP TABLE ";
      out_ += joinName(drop.name);
      return;
    }
    case StatementKind::kCreateSchema: {
      const auto& create = s.as<CreateSchemaStatement>();
      out_ += create.if_not_exists ? "CREATE SCHEMA IF NOT EXISTS " : "CREATE SCHEMA ";
      out_ += joinName(create.name);
      if (create.comment)
        out_ += " COMMENT " + quoteString(*create.comment);
      if (!create.properties.empty()) {
        out_ += " WITH DBPROPERTIES ";
        properties(create.properties);
      }
      return;
    }
    case StatementKind::kDropSchema: {
      const auto& drop = s.as<DropSchemaStatement>();
      out_ += drop.if_exists ? "DROP SCHEMA IF EXISTS " : "DROP SCHEMA ";
      out_ += joinName(drop.name);
      if (drop.cascade)
        out_ += " CASCADE";
      return;
    }
    case StatementKind::kShowTables: {
      const auto& show = s.as<ShowTablesStatement>();
      out_ += "SHOW TABLES";
      if (!show.schema.empty())
        out_ += " IN " + joinName(show.schema);
      out_ += likeClause(show.pattern);
      return;
    }
    case StatementKind::kShowSchemas: {
      const auto& show = s.as<ShowSchemasStatement>();
      out_ += "SHOW SCHEMAS";
      if (!show.catalog.empty())
        out_ += " IN " + joinName(show.catalog);
      out_ += likeClause(show.pattern);
      return;
    }
    case StatementKind::kShowCatalogs:
      out_ += "SHOW CATALOGS" + likeClause(s.as<ShowCatalogsStatement>().pattern);
      return;
    case StatementKind::kShowFunctions: {
      const auto& show = s.as<ShowFunctionsStatement>();
      static const char* const kScopes[] = {"SHOW FUNCTIONS", "SHOW USER FUNCTIONS",
                                            "SHOW SYSTEM FUNCTIONS"};
      out_ += kScopes[static_cast<int>(show.scope)];
      if (!show.schema.empty())
        out_ += " IN " + joinName(show.schema);
      out_ += likeClause(show.pattern);
      return;
    }
    case StatementKind::kDescribeFunction: {
      const auto& describe = s.as<DescribeFunctionStatement>();
      out_ += describe.extended ? "DESCRIBE FUNCTION EXTENDED " : "DESCRIBE FUNCTION ";
      out_ += joinName(describe.name);
      return;
    }
    case StatementKind::kDescribeTable: {
      const auto& describe = s.as<DescribeTableStatement>();
      out_ += describe.extended ? "DESCRIBE TABLE EXTENDED " : "DESCRIBE TABLE ";
      out_ += joinName(describe.name);
      return;
    }
    case StatementKind::kDescribeSchema: {
      const auto& describe = s.as<DescribeSchemaStatement>();
      out_ += describe.extended ? "DESCRIBE SCHEMA EXTENDED " : "DESCRIBE SCHEMA ";
      out_ += joinName(describe.name);
      return;
    }
    case StatementKind::kDescribeHistory: {
      const auto& describe = s.as<DescribeHistoryStatement>();
      out_ += "DESCRIBE HISTORY ";
      tableTarget(describe.target);
      if (describe.limit)
        out_ += fmt::format(" LIMIT {}", *describe.limit);
      return;
    }
    case StatementKind::kDescribeDetail:
      out_ += "DESCRIBE DETAIL ";
      tableTarget(s.as<DescribeDetailStatement>().target);
      return;
    case StatementKind::kVacuum: {
      const auto& vacuum = s.as<VacuumStatement>();
      out_ += "VACUUM ";
      tableTarget(vacuum.target);
      // fmt writes the shortest text that reads back as the same double.
      if (vacuum.retain_hours)
        out_ += fmt::format(" RETAIN {} HOURS", *vacuum.retain_hours);
      if (vacuum.dry_run)
        out_ += " DRY RUN";
      return;
    }
    case StatementKind::kOptimize: {
      const auto& optimize = s.as<OptimizeStatement>();
      out_ += optimize.purge ? "REORG TABLE " : "OPTIMIZE ";
      tableTarget(optimize.target);
      if (optimize.purge)
        out_ += " APPLY (PURGE)";
      return;
    }
    case StatementKind::kAlterTable:
      alterTable(s.as<AlterTableStatement>());
      return;
    case StatementKind::kShowTblProperties: {
      const auto& show = s.as<ShowTblPropertiesStatement>();
      out_ += "SHOW TBLPROPERTIES " + joinName(show.name);
      if (show.key)
        out_ += " (" + quoteString(*show.key) + ")";
      return;
    }
    case StatementKind::kRestore: {
      const auto& restore = s.as<RestoreStatement>();
      out_ += "RESTORE TABLE " + joinName(restore.name);
      out_ += restore.to.kind == TimeTravel::Kind::kVersion ? " TO VERSION AS OF "
                                                            : " TO TIMESTAMP AS OF ";
      expr(*restore.to.value, kComparisonLevel);
      return;
    }
    case StatementKind::kShowCreateTable:
      out_ += "SHOW CREATE TABLE " + joinName(s.as<ShowCreateTableStatement>().name);
      return;
    case StatementKind::kShowColumns: {
      const auto& show = s.as<ShowColumnsStatement>();
      out_ += "SHOW COLUMNS IN " + joinName(show.name);
      if (!show.schema.empty())
        out_ += " IN " + joinName(show.schema);
      return;
    }
    default:
      SLUICE_UNREACHABLE("not a catalog statement");
  }
}

}  // namespace sluice::sql
