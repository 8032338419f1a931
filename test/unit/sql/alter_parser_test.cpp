// test/unit/sql/alter_parser_test.cpp
//
// ALTER TABLE, RESTORE, SHOW TBLPROPERTIES and SHOW COLUMNS: the trees they parse to,
// parse-print-parse round trips in both layouts, and malformed or refused statements with their
// class, position and message.
#include <gtest/gtest.h>

#include "parser_test_util.hpp"
#include "sql/parser/parser.hpp"
#include "sql/printer.hpp"

namespace sluice::sql {
namespace {

const char* const kAlterInputs[] = {
    "ALTER TABLE t SET TBLPROPERTIES ('delta.appendOnly' = 'true', owner.team = 'x')",
    "alter table db.t set tblproperties (delta.enableChangeDataFeed = true, k = 1)",
    "ALTER TABLE t UNSET TBLPROPERTIES ('a', b.c)",
    "ALTER TABLE t UNSET TBLPROPERTIES IF EXISTS ('a')",
    "ALTER TABLE t ADD COLUMN c INT",
    "ALTER TABLE t ADD COLUMNS (c INT COMMENT 'x' FIRST, d DECIMAL(10, 2) AFTER a, e STRING)",
    "ALTER TABLE t ADD COLUMNS (`first` ARRAY<STRUCT<a: INT>> NOT NULL)",
    "ALTER TABLE t RENAME COLUMN a TO b",
    "ALTER TABLE t DROP COLUMN a",
    "ALTER TABLE t DROP COLUMNS IF EXISTS (a, `b c`)",
    "ALTER TABLE t ALTER COLUMN a TYPE BIGINT",
    "ALTER TABLE t CHANGE COLUMN a COMMENT 'the id'",
    "ALTER TABLE t ALTER a SET NOT NULL",
    "ALTER TABLE t ALTER COLUMN a DROP NOT NULL",
    "ALTER TABLE t ALTER column TYPE INT",
    "ALTER TABLE t ALTER COLUMN type TYPE INT",
    "ALTER TABLE t RENAME TO u",
    "ALTER TABLE cat.db.t RENAME TO db.u",
    "ALTER TABLE t CLUSTER BY (a, `b c`)",
    "ALTER TABLE t CLUSTER BY NONE",
    "SHOW TBLPROPERTIES t",
    "SHOW TBLPROPERTIES db.t ('delta.appendOnly')",
    "SHOW TBLPROPERTIES t (a.b)",
    "SHOW COLUMNS IN t",
    "show columns from t in db",
    "RESTORE TABLE t TO VERSION AS OF 3",
    "restore db.t timestamp as of '2024-01-01 00:00:00'",
    "RESTORE delta.`/data/t` TO VERSION AS OF 1",
};

TEST(AlterParserTest, PrintedStatementsParseBackToTheSameTree) {
  for (const char* input : kAlterInputs) {
    expectRoundTrip(input, PrintLayout::kOneLine);
    expectRoundTrip(input, PrintLayout::kPretty);
  }
}

TEST(AlterParserTest, PrinterWritesOneSpelling) {
  const std::pair<const char*, const char*> cases[] = {
      {"alter table t add column c int", "ALTER TABLE t ADD COLUMNS (c INT)"},
      {"alter table t change a comment 'x'", "ALTER TABLE t ALTER COLUMN a COMMENT 'x'"},
      {"alter table t drop column a, b", "ALTER TABLE t DROP COLUMNS (a, b)"},
      {"alter table t unset tblproperties (k)", "ALTER TABLE t UNSET TBLPROPERTIES ('k')"},
      {"show columns from t", "SHOW COLUMNS IN t"},
  };
  for (const auto& [input, expected] : cases) {
    SCOPED_TRACE(input);
    EXPECT_EQ(printStatement(*parseSingle(input)), expected);
  }
}

TEST(AlterParserTest, StatementsParseToTheirTrees) {
  using Action = AlterTableStatement::Action;
  StatementPtr set = parseSingle("ALTER TABLE db.t SET TBLPROPERTIES (a.b = 'x', 'c' = 2)");
  const auto& set_alter = set->as<AlterTableStatement>();
  EXPECT_EQ(set_alter.name, (std::vector<std::string>{"db", "t"}));
  EXPECT_EQ(set_alter.action, Action::kSetProperties);
  ASSERT_EQ(set_alter.properties.size(), 2u);
  EXPECT_EQ(set_alter.properties[0].key, "a.b");
  EXPECT_EQ(set_alter.properties[1].value, "2");

  StatementPtr add =
      parseSingle("ALTER TABLE t ADD COLUMNS (c INT COMMENT 'x' AFTER a, d STRING FIRST)");
  const auto& add_alter = add->as<AlterTableStatement>();
  EXPECT_EQ(add_alter.action, Action::kAddColumns);
  ASSERT_EQ(add_alter.added.size(), 2u);
  EXPECT_EQ(add_alter.added[0].name, "c");
  EXPECT_EQ(add_alter.added[0].type, DataType::intType());
  EXPECT_EQ(add_alter.added[0].comment, "x");
  EXPECT_EQ(add_alter.added[0].after, "a");
  EXPECT_TRUE(add_alter.added[1].first);

  // Without COLUMN, a column named `column` is the column when TYPE follows it.
  StatementPtr alter = parseSingle("ALTER TABLE t ALTER column TYPE BIGINT");
  const auto& alter_column = alter->as<AlterTableStatement>();
  EXPECT_EQ(alter_column.action, Action::kAlterColumn);
  EXPECT_EQ(alter_column.columns, (std::vector<std::string>{"column"}));
  EXPECT_EQ(alter_column.change, AlterTableStatement::ColumnChange::kType);
  EXPECT_EQ(alter_column.type, DataType::longType());

  StatementPtr drop = parseSingle("ALTER TABLE t DROP COLUMNS IF EXISTS (a, b)");
  EXPECT_TRUE(drop->as<AlterTableStatement>().if_exists);
  EXPECT_EQ(drop->as<AlterTableStatement>().columns, (std::vector<std::string>{"a", "b"}));

  StatementPtr show = parseSingle("SHOW TBLPROPERTIES t ('k')");
  EXPECT_EQ(show->as<ShowTblPropertiesStatement>().key, "k");
  StatementPtr columns = parseSingle("SHOW COLUMNS IN t FROM db");
  EXPECT_EQ(columns->as<ShowColumnsStatement>().schema, (std::vector<std::string>{"db"}));
}

struct AlterErrorCase {
  const char* sql;
  ErrorClass error_class;
  uint32_t column;
  const char* message;
};

const AlterErrorCase kAlterErrors[] = {
    {"ALTER TABLE t SET TBLPROPERTIES ('k')", ErrorClass::INVALID_SQL_SYNTAX, 15,
     "Values must be specified for key(s): [k]."},
    {"ALTER TABLE t UNSET TBLPROPERTIES ('k' = 'v')", ErrorClass::INVALID_SQL_SYNTAX, 15,
     "Values should not be specified for key(s): [k]."},
    {"ALTER TABLE t ADD COLUMNS (a.b INT)", ErrorClass::NOT_SUPPORTED, 29,
     "ALTER TABLE of a nested field is not supported."},
    {"ALTER TABLE t ADD COLUMNS (c INT DEFAULT 1)", ErrorClass::NOT_SUPPORTED, 34,
     "A column DEFAULT in ALTER TABLE ADD COLUMNS is not supported."},
    {"ALTER TABLE t RENAME COLUMN a b", ErrorClass::PARSE_SYNTAX_ERROR, 31,
     "Syntax error at or near 'b': expected TO."},
    {"ALTER TABLE t ALTER COLUMN a POSITION", ErrorClass::PARSE_SYNTAX_ERROR, 30,
     "Syntax error at or near 'POSITION': expected TYPE, COMMENT, SET NOT NULL or DROP NOT NULL."},
    {"ALTER TABLE t CLUSTER BY a", ErrorClass::PARSE_SYNTAX_ERROR, 26,
     "Syntax error at or near 'a': expected '('."},
    {"ALTER TABLE t CLUSTER BY (a.b)", ErrorClass::NOT_SUPPORTED, 28,
     "ALTER TABLE of a nested field is not supported."},
    {"ALTER TABLE t OWNER TO x", ErrorClass::PARSE_SYNTAX_ERROR, 15,
     "Syntax error at or near 'OWNER': expected SET TBLPROPERTIES, UNSET TBLPROPERTIES, ADD "
     "COLUMNS, RENAME COLUMN, DROP COLUMNS, ALTER COLUMN, RENAME TO or CLUSTER BY."},
    {"SHOW TBLPROPERTIES t ('a', 'b')", ErrorClass::PARSE_SYNTAX_ERROR, 22,
     "Syntax error at or near '(': expected one property key."},
    {"SHOW COLUMNS t", ErrorClass::PARSE_SYNTAX_ERROR, 14,
     "Syntax error at or near 't': expected FROM or IN."},
    {"RESTORE TABLE t TO 3", ErrorClass::PARSE_SYNTAX_ERROR, 20,
     "Syntax error at or near '3': expected VERSION AS OF or TIMESTAMP AS OF."},
};

TEST(AlterParserTest, MalformedStatementsReportClassPositionAndMessage) {
  for (const AlterErrorCase& c : kAlterErrors) {
    SCOPED_TRACE(c.sql);
    try {
      parseStatements(c.sql, "session.sql");
      ADD_FAILURE() << "no error";
    } catch (const Error& error) {
      EXPECT_EQ(error.errorClass(), c.error_class) << error.what();
      ASSERT_TRUE(error.location()) << error.what();
      EXPECT_EQ(error.location()->line, 1u) << error.what();
      EXPECT_EQ(error.location()->column, c.column) << error.what();
      EXPECT_EQ(error.message(), c.message);
    }
  }
}

}  // namespace
}  // namespace sluice::sql
