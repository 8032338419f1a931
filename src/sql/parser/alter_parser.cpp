// src/sql/parser/alter_parser.cpp
//
// ALTER TABLE in Spark's and Delta's grammar:
//   ALTER TABLE t SET TBLPROPERTIES (k = v, ...)
//   ALTER TABLE t UNSET TBLPROPERTIES [IF EXISTS] (k, ...)
//   ALTER TABLE t ADD {COLUMN | COLUMNS} [(]c type [NOT NULL] [COMMENT 's'] [FIRST | AFTER d],
//     ...[)]
//   ALTER TABLE t RENAME COLUMN c TO d
//   ALTER TABLE t DROP {COLUMN | COLUMNS} [IF EXISTS] [(]c, ...[)]
//   ALTER TABLE t {ALTER | CHANGE} [COLUMN] c {TYPE type | COMMENT 's' | {SET | DROP} NOT NULL}
//   ALTER TABLE t RENAME TO u
//   ALTER TABLE t CLUSTER BY {(c, ...) | NONE}
//   RESTORE [TABLE] t [TO] {VERSION | TIMESTAMP} AS OF value
// Nested column names (a.b) are checked, then refused as not supported.
#include <fmt/format.h>

#include "sql/parser/token_parser.hpp"

namespace sluice::sql {

std::string TokenParser::parseAlterColumnName() {
  std::string name = parseAnyName("a column name");
  if (check(TokenKind::kDot))
    failNotSupported(current(), "ALTER TABLE of a nested field");
  return name;
}

AddedColumn TokenParser::parseAddedColumn() {
  AddedColumn column;
  column.position = current().position;
  column.name = parseAlterColumnName();
  column.type = parseDataType();
  while (true) {
    if (checkKeyword(Keyword::kNot) && peek(1).isKeyword(Keyword::kNull)) {
      advance();
      advance();
      column.not_null = true;
    } else if (checkKeyword(Keyword::kComment)) {
      if (column.comment)
        failDuplicateClause(current(), "COMMENT");
      advance();
      column.comment = parseStringValue();
    } else if (checkKeyword(Keyword::kDefault)) {
      failNotSupported(current(), "A column DEFAULT in ALTER TABLE ADD COLUMNS");
    } else {
      break;
    }
  }
  if (matchKeyword(Keyword::kFirst)) {
    column.first = true;
  } else if (matchWord("AFTER")) {
    column.after = parseAlterColumnName();
  }
  return column;
}

StatementPtr TokenParser::parseAlterTable() {
  const Token& alter = advance();
  advance();  // TABLE
  auto statement = std::make_unique<AlterTableStatement>(alter.position);
  statement->name = parseTableName();
  const Token& action = current();
  statement->action_position = action.position;
  using Action = AlterTableStatement::Action;
  if (action.isKeyword(Keyword::kSet) && peek(1).isKeyword(Keyword::kTblproperties)) {
    advance();
    advance();
    statement->action = Action::kSetProperties;
    statement->properties = parsePropertyList();
    for (const Property& property : statement->properties) {
      if (!property.value) {
        failWith(ErrorClass::INVALID_SQL_SYNTAX, action,
                 fmt::format("Values must be specified for key(s): [{}].", property.key));
      }
    }
    return statement;
  }
  if (checkWord("UNSET") && peek(1).isKeyword(Keyword::kTblproperties)) {
    advance();
    advance();
    statement->action = Action::kUnsetProperties;
    if (matchKeyword(Keyword::kIf)) {
      expectKeyword(Keyword::kExists);
      statement->if_exists = true;
    }
    for (Property& property : parsePropertyList()) {
      if (property.value) {
        failWith(ErrorClass::INVALID_SQL_SYNTAX, action,
                 fmt::format("Values should not be specified for key(s): [{}].", property.key));
      }
      statement->keys.push_back(std::move(property.key));
    }
    return statement;
  }
  if (checkWord("ADD") && (checkWord("COLUMN", 1) || peek(1).isKeyword(Keyword::kColumns))) {
    advance();
    advance();
    statement->action = Action::kAddColumns;
    bool parenthesized = match(TokenKind::kLeftParen);
    do {
      statement->added.push_back(parseAddedColumn());
    } while (match(TokenKind::kComma));
    if (parenthesized)
      expect(TokenKind::kRightParen);
    return statement;
  }
  if (checkWord("RENAME") && checkWord("COLUMN", 1)) {
    advance();
    advance();
    statement->action = Action::kRenameColumn;
    statement->columns.push_back(parseAlterColumnName());
    expectKeyword(Keyword::kTo);
    statement->new_name = parseAnyName("a column name");
    return statement;
  }
  if (checkWord("RENAME") && peek(1).isKeyword(Keyword::kTo)) {
    advance();
    advance();
    statement->action = Action::kRenameTable;
    statement->new_table = parseTableName();
    return statement;
  }
  if (action.isKeyword(Keyword::kDrop) &&
      (checkWord("COLUMN", 1) || peek(1).isKeyword(Keyword::kColumns))) {
    advance();
    advance();
    statement->action = Action::kDropColumns;
    if (checkKeyword(Keyword::kIf) && peek(1).isKeyword(Keyword::kExists)) {
      advance();
      advance();
      statement->if_exists = true;
    }
    bool parenthesized = match(TokenKind::kLeftParen);
    do {
      statement->columns.push_back(parseAlterColumnName());
    } while (match(TokenKind::kComma));
    if (parenthesized)
      expect(TokenKind::kRightParen);
    return statement;
  }
  if (checkWord("ALTER") || checkWord("CHANGE")) {
    advance();
    // COLUMN is optional: in ALTER TABLE t ALTER column TYPE ... the word names the column,
    // since what follows it starts the change instead of naming a column.
    auto startsChange = [](const Token& token) {
      return token.isKeyword(Keyword::kType) || token.isKeyword(Keyword::kComment) ||
             token.isKeyword(Keyword::kSet) || token.isKeyword(Keyword::kDrop);
    };
    if (checkWord("COLUMN") && isAnyName(peek(1)) &&
        (startsChange(peek(2)) || !startsChange(peek(1)))) {
      advance();
    }
    statement->action = Action::kAlterColumn;
    statement->columns.push_back(parseAlterColumnName());
    using Change = AlterTableStatement::ColumnChange;
    if (matchKeyword(Keyword::kType)) {
      statement->change = Change::kType;
      statement->type = parseDataType();
    } else if (matchKeyword(Keyword::kComment)) {
      statement->change = Change::kComment;
      statement->comment = parseStringValue();
    } else if (checkKeyword(Keyword::kSet) || checkKeyword(Keyword::kDrop)) {
      statement->change =
          advance().isKeyword(Keyword::kSet) ? Change::kSetNotNull : Change::kDropNotNull;
      expectKeyword(Keyword::kNot);
      expectKeyword(Keyword::kNull);
    } else {
      fail(current(), "expected TYPE, COMMENT, SET NOT NULL or DROP NOT NULL");
    }
    return statement;
  }
  if (action.isKeyword(Keyword::kCluster)) {
    advance();
    expectKeyword(Keyword::kBy);
    statement->action = AlterTableStatement::Action::kClusterBy;
    if (!matchKeyword(Keyword::kNoneWord)) {
      expect(TokenKind::kLeftParen);
      do {
        statement->columns.push_back(parseAlterColumnName());
      } while (match(TokenKind::kComma));
      expect(TokenKind::kRightParen);
    }
    return statement;
  }
  fail(action,
       "expected SET TBLPROPERTIES, UNSET TBLPROPERTIES, ADD COLUMNS, RENAME COLUMN, DROP "
       "COLUMNS, ALTER COLUMN, RENAME TO or CLUSTER BY");
}

StatementPtr TokenParser::parseRestore() {
  const Token& restore = advance();
  auto statement = std::make_unique<RestoreStatement>(restore.position);
  // TABLE is optional: RESTORE table TO ... restores a table named `table`.
  if (checkKeyword(Keyword::kTable) && isAnyName(peek(1)) && !peek(1).isKeyword(Keyword::kTo) &&
      !peek(1).isKeyword(Keyword::kVersion) && !peek(1).isKeyword(Keyword::kTimestamp)) {
    advance();
  }
  statement->name = parseTableName();
  matchKeyword(Keyword::kTo);
  std::optional<TimeTravel> to = parseTimeTravel();
  if (!to)
    fail(current(), "expected VERSION AS OF or TIMESTAMP AS OF");
  statement->to = std::move(*to);
  return statement;
}

}  // namespace sluice::sql
