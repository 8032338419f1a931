// src/sql/parser/variable_parser.cpp
//
// The statements of session variables: DECLARE VARIABLE, SET VARIABLE and DROP TEMPORARY
// VARIABLE, as Spark 4 writes them. The values are built into queries (SELECT default; SELECT
// e1, e2, ...) that the session runs.
#include "sql/parser/token_parser.hpp"

namespace sluice::sql {

namespace {

//! SELECT exprs..., positioned at `at`.
QueryPtr selectOf(std::vector<ExprPtr> exprs, SourcePosition at) {
  auto body = std::make_unique<SelectBody>(at);
  for (ExprPtr& expr : exprs) {
    SelectItem item;
    item.position = expr->position;
    item.expr = std::move(expr);
    body->items.push_back(std::move(item));
  }
  auto query = std::make_unique<Query>(at);
  query->body = std::move(body);
  return query;
}

}  // namespace

std::vector<std::string> TokenParser::parseVariableName() {
  std::vector<std::string> name;
  name.push_back(parseIdentifier("a variable name"));
  while (check(TokenKind::kDot) && isAnyName(peek(1))) {
    advance();
    name.push_back(parseAnyName("a variable name"));
  }
  return name;
}

StatementPtr TokenParser::parseDeclareVariable() {
  const Token& declare = advance();
  auto statement = std::make_unique<DeclareVariableStatement>(declare.position);
  if (matchKeyword(Keyword::kOr)) {
    expectKeyword(Keyword::kReplace);
    statement->or_replace = true;
  }
  // VARIABLE (or VAR) is optional: a name follows it.
  if ((checkKeyword(Keyword::kVariable) || checkKeyword(Keyword::kVar)) &&
      !peek(1).is(TokenKind::kEnd) && !peek(1).is(TokenKind::kEq) &&
      !peek(1).isKeyword(Keyword::kDefault)) {
    advance();
  }
  do {
    statement->names.push_back(parseVariableName());
  } while (match(TokenKind::kComma));
  if (!atEnd() && !check(TokenKind::kEq) && !checkKeyword(Keyword::kDefault))
    statement->type = parseDataType();
  if (match(TokenKind::kEq) || matchKeyword(Keyword::kDefault)) {
    ExprPtr value = parseExpression();
    SourcePosition at = value->position;
    std::vector<ExprPtr> values;
    values.push_back(std::move(value));
    statement->default_query = selectOf(std::move(values), at);
  }
  if (!statement->type && !statement->default_query) {
    throw Error(ErrorClass::INVALID_SQL_SYNTAX, "VARIABLE_TYPE_OR_DEFAULT_REQUIRED",
                "Invalid SQL syntax: The definition of a SQL variable requires either a datatype "
                "or a DEFAULT clause. For example, use `DECLARE name STRING` or `DECLARE name = "
                "'SQL'` instead of `DECLARE name`.")
        .withLocation(source_->locate(declare.position));
  }
  return statement;
}

StatementPtr TokenParser::parseSetVariable(const Token& set) {
  advance();  // VARIABLE or VAR
  auto statement = std::make_unique<SetVariableStatement>(set.position);
  if (check(TokenKind::kLeftParen)) {
    // SET VARIABLE (a, b) = (query)
    statement->row_form = true;
    advance();
    if (check(TokenKind::kRightParen)) {
      failWith(ErrorClass::INVALID_SET_SYNTAX, set,
               "Expected format is 'SET', 'SET key', or 'SET key=value'. If you want to include "
               "special characters in key, or include semicolon in value, please use backquotes, "
               "e.g., SET `key`=`value`.");
    }
    do {
      statement->names.push_back(parseVariableName());
    } while (match(TokenKind::kComma));
    expect(TokenKind::kRightParen);
    expect(TokenKind::kEq);
    expect(TokenKind::kLeftParen);
    statement->query = parseQuery();
    expect(TokenKind::kRightParen);
    return statement;
  }
  std::vector<ExprPtr> values;
  do {
    statement->names.push_back(parseVariableName());
    expect(TokenKind::kEq);
    if (checkKeyword(Keyword::kDefault) &&
        (peek(1).is(TokenKind::kEnd) || peek(1).is(TokenKind::kComma))) {
      // Stands in for the value; the session evaluates the variable's default instead.
      values.push_back(std::make_unique<LiteralExpr>(advance().position));
      statement->to_default.push_back(true);
    } else {
      values.push_back(parseExpression());
      statement->to_default.push_back(false);
    }
  } while (match(TokenKind::kComma));
  statement->query = selectOf(std::move(values), set.position);
  return statement;
}

StatementPtr TokenParser::parseDropVariable(const Token& drop) {
  advance();  // TEMPORARY or TEMP
  advance();  // VARIABLE or VAR
  auto statement = std::make_unique<DropVariableStatement>(drop.position);
  if (matchKeyword(Keyword::kIf)) {
    expectKeyword(Keyword::kExists);
    statement->if_exists = true;
  }
  statement->name = parseVariableName();
  return statement;
}

}  // namespace sluice::sql
