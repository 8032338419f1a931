// src/sql/ast/catalog_statement.hpp
//
// The statements a query session runs against the catalog and its Delta tables: DROP TABLE,
// CREATE / DROP SCHEMA, SHOW TABLES / SCHEMAS / CATALOGS, DESCRIBE [TABLE | SCHEMA | HISTORY |
// DETAIL], VACUUM, OPTIMIZE, ALTER TABLE, RESTORE, SHOW TBLPROPERTIES and SHOW COLUMNS. Spellings
// with one meaning share one node: DESC and DESCRIBE, EXTENDED and FORMATTED, SCHEMA, DATABASE and
// NAMESPACE; the printer writes the first.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "sql/ast/statement.hpp"

namespace sluice::sql {

//! What a Delta command (DESCRIBE HISTORY / DETAIL, VACUUM, OPTIMIZE) acts on: a table name, or
//! the path of a table folder written as a string ('/data/events'). The form delta.`/path` is
//! a name here; the session decides that it means a path.
struct TableTarget {
  std::vector<std::string> name;  // empty when `path` is set
  std::optional<std::string> path;
  SourcePosition position;

  bool operator==(const TableTarget& other) const {
    return name == other.name && path == other.path;
  }
};

//! DROP TABLE [IF EXISTS] name.
class DropTableStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kDropTable;
  explicit DropTableStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  bool if_exists = false;
  std::vector<std::string> name;
};

//! CREATE { SCHEMA | DATABASE | NAMESPACE } [IF NOT EXISTS] name [COMMENT 'text']
//! [WITH { DBPROPERTIES | PROPERTIES } (key = value, ...)], clauses in any order.
class CreateSchemaStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kCreateSchema;
  explicit CreateSchemaStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  bool if_not_exists = false;
  std::vector<std::string> name;
  std::optional<std::string> comment;
  std::vector<Property> properties;
};

//! DROP { SCHEMA | DATABASE | NAMESPACE } [IF EXISTS] name [RESTRICT | CASCADE].
class DropSchemaStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kDropSchema;
  explicit DropSchemaStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  bool if_exists = false;
  std::vector<std::string> name;
  bool cascade = false;  // RESTRICT, the default, is not recorded
};

//! SHOW TABLES [{ FROM | IN } schema] [[LIKE] 'pattern'].
class ShowTablesStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kShowTables;
  explicit ShowTablesStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  std::vector<std::string> schema;  // empty: the current schema
  std::optional<std::string> pattern;
};

//! SHOW { SCHEMAS | DATABASES | NAMESPACES } [{ FROM | IN } catalog] [[LIKE] 'pattern'].
class ShowSchemasStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kShowSchemas;
  explicit ShowSchemasStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  std::vector<std::string> catalog;  // empty: the current catalog
  std::optional<std::string> pattern;
};

//! SHOW CATALOGS [[LIKE] 'pattern'].
class ShowCatalogsStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kShowCatalogs;
  explicit ShowCatalogsStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  std::optional<std::string> pattern;
};

//! SHOW [USER | SYSTEM | ALL] FUNCTIONS [{FROM | IN} schema] [[LIKE] 'pattern' | name].
class ShowFunctionsStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kShowFunctions;
  explicit ShowFunctionsStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  //! Which functions: the session's and the catalog's (USER), the built-in ones (SYSTEM), or
  //! both (ALL, the default).
  enum class Scope { kAll, kUser, kSystem };
  Scope scope = Scope::kAll;
  std::vector<std::string> schema;  // FROM / IN; empty: the current schema
  std::optional<std::string> pattern;
};

//! { DESCRIBE | DESC } FUNCTION [EXTENDED] name.
class DescribeFunctionStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kDescribeFunction;
  explicit DescribeFunctionStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  bool extended = false;
  std::vector<std::string> name;
};

//! { DESCRIBE | DESC } [TABLE] [EXTENDED | FORMATTED] name.
class DescribeTableStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kDescribeTable;
  explicit DescribeTableStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  bool extended = false;
  std::vector<std::string> name;
};

//! { DESCRIBE | DESC } { SCHEMA | DATABASE | NAMESPACE } [EXTENDED] name.
class DescribeSchemaStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kDescribeSchema;
  explicit DescribeSchemaStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  bool extended = false;
  std::vector<std::string> name;
};

//! { DESCRIBE | DESC } HISTORY target [LIMIT n].
class DescribeHistoryStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kDescribeHistory;
  explicit DescribeHistoryStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  TableTarget target;
  std::optional<int64_t> limit;
};

