// src/sql/parser/dml_parser.cpp
//
// INSERT, DELETE and UPDATE, as Spark's grammar has them:
//   INSERT INTO [TABLE] t [PARTITION (p = v, ...)] [(c, ...) | BY NAME] query
//   INSERT INTO [TABLE] t [BY NAME] REPLACE WHERE condition query
//   INSERT OVERWRITE [TABLE] t [PARTITION (p = v, ...)] [(c, ...) | BY NAME] query
//   DELETE FROM t [[AS] alias] [WHERE condition]
//   UPDATE t [[AS] alias] SET c = e, ... [WHERE condition]
// PARTITION ... IF NOT EXISTS parses and is refused as not supported.
#include "sql/parser/token_parser.hpp"

namespace sluice::sql {

std::vector<PartitionValue> TokenParser::parsePartitionValues() {
  expect(TokenKind::kLeftParen);
  std::vector<PartitionValue> values;
  do {
    PartitionValue value;
    value.position = current().position;
    value.column = parseIdentifier("a partition column");
    if (match(TokenKind::kEq)) {
      if (checkKeyword(Keyword::kDefault))
        failNotSupported(current(), "A partition value of DEFAULT");
      value.value = parseValue(0);
    }
    values.push_back(std::move(value));
  } while (match(TokenKind::kComma));
  expect(TokenKind::kRightParen);
  return values;
}

StatementPtr TokenParser::parseInsert() {
  auto statement = std::make_unique<InsertStatement>(advance().position);
  if (matchKeyword(Keyword::kOverwrite)) {
    statement->overwrite = true;
  } else {
    expectKeyword(Keyword::kInto);
  }
  // TABLE is optional before the name; `INSERT INTO table ...` still names a table `table`
  // when no name follows the word.
  if (checkKeyword(Keyword::kTable) && isIdentifier(peek(1)))
    advance();
  statement->target_position = current().position;
  statement->target = parseTableName();
  if (checkKeyword(Keyword::kPartition) && peek(1).is(TokenKind::kLeftParen)) {
    advance();
    statement->partition = parsePartitionValues();
    if (checkKeyword(Keyword::kIf))
      failNotSupported(current(), "PARTITION ... IF NOT EXISTS");
  }
  if (check(TokenKind::kLeftParen) && !parenStartsQuery(index_)) {
    statement->columns = parseIdentifierList();
  } else if (checkKeyword(Keyword::kBy) && peek(1).isKeyword(Keyword::kName)) {
    advance();
    advance();
    statement->by_name = true;
  }
  if (checkKeyword(Keyword::kReplace) && peek(1).isKeyword(Keyword::kWhere)) {
    const Token& replace = current();
    if (statement->overwrite || !statement->partition.empty() || !statement->columns.empty()) {
      failWith(ErrorClass::INVALID_SQL_SYNTAX, replace,
               "REPLACE WHERE is written as INSERT INTO t [BY NAME] REPLACE WHERE condition "
               "query, without OVERWRITE, PARTITION or a column list.");
    }
    advance();
    advance();
    statement->replace_where = parseExpression();
  }
  statement->query = parseQuery();
  return statement;
}

std::string TokenParser::parseTargetAlias() {
  if (matchKeyword(Keyword::kAs))
    return parseIdentifier("an alias");
  // SET and WHERE continue the statement; any other word that may alias a table is one.
  if (isImplicitAlias(current()) && !checkKeyword(Keyword::kSet) && !checkKeyword(Keyword::kWhere))
    return advance().value;
  return "";
}

StatementPtr TokenParser::parseDelete() {
  auto statement = std::make_unique<DeleteStatement>(advance().position);
  expectKeyword(Keyword::kFrom);
  statement->target_position = current().position;
  statement->target = parseTableName();
  statement->alias = parseTargetAlias();
  if (matchKeyword(Keyword::kWhere))
    statement->condition = parseExpression();
  return statement;
}

StatementPtr TokenParser::parseUpdate() {
  auto statement = std::make_unique<UpdateStatement>(advance().position);
  statement->target_position = current().position;
  statement->target = parseTableName();
  statement->alias = parseTargetAlias();
  expectKeyword(Keyword::kSet);
  do {
    Assignment assignment;
    assignment.position = current().position;
    assignment.column = parseTableName();
    if (!check(TokenKind::kEq) || current().text != "=")
      fail(current(), "expected '='");
    advance();
    if (checkKeyword(Keyword::kDefault) &&
        (peek(1).is(TokenKind::kComma) || peek(1).isKeyword(Keyword::kWhere) ||
         peek(1).is(TokenKind::kEnd))) {
      failNotSupported(current(), "SET column = DEFAULT");
    }
    assignment.value = parseExpression();
    statement->assignments.push_back(std::move(assignment));
  } while (match(TokenKind::kComma));
  if (matchKeyword(Keyword::kWhere))
    statement->condition = parseExpression();
  return statement;
}

}  // namespace sluice::sql
