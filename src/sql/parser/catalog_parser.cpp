// src/sql/parser/catalog_parser.cpp
//
// The catalog statements of a query session, in Spark's and Delta's grammar:
//   SHOW TABLES [{FROM | IN} schema] [[LIKE] 'pattern']
//   SHOW {SCHEMAS | DATABASES | NAMESPACES} [{FROM | IN} catalog] [[LIKE] 'pattern']
//   SHOW CATALOGS [[LIKE] 'pattern']
//   SHOW TBLPROPERTIES t [('key')]
//   SHOW COLUMNS {FROM | IN} t [{FROM | IN} schema]
//   SHOW CREATE TABLE t
//   SHOW [USER | SYSTEM | ALL] FUNCTIONS [{FROM | IN} schema] [[LIKE] 'pattern' | name]
//   {DESCRIBE | DESC} FUNCTION [EXTENDED] f
//   {DESCRIBE | DESC} [TABLE] [EXTENDED | FORMATTED] t
//   {DESCRIBE | DESC} {SCHEMA | DATABASE | NAMESPACE} [EXTENDED] s
//   {DESCRIBE | DESC} HISTORY {t | 'path'} [LIMIT n]
//   {DESCRIBE | DESC} DETAIL {t | 'path'}
//   CREATE {SCHEMA | DATABASE | NAMESPACE} [IF NOT EXISTS] s [COMMENT 'c']
//     [WITH {DBPROPERTIES | PROPERTIES} (k = v, ...)]
//   DROP TABLE [IF EXISTS] t
//   DROP {SCHEMA | DATABASE | NAMESPACE} [IF EXISTS] s [RESTRICT | CASCADE]
//   VACUUM {t | 'path'} [RETAIN n HOURS] [DRY RUN]
//   OPTIMIZE {t | 'path'}
//   REORG TABLE {t | 'path'} APPLY (PURGE)
// OPTIMIZE ... WHERE / ZORDER BY, CREATE SCHEMA ... LOCATION, DESCRIBE QUERY and
// DESCRIBE of one column are checked, then refused as not supported.
#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <cstdlib>

#include "sql/parser/token_parser.hpp"

