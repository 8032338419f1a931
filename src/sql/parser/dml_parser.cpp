// src/sql/parser/dml_parser.cpp
//
// INSERT, DELETE, UPDATE and MERGE, as Spark's grammar has them:
//   INSERT INTO [TABLE] t [PARTITION (p = v, ...)] [(c, ...) | BY NAME] query
//   INSERT INTO [TABLE] t [BY NAME] REPLACE WHERE condition query
//   INSERT OVERWRITE [TABLE] t [PARTITION (p = v, ...)] [(c, ...) | BY NAME] query
//   DELETE FROM t [[AS] alias] [WHERE condition]
//   UPDATE t [[AS] alias] SET c = e, ... [WHERE condition]
//   MERGE [WITH SCHEMA EVOLUTION] INTO t [[AS] alias] USING { s | (query) } [[AS] alias]
//     ON condition { WHEN MATCHED [AND c] THEN { UPDATE SET { * | c = e, ... } | DELETE }
//                  | WHEN NOT MATCHED [BY TARGET] [AND c] THEN INSERT { * | (c, ...) VALUES (e,
//                  ...) } | WHEN NOT MATCHED BY SOURCE [AND c] THEN { UPDATE SET c = e, ... |
//                  DELETE } } ...
// The WHEN clauses may come in any order, as Databricks allows; within each kind only the last
// may omit its condition.
// PARTITION ... IF NOT EXISTS parses and is refused as not supported.
#include <fmt/format.h>

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
  // SET and WHERE continue the statement (USING is reserved); any other word that may alias
  // a table is one.
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

std::vector<Assignment> TokenParser::parseAssignments() {
  std::vector<Assignment> assignments;
  do {
    Assignment assignment;
    assignment.position = current().position;
    assignment.column = parseTableName();
    if (!check(TokenKind::kEq) || current().text != "=")
      fail(current(), "expected '='");
    advance();
    if (checkKeyword(Keyword::kDefault) &&
        (peek(1).is(TokenKind::kComma) || peek(1).isKeyword(Keyword::kWhere) ||
         peek(1).isKeyword(Keyword::kWhen) || peek(1).is(TokenKind::kEnd))) {
      failNotSupported(current(), "SET column = DEFAULT");
    }
    assignment.value = parseExpression();
    assignments.push_back(std::move(assignment));
  } while (match(TokenKind::kComma));
  return assignments;
}

StatementPtr TokenParser::parseUpdate() {
  auto statement = std::make_unique<UpdateStatement>(advance().position);
  statement->target_position = current().position;
  statement->target = parseTableName();
  statement->alias = parseTargetAlias();
  expectKeyword(Keyword::kSet);
  statement->assignments = parseAssignments();
  if (matchKeyword(Keyword::kWhere))
    statement->condition = parseExpression();
  return statement;
}

