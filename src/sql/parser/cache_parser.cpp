// src/sql/parser/cache_parser.cpp
//
// Spark's cache statements: CACHE [LAZY] TABLE, UNCACHE TABLE, CLEAR CACHE and REFRESH (TABLE t
// or a path).
#include <fmt/format.h>

#include "sql/ast/cache_statement.hpp"
#include "sql/parser/token_parser.hpp"
#include "sql/printer_core.hpp"

namespace sluice::sql {

StatementPtr TokenParser::parseCacheTable() {
  const Token& cache = advance();
  auto statement = std::make_unique<CacheTableStatement>(cache.position);
  statement->lazy = matchWord("LAZY");
  expectKeyword(Keyword::kTable);
  const Token& name_token = current();
  statement->name_position = name_token.position;
  statement->name = parseTableName();
  if (matchWord("OPTIONS"))
    statement->options = parsePropertyList();
  if (matchKeyword(Keyword::kAs) || !atEnd()) {
    // The query defines a temporary view, whose name has one part.
    if (statement->name.size() > 1) {
      std::vector<std::string> prefix(statement->name.begin(), statement->name.end() - 1);
      failWith(ErrorClass::INVALID_SQL_SYNTAX, name_token,
               fmt::format("It is not allowed to add catalog/namespace prefix {} to the table "
                           "name in CACHE TABLE AS SELECT.",
                           quoteNameParts(prefix)));
    }
    statement->query = parseQuery();
  }
  return statement;
}

StatementPtr TokenParser::parseUncacheTable() {
  const Token& uncache = advance();
  expectKeyword(Keyword::kTable);
  auto statement = std::make_unique<UncacheTableStatement>(uncache.position);
  if (matchKeyword(Keyword::kIf)) {
    expectKeyword(Keyword::kExists);
    statement->if_exists = true;
  }
  statement->name_position = current().position;
  statement->name = parseTableName();
  return statement;
}

StatementPtr TokenParser::parseClearCache() {
  const Token& clear = advance();
  expectWord("CACHE");
  return std::make_unique<ClearCacheStatement>(clear.position);
}

StatementPtr TokenParser::parseRefresh() {
  const Token& refresh = advance();
  auto statement = std::make_unique<RefreshStatement>(refresh.position);
  if (check(TokenKind::kString)) {
    statement->path = parseStringValue();
    return statement;
  }
  expectKeyword(Keyword::kTable);
  statement->name_position = current().position;
  statement->name = parseTableName();
  return statement;
}

}  // namespace sluice::sql
