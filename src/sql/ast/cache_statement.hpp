// src/sql/ast/cache_statement.hpp
//
// Spark's cache statements: CACHE TABLE, UNCACHE TABLE, CLEAR CACHE and REFRESH. sluice reads
// its sources on every query and keeps no cache, so the session checks the names they give and
// CACHE TABLE ... AS query defines its temporary view; nothing is stored.
#pragma once

#include <string>
#include <vector>

#include "sql/ast/query.hpp"
#include "sql/ast/statement.hpp"
#include "sql/ast/table_ref.hpp"

namespace sluice::sql {

//! CACHE [LAZY] TABLE name [OPTIONS ('storageLevel' [=] 'level')] [[AS] query].
class CacheTableStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kCacheTable;
  explicit CacheTableStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  bool lazy = false;
  std::vector<std::string> name;
  SourcePosition name_position;
  std::vector<Property> options;
  //! AS query: the temporary view `name` it defines; null: `name` must exist.
  QueryPtr query;
};

//! UNCACHE TABLE [IF EXISTS] name.
class UncacheTableStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kUncacheTable;
  explicit UncacheTableStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  bool if_exists = false;
  std::vector<std::string> name;
  SourcePosition name_position;
};

//! CLEAR CACHE.
class ClearCacheStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kClearCache;
  explicit ClearCacheStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override { return other.kind() == kKind; }
};

//! REFRESH TABLE name, or REFRESH 'path' (the files under a path).
class RefreshStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kRefresh;
  explicit RefreshStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  //! The table's name; empty for a path.
  std::vector<std::string> name;
  SourcePosition name_position;
  std::string path;
};

//! SELECT * FROM name, at `at`: binding it checks that the table or view exists.
QueryPtr selectAllFrom(const std::vector<std::string>& name, SourcePosition at);

}  // namespace sluice::sql
