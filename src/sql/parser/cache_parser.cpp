// src/sql/parser/cache_parser.cpp
//
// Spark's cache statements: CACHE [LAZY] TABLE, UNCACHE TABLE, CLEAR CACHE and REFRESH (TABLE t
// or a path).
#include "sql/ast/cache_statement.hpp"
#include "sql/parser/token_parser.hpp"

namespace sluice::sql {

StatementPtr TokenParser::parseCacheTable() {
  const Token& cache = advance();
  auto statement = std::make_unique<CacheTableStatement>(cache.position);
  statement->lazy = matchWord("LAZY");
  expectKeyword(Keyword::kTable);
  statement->name_position = current().position;
  statement->name = parseTableName();
  if (matchWord("OPTIONS"))
    statement->options = parsePropertyList();
  if (matchKeyword(Keyword::kAs) || !atEnd())
    statement->query = parseQuery();
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