MergeClause TokenParser::parseMergeClause() {
  MergeClause clause;
  clause.position = current().position;
  expectKeyword(Keyword::kWhen);
  if (matchKeyword(Keyword::kNot)) {
    expectKeyword(Keyword::kMatched);
    clause.kind = MergeClauseKind::kNotMatched;
    if (matchKeyword(Keyword::kBy)) {
      if (matchKeyword(Keyword::kSource)) {
        clause.kind = MergeClauseKind::kNotMatchedBySource;
      } else if (!matchKeyword(Keyword::kTarget)) {
        fail(current(), "expected TARGET or SOURCE");
      }
    }
  } else {
    expectKeyword(Keyword::kMatched);
  }
  if (matchKeyword(Keyword::kAnd))
    clause.condition = parseExpression();
  expectKeyword(Keyword::kThen);
  const Token& action = current();
  if (clause.kind == MergeClauseKind::kNotMatched) {
    if (!action.isKeyword(Keyword::kInsert))
      fail(action, "expected INSERT");
    advance();
    if (match(TokenKind::kStar)) {
      clause.action = MergeActionKind::kInsertAll;
      return clause;
    }
    clause.action = MergeActionKind::kInsert;
    std::vector<std::vector<std::string>> columns;
    std::vector<SourcePosition> positions;
    expect(TokenKind::kLeftParen);
    do {
      positions.push_back(current().position);
      columns.push_back(parseTableName());
    } while (match(TokenKind::kComma));
    expect(TokenKind::kRightParen);
    const Token& values = current();
    expectKeyword(Keyword::kValues);
    expect(TokenKind::kLeftParen);
    std::vector<ExprPtr> exprs;
    do {
      if (checkKeyword(Keyword::kDefault) &&
          (peek(1).is(TokenKind::kComma) || peek(1).is(TokenKind::kRightParen))) {
        failNotSupported(current(), "A value of DEFAULT");
      }
      exprs.push_back(parseExpression());
    } while (match(TokenKind::kComma));
    expect(TokenKind::kRightParen);
    if (exprs.size() != columns.size()) {
      failWith(ErrorClass::INVALID_SQL_SYNTAX, values,
               fmt::format("The number of inserted values ({}) does not match the number of "
                           "columns ({}).",
                           exprs.size(), columns.size()));
    }
    for (size_t index = 0; index < columns.size(); ++index) {
      Assignment assignment;
      assignment.column = std::move(columns[index]);
      assignment.value = std::move(exprs[index]);
      assignment.position = positions[index];
      clause.assignments.push_back(std::move(assignment));
    }
    return clause;
  }
  if (matchKeyword(Keyword::kDelete)) {
    clause.action = MergeActionKind::kDelete;
    return clause;
  }
  if (!action.isKeyword(Keyword::kUpdate))
    fail(action, "expected UPDATE or DELETE");
  advance();
  expectKeyword(Keyword::kSet);
  if (clause.kind == MergeClauseKind::kMatched && match(TokenKind::kStar)) {
    clause.action = MergeActionKind::kUpdateAll;
    return clause;
  }
  clause.action = MergeActionKind::kUpdate;
  clause.assignments = parseAssignments();
  return clause;
}

StatementPtr TokenParser::parseMerge() {
  auto statement = std::make_unique<MergeStatement>(advance().position);
  if (matchKeyword(Keyword::kWith)) {
    expectKeyword(Keyword::kSchema);
    expectKeyword(Keyword::kEvolution);
    statement->schema_evolution = true;
  }
  expectKeyword(Keyword::kInto);
  statement->target_position = current().position;
  statement->target = parseTableName();
  statement->alias = parseTargetAlias();
  expectKeyword(Keyword::kUsing);
  if (!check(TokenKind::kLeftParen) && !isIdentifier(current()))
    fail(current(), "expected a table name or a parenthesised query");
  if (check(TokenKind::kLeftParen) && !parenStartsQuery(index_))
    fail(peek(1), "expected a query");
  statement->source = parseRelationPrimary();
  expectKeyword(Keyword::kOn);
  statement->condition = parseExpression();
  if (!checkKeyword(Keyword::kWhen)) {
    failWith(ErrorClass::INVALID_SQL_SYNTAX, current(),
             "There must be at least one WHEN clause in a MERGE statement.");
  }
  while (checkKeyword(Keyword::kWhen))
    statement->clauses.push_back(parseMergeClause());
  // Within each kind of clause, only the last may omit its condition.
  auto check_conditions = [&](MergeClauseKind kind, ErrorClass error_class, const char* name) {
    const MergeClause* unconditional = nullptr;
    for (const MergeClause& clause : statement->clauses) {
      if (clause.kind != kind)
        continue;
      if (unconditional != nullptr) {
        throw Error(error_class,
                    fmt::format("When there are more than one {} clauses in a MERGE statement, "
                                "only the last {} clause can omit the condition.",
                                name, name))
            .withLocation(source_->locate(unconditional->position));
      }
      if (!clause.condition)
        unconditional = &clause;
    }
  };
  check_conditions(MergeClauseKind::kMatched, ErrorClass::NON_LAST_MATCHED_CLAUSE_OMIT_CONDITION,
                   "MATCHED");
  check_conditions(MergeClauseKind::kNotMatched,
                   ErrorClass::NON_LAST_NOT_MATCHED_BY_TARGET_CLAUSE_OMIT_CONDITION,
                   "NOT MATCHED [BY TARGET]");
  check_conditions(MergeClauseKind::kNotMatchedBySource,
                   ErrorClass::NON_LAST_NOT_MATCHED_BY_SOURCE_CLAUSE_OMIT_CONDITION,
                   "NOT MATCHED BY SOURCE");
  return statement;
}

}  // namespace sluice::sql
