// src/sql/ast/dml_statement.hpp
//
// The statements that change a table's rows: INSERT, DELETE, UPDATE and MERGE, as Spark and
// Delta spell them. The target is a table name; delta.`/path` is a name here too, which the session
// reads as the table at that path.
#pragma once

#include <string>
#include <vector>

#include "sql/ast/query.hpp"
#include "sql/ast/statement.hpp"
#include "sql/ast/table_ref.hpp"

namespace sluice::sql {

//! One `column = value` of a PARTITION clause; `value` is null for a dynamic partition
//! column (`PARTITION (p)`), which the query fills.
struct PartitionValue {
  std::string column;
  ExprPtr value;
  SourcePosition position;

  bool equals(const PartitionValue& other) const;
};

//! INSERT { INTO | OVERWRITE } [TABLE] target [PARTITION (p = v, ...)]
//! [(c1, c2, ...) | BY NAME] { query | REPLACE WHERE condition query }. VALUES rows are a
//! query. REPLACE WHERE is INSERT INTO only, and takes no PARTITION or column list.
class InsertStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kInsert;
  explicit InsertStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  bool overwrite = false;
  std::vector<std::string> target;
  SourcePosition target_position;
  std::vector<PartitionValue> partition;
  std::vector<std::string> columns;
  bool by_name = false;
  ExprPtr replace_where;
  QueryPtr query;
};

//! DELETE FROM target [[AS] alias] [WHERE condition].
class DeleteStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kDelete;
  explicit DeleteStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  std::vector<std::string> target;
  SourcePosition target_position;
  std::string alias;
  ExprPtr condition;  // null: every row
};

//! One `column = value` of UPDATE's SET; `column` may be qualified by the table or its alias.
struct Assignment {
  std::vector<std::string> column;
  ExprPtr value;
  SourcePosition position;

  bool equals(const Assignment& other) const;
};

//! UPDATE target [[AS] alias] SET c = e [, ...] [WHERE condition].
class UpdateStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kUpdate;
  explicit UpdateStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  std::vector<std::string> target;
  SourcePosition target_position;
  std::string alias;
  std::vector<Assignment> assignments;
  ExprPtr condition;  // null: every row
};

//! Which rows a WHEN clause of MERGE applies to.
enum class MergeClauseKind : uint8_t {
  kMatched,             // WHEN MATCHED: a target row and a source row the ON condition pairs
  kNotMatched,          // WHEN NOT MATCHED [BY TARGET]: a source row no target row pairs with
  kNotMatchedBySource,  // WHEN NOT MATCHED BY SOURCE: a target row no source row pairs with
};

enum class MergeActionKind : uint8_t {
  kUpdate,     // UPDATE SET c = e, ...
  kUpdateAll,  // UPDATE SET *
  kDelete,     // DELETE
  kInsert,     // INSERT (c, ...) VALUES (e, ...)
  kInsertAll,  // INSERT *
};

//! WHEN ... [AND condition] THEN action. An INSERT's columns and values are paired as
//! assignments.
struct MergeClause {
  MergeClauseKind kind = MergeClauseKind::kMatched;
  MergeActionKind action = MergeActionKind::kDelete;
  ExprPtr condition;  // null: every row the clause kind applies to
  std::vector<Assignment> assignments;
  SourcePosition position;

  bool equals(const MergeClause& other) const;
};

//! MERGE [WITH SCHEMA EVOLUTION] INTO target [[AS] alias] USING source [[AS] alias]
//! ON condition WHEN ... THEN ... [...]. The source is a table name or a parenthesised query,
//! with its alias.
class MergeStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kMerge;
  explicit MergeStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  bool schema_evolution = false;
  std::vector<std::string> target;
  SourcePosition target_position;
  std::string alias;
  TableRefPtr source;
  ExprPtr condition;
  std::vector<MergeClause> clauses;
};

}  // namespace sluice::sql