namespace sluice::sql {

namespace {

bool isSchemaWord(const Token& token) {
  return token.isKeyword(Keyword::kSchema) || token.isKeyword(Keyword::kDatabase) ||
         token.isKeyword(Keyword::kNamespace);
}

}  // namespace

bool TokenParser::checkKeywordBeforeName(Keyword keyword) const {
  const Token& next = peek(1);
  return checkKeyword(keyword) && !next.is(TokenKind::kEnd) && !next.is(TokenKind::kDot);
}

std::optional<std::string> TokenParser::parseShowPattern() {
  if (matchKeyword(Keyword::kLike))
    return parseStringValue();
  if (check(TokenKind::kString))
    return parseStringValue();
  return std::nullopt;
}

TableTarget TokenParser::parseTableTarget() {
  TableTarget target;
  target.position = current().position;
  if (check(TokenKind::kString)) {
    target.path = parseStringValue();
  } else {
    target.name = parseTableName();
  }
  return target;
}

StatementPtr TokenParser::parseShow() {
  const Token& show = advance();
  const Token& what = current();
  if (what.isKeyword(Keyword::kTables)) {
    advance();
    auto statement = std::make_unique<ShowTablesStatement>(show.position);
    if (matchKeyword(Keyword::kFrom) || matchKeyword(Keyword::kIn))
      statement->schema = parseTableName();
    statement->pattern = parseShowPattern();
    return statement;
  }
  if (what.isKeyword(Keyword::kSchemas) || what.isKeyword(Keyword::kDatabases) ||
      what.isKeyword(Keyword::kNamespaces)) {
    advance();
    auto statement = std::make_unique<ShowSchemasStatement>(show.position);
    if (matchKeyword(Keyword::kFrom) || matchKeyword(Keyword::kIn))
      statement->catalog = parseTableName();
    statement->pattern = parseShowPattern();
    return statement;
  }
  if (what.isKeyword(Keyword::kTblproperties)) {
    advance();
    auto statement = std::make_unique<ShowTblPropertiesStatement>(show.position);
    statement->name = parseTableName();
    if (check(TokenKind::kLeftParen)) {
      const Token& open = current();
      std::vector<Property> keys = parsePropertyList();
      if (keys.size() != 1 || keys[0].value)
        fail(open, "expected one property key");
      statement->key = keys[0].key;
    }
    return statement;
  }
  if (what.isKeyword(Keyword::kCreate)) {
    advance();
    expectKeyword(Keyword::kTable);
    auto statement = std::make_unique<ShowCreateTableStatement>(show.position);
    statement->name = parseTableName();
    return statement;
  }
  if (what.isKeyword(Keyword::kColumns)) {
    advance();
    auto statement = std::make_unique<ShowColumnsStatement>(show.position);
    if (!matchKeyword(Keyword::kFrom) && !matchKeyword(Keyword::kIn))
      fail(current(), "expected FROM or IN");
    statement->name = parseTableName();
    if (matchKeyword(Keyword::kFrom) || matchKeyword(Keyword::kIn))
      statement->schema = parseTableName();
    return statement;
  }
  if (what.isKeyword(Keyword::kCatalogs)) {
    advance();
    auto statement = std::make_unique<ShowCatalogsStatement>(show.position);
    statement->pattern = parseShowPattern();
    return statement;
  }
  if (checkWord("FUNCTIONS") ||
      ((what.isKeyword(Keyword::kUser) || what.isKeyword(Keyword::kSystem) ||
        what.isKeyword(Keyword::kAll)) &&
       checkWord("FUNCTIONS", 1))) {
    auto statement = std::make_unique<ShowFunctionsStatement>(show.position);
    if (what.isKeyword(Keyword::kUser))
      statement->scope = ShowFunctionsStatement::Scope::kUser;
    if (what.isKeyword(Keyword::kSystem))
      statement->scope = ShowFunctionsStatement::Scope::kSystem;
    if (!checkWord("FUNCTIONS"))
      advance();
    advance();
    if (matchKeyword(Keyword::kFrom) || matchKeyword(Keyword::kIn))
      statement->schema = parseTableName();
    bool like = matchKeyword(Keyword::kLike);
    if (check(TokenKind::kString)) {
      statement->pattern = parseStringValue();
    } else if (!atEnd()) {
      // A function name instead of a pattern lists that function when it exists.
      std::vector<std::string> name = parseTableName();
      statement->pattern = name.back();
    } else if (like) {
      fail(current(), "expected a pattern");
    }
    return statement;
  }
  fail(what,
       "expected TABLES, SCHEMAS, DATABASES, NAMESPACES, CATALOGS, FUNCTIONS, TBLPROPERTIES or "
       "COLUMNS");
}

StatementPtr TokenParser::parseDescribe() {
  const Token& describe = advance();
  if (checkKeywordBeforeName(Keyword::kHistory)) {
    advance();
    auto statement = std::make_unique<DescribeHistoryStatement>(describe.position);
    statement->target = parseTableTarget();
    if (matchKeyword(Keyword::kLimit)) {
      const Token& limit = current();
      if (!limit.is(TokenKind::kInteger))
        fail(limit, "expected an integer");
      advance();
      errno = 0;
      char* end = nullptr;
      long long value = std::strtoll(limit.value.c_str(), &end, 10);
      if (errno == ERANGE || *end != '\0') {
        failWith(ErrorClass::INVALID_SQL_SYNTAX, limit,
                 fmt::format("The LIMIT of DESCRIBE HISTORY is out of range: {}.", limit.text));
      }
      statement->limit = value;
    }
    return statement;
  }
  if (checkKeywordBeforeName(Keyword::kDetail)) {
    advance();
    auto statement = std::make_unique<DescribeDetailStatement>(describe.position);
    statement->target = parseTableTarget();
    return statement;
  }
  if (isSchemaWord(current()) && !peek(1).is(TokenKind::kEnd) && !peek(1).is(TokenKind::kDot)) {
    advance();
    auto statement = std::make_unique<DescribeSchemaStatement>(describe.position);
    statement->extended = checkKeywordBeforeName(Keyword::kExtended);
    if (statement->extended)
      advance();
    statement->name = parseTableName();
    return statement;
  }
  if (checkKeywordBeforeName(Keyword::kFunction)) {
    advance();
    auto statement = std::make_unique<DescribeFunctionStatement>(describe.position);
    statement->extended = checkKeywordBeforeName(Keyword::kExtended);
    if (statement->extended)
      advance();
    if (check(TokenKind::kString)) {
      statement->name = {parseStringValue()};
    } else if (!atEnd() && !isAnyName(current())) {
      // An operator: DESCRIBE FUNCTION + documents the function of that name.
      statement->name = {std::string(advance().text)};
    } else {
      statement->name = parseTableName();
    }
    if (!atEnd())
      fail(current(), "");
    return statement;
  }
  if (checkWord("QUERY") && startsQuery(peek(1))) {
    failNotSupported(current(), "DESCRIBE QUERY");
  }
  auto statement = std::make_unique<DescribeTableStatement>(describe.position);
  matchKeyword(Keyword::kTable);
  if (checkKeywordBeforeName(Keyword::kExtended) || checkKeywordBeforeName(Keyword::kFormatted)) {
    advance();
    statement->extended = true;
  }
  statement->name = parseTableName();
  if (!atEnd() && isAnyName(current())) {
    const Token& column = current();
    parseTableName();
    failNotSupported(column, "DESCRIBE of a column");
  }
  return statement;
}

StatementPtr TokenParser::parseVacuum() {
  const Token& vacuum = advance();
  auto statement = std::make_unique<VacuumStatement>(vacuum.position);
  statement->target = parseTableTarget();
  if (matchKeyword(Keyword::kRetain)) {
    bool negative = match(TokenKind::kMinus);
    const Token& number = current();
    if (!number.isNumber())
      fail(number, "expected a number of hours");
    advance();
    double hours = std::strtod(number.value.c_str(), nullptr);
    if (!std::isfinite(hours)) {
      failWith(ErrorClass::INVALID_SQL_SYNTAX, number,
               fmt::format("The retention of VACUUM is out of range: {}.", number.text));
    }
    statement->retain_hours = negative ? -hours : hours;
    expectKeyword(Keyword::kHours);
  }
  if (matchKeyword(Keyword::kDry)) {
    expectKeyword(Keyword::kRun);
    statement->dry_run = true;
  }
  if (!atEnd())
    fail(current(), statement->dry_run ? "" : "expected RETAIN or DRY RUN");
  return statement;
}

StatementPtr TokenParser::parseOptimize() {
  const Token& optimize = advance();
  auto statement = std::make_unique<OptimizeStatement>(optimize.position);
  statement->target = parseTableTarget();
  const Token* refused = nullptr;
  std::string_view refused_what;
  if (checkKeyword(Keyword::kWhere)) {
    refused = &advance();
    refused_what = "OPTIMIZE ... WHERE";
    parseExpression();
  }
  if (checkKeyword(Keyword::kZorder)) {
    const Token& zorder = advance();
    expectKeyword(Keyword::kBy);
    bool parenthesized = match(TokenKind::kLeftParen);
    do {
      parseTableName();
    } while (match(TokenKind::kComma));
    if (parenthesized)
      expect(TokenKind::kRightParen);
    if (refused == nullptr) {
      refused = &zorder;
      refused_what = "OPTIMIZE ... ZORDER BY";
    }
  }
  if (!atEnd())
    fail(current(), refused ? "" : "expected WHERE or ZORDER BY");
  if (refused != nullptr)
    failNotSupported(*refused, refused_what);
  return statement;
}

StatementPtr TokenParser::parseReorg() {
  const Token& reorg = advance();
  advance();  // TABLE
  auto statement = std::make_unique<OptimizeStatement>(reorg.position);
  statement->target = parseTableTarget();
  if (checkKeyword(Keyword::kWhere)) {
    const Token& where = advance();
    parseExpression();
    expectKeyword(Keyword::kApply);
    failNotSupported(where, "REORG TABLE ... WHERE");
  }
  expectKeyword(Keyword::kApply);
  expect(TokenKind::kLeftParen);
  if (!checkWord("PURGE")) {
    if (checkWord("UPGRADE"))
      failNotSupported(current(), "REORG TABLE ... APPLY (UPGRADE UNIFORM)");
    fail(current(), "expected PURGE");
  }
  advance();
  expect(TokenKind::kRightParen);
  statement->purge = true;
  if (!atEnd())
    fail(current(), "");
  return statement;
}

StatementPtr TokenParser::parseCreateSchema(const Token& create, const CreateModifiers& modifiers) {
  rejectModifier(modifiers.or_replace, "CREATE SCHEMA");
  rejectModifier(modifiers.or_refresh, "CREATE SCHEMA");
  rejectModifier(modifiers.temporary, "CREATE SCHEMA");
  rejectModifier(modifiers.is_private, "CREATE SCHEMA");
  advance();  // SCHEMA, DATABASE or NAMESPACE
  auto statement = std::make_unique<CreateSchemaStatement>(create.position);
  if (checkKeyword(Keyword::kIf) && peek(1).isKeyword(Keyword::kNot)) {
    advance();
    advance();
    expectKeyword(Keyword::kExists);
    statement->if_not_exists = true;
  }
  statement->name = parseTableName();
  bool has_properties = false;
  while (!atEnd()) {
    const Token& clause = current();
    if (clause.isKeyword(Keyword::kComment)) {
      if (statement->comment)
        failDuplicateClause(clause, "COMMENT");
      advance();
      statement->comment = parseStringValue();
    } else if (clause.isKeyword(Keyword::kLocation)) {
      advance();
      parseStringValue();
      failNotSupported(clause, "CREATE SCHEMA ... LOCATION");
    } else if (clause.isKeyword(Keyword::kWith)) {
      if (has_properties)
        failDuplicateClause(clause, "WITH DBPROPERTIES");
      advance();
      if (!matchKeyword(Keyword::kDbproperties) && !matchKeyword(Keyword::kProperties))
        fail(current(), "expected DBPROPERTIES or PROPERTIES");
      statement->properties = parsePropertyList();
      has_properties = true;
    } else {
      fail(clause, "expected COMMENT, LOCATION or WITH DBPROPERTIES");
    }
  }
  return statement;
}

StatementPtr TokenParser::parseDropTable(const Token& drop) {
  advance();  // TABLE
  auto statement = std::make_unique<DropTableStatement>(drop.position);
  if (matchKeyword(Keyword::kIf)) {
    expectKeyword(Keyword::kExists);
    statement->if_exists = true;
  }
  statement->name = parseTableName();
  return statement;
}

StatementPtr TokenParser::parseDropSchema(const Token& drop) {
  advance();  // SCHEMA, DATABASE or NAMESPACE
  auto statement = std::make_unique<DropSchemaStatement>(drop.position);
  if (matchKeyword(Keyword::kIf)) {
    expectKeyword(Keyword::kExists);
    statement->if_exists = true;
  }
  statement->name = parseTableName();
  if (matchKeyword(Keyword::kCascade)) {
    statement->cascade = true;
  } else if (!matchKeyword(Keyword::kRestrict) && !atEnd()) {
    fail(current(), "expected RESTRICT or CASCADE");
  }
  return statement;
}

}  // namespace sluice::sql