//! { DESCRIBE | DESC } DETAIL target.
class DescribeDetailStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kDescribeDetail;
  explicit DescribeDetailStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  TableTarget target;
};

//! VACUUM target [RETAIN n HOURS] [DRY RUN].
class VacuumStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kVacuum;
  explicit VacuumStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  TableTarget target;
  std::optional<double> retain_hours;  // may be negative as written; VACUUM refuses it
  bool dry_run = false;
};

//! OPTIMIZE target, or REORG TABLE target APPLY (PURGE), Delta's OPTIMIZE of the files with
//! deletion vectors. (WHERE and ZORDER BY parse and are refused as not supported.)
class OptimizeStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kOptimize;
  explicit OptimizeStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  TableTarget target;
  bool purge = false;  // REORG ... APPLY (PURGE)
};

//! One column of ALTER TABLE t ADD COLUMNS (name type [COMMENT 'text'] [FIRST | AFTER c], ...).
struct AddedColumn {
  std::string name;
  DataType type;
  bool not_null = false;  // parsed so that Delta's refusal can name it
  std::optional<std::string> comment;
  bool first = false;
  std::optional<std::string> after;
  SourcePosition position;

  bool operator==(const AddedColumn& other) const {
    return name == other.name && type == other.type && not_null == other.not_null &&
           comment == other.comment && first == other.first && after == other.after;
  }
};

//! ALTER TABLE name followed by one action:
//!   SET TBLPROPERTIES (k = v, ...)            kSetProperties
//!   UNSET TBLPROPERTIES [IF EXISTS] (k, ...)  kUnsetProperties
//!   ADD COLUMN[S] (c type ..., ...)           kAddColumns (parentheses optional for one)
//!   RENAME COLUMN c TO d                      kRenameColumn
//!   DROP COLUMN[S] [IF EXISTS] (c, ...)       kDropColumns
//!   { ALTER | CHANGE } [COLUMN] c { TYPE t | COMMENT 's' | SET NOT NULL | DROP NOT NULL }
//!                                             kAlterColumn
//!   RENAME TO new_name                        kRenameTable
//!   CLUSTER BY (c, ...) | CLUSTER BY NONE       kClusterBy (columns; empty for NONE)
class AlterTableStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kAlterTable;
  explicit AlterTableStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  enum class Action : uint8_t {
    kSetProperties,
    kUnsetProperties,
    kAddColumns,
    kRenameColumn,
    kDropColumns,
    kAlterColumn,
    kRenameTable,
    kClusterBy,
  };
  //! What ALTER COLUMN changes.
  enum class ColumnChange : uint8_t { kType, kComment, kSetNotNull, kDropNotNull };

  std::vector<std::string> name;
  Action action = Action::kSetProperties;
  bool if_exists = false;              // UNSET TBLPROPERTIES / DROP COLUMNS
  std::vector<Property> properties;    // SET TBLPROPERTIES
  std::vector<std::string> keys;       // UNSET TBLPROPERTIES
  std::vector<AddedColumn> added;      // ADD COLUMNS
  std::vector<std::string> columns;    // DROP COLUMNS, CLUSTER BY; the one of RENAME / ALTER
  std::string new_name;                // RENAME COLUMN
  std::vector<std::string> new_table;  // RENAME TO
  ColumnChange change = ColumnChange::kType;
  std::optional<DataType> type;        // ALTER COLUMN ... TYPE
  std::optional<std::string> comment;  // ALTER COLUMN ... COMMENT
  SourcePosition action_position;      // the action's first token
};

//! SHOW TBLPROPERTIES name [('key')].
class ShowTblPropertiesStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kShowTblProperties;
  explicit ShowTblPropertiesStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  std::vector<std::string> name;
  std::optional<std::string> key;
};

//! SHOW COLUMNS { FROM | IN } name [{ FROM | IN } schema].
class ShowColumnsStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kShowColumns;
  explicit ShowColumnsStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  std::vector<std::string> name;
  std::vector<std::string> schema;  // empty when not written
};

//! SHOW CREATE TABLE name.
class ShowCreateTableStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kShowCreateTable;
  explicit ShowCreateTableStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  std::vector<std::string> name;
};

//! RESTORE [TABLE] name [TO] { VERSION | TIMESTAMP } AS OF value.
class RestoreStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kRestore;
  explicit RestoreStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  std::vector<std::string> name;
  TimeTravel to;
};

}  // namespace sluice::sql
