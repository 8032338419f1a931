// src/sql/catalog_statement_printer.cpp
//
// The SQL printer for the catalog statements: SHOW, DESCRIBE, DROP TABLE / SCHEMA, CREATE
// SCHEMA, VACUUM and OPTIMIZE. Each prints on one line in either layout, in the first of its
// spellings (DESCRIBE, not DESC; SCHEMA, not DATABASE; EXTENDED, not FORMATTED). DESCRIBE
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
    case StatementKind::kOptimize:
      out_ += "OPTIMIZE ";
      tableTarget(s.as<OptimizeStatement>().target);
      return;
    default:
      SLUICE_UNREACHABLE("not a catalog statement");
  }
}

}  // namespace sluice::sql
