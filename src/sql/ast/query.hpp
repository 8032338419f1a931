// src/sql/ast/query.hpp
//
// The query nodes of the SQL AST. A Query is WITH ... body ORDER BY ... LIMIT ... OFFSET ...;
// its body is a SELECT, a set operation, VALUES, TABLE t, or a parenthesised Query that has
// clauses of its own.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sql/ast/expression.hpp"
#include "sql/ast/table_ref.hpp"

namespace sluice::sql {

enum class SetQuantifier : uint8_t { kNone, kAll, kDistinct };

//! name [(columns)] [MAX RECURSION LEVEL n] AS (query), one entry of WITH.
struct CommonTableExpr {
  std::string name;
  std::vector<std::string> columns;
  //! MAX RECURSION LEVEL: the steps a recursive CTE may take; nullopt: the session's limit.
  std::optional<int64_t> max_recursion_level;
  QueryPtr query;
  SourcePosition position;

  bool equals(const CommonTableExpr& other) const;
};

//! name AS window_spec, one entry of a WINDOW clause.
struct NamedWindow {
  std::string name;
  WindowSpec spec;
  SourcePosition position;

  bool equals(const NamedWindow& other) const;
};

//! /*+ NAME(params) */ after SELECT. Hints are advice: a hint that sluice does not act on
//! changes no result.
struct Hint {
  std::string name;
  std::vector<ExprPtr> parameters;
  SourcePosition position;

  bool equals(const Hint& other) const;
};

//! One item of the select list: expr [AS alias | AS (a, b)]. A star is a StarExpr item.
struct SelectItem {
  ExprPtr expr;
  std::optional<std::string> alias;         // AS name
  std::vector<std::string> column_aliases;  // AS (a, b): names for a generator's columns
  SourcePosition position;

  bool equals(const SelectItem& other) const;
};

//! LATERAL VIEW [OUTER] generator(args) table_alias [AS col, ...].
struct LateralView {
  bool outer = false;
  std::unique_ptr<FunctionCallExpr> generator;
  std::string table_alias;
  std::vector<std::string> column_aliases;
  SourcePosition position;

  bool equals(const LateralView& other) const;
};

//! One element of GROUP BY, or of ROLLUP / CUBE / GROUPING SETS.
struct GroupingElement {
  enum class Kind : uint8_t {
    kExpression,    // a single expression (an ordinal stays an integer literal here)
    kSet,           // ( e1, e2, ... ): children are kExpression; may be empty ()
    kRollup,        // ROLLUP(children): children are kExpression or kSet
    kCube,          // CUBE(children): children are kExpression or kSet
    kGroupingSets,  // GROUPING SETS(children): kExpression, kSet, kRollup, kCube or nested
  };
  Kind kind = Kind::kExpression;
  ExprPtr expression;                     // kExpression
  std::vector<GroupingElement> children;  // the other kinds
  SourcePosition position;

  bool equals(const GroupingElement& other) const;
};

//! GROUP BY ALL, or GROUP BY elements. `GROUP BY a, b WITH ROLLUP` is stored as
//! GROUP BY ROLLUP(a, b) (and WITH CUBE likewise), which means the same.
struct GroupByClause {
  bool all = false;
  std::vector<GroupingElement> elements;
  //! Hive's `GROUP BY a, b GROUPING SETS ((a), ())`: the elements before the last (plain
  //! expressions) are the group keys, and the last (GROUPING SETS) alone gives the sets.
  bool keys_then_grouping_sets = false;
  SourcePosition position;

  bool equals(const GroupByClause& other) const;
};

enum class QueryBodyKind : uint8_t { kSelect, kSetOperation, kValues, kTable, kNested };

class QueryBody {
 public:
  virtual ~QueryBody();
  QueryBody(const QueryBody&) = delete;
  QueryBody& operator=(const QueryBody&) = delete;

  QueryBodyKind kind() const { return kind_; }
  template <typename T>
  const T& as() const {
    SLUICE_CHECK(kind_ == T::kKind);
    return static_cast<const T&>(*this);
  }
  template <typename T>
  T& as() {
    SLUICE_CHECK(kind_ == T::kKind);
    return static_cast<T&>(*this);
  }

  virtual bool equals(const QueryBody& other) const = 0;

  SourcePosition position;

 protected:
  QueryBody(QueryBodyKind kind, SourcePosition start) : position(start), kind_(kind) {}

 private:
  QueryBodyKind kind_;
};

using QueryBodyPtr = std::unique_ptr<QueryBody>;

//! SELECT [hints] [ALL|DISTINCT] items [FROM ...] [LATERAL VIEW ...] [WHERE] [GROUP BY]
//! [HAVING] [QUALIFY] [WINDOW]. Without FROM, `from` is empty.
class SelectBody : public QueryBody {
 public:
  static constexpr QueryBodyKind kKind = QueryBodyKind::kSelect;
  explicit SelectBody(SourcePosition start) : QueryBody(kKind, start) {}
  ~SelectBody() override;
  bool equals(const QueryBody& other) const override;

  std::vector<Hint> hints;
  SetQuantifier quantifier = SetQuantifier::kNone;
  std::vector<SelectItem> items;
  std::vector<TableRefPtr> from;  // FROM a, b: each item may be a join tree
  std::vector<LateralView> lateral_views;
  ExprPtr where;
  std::optional<GroupByClause> group_by;
  ExprPtr having;
  ExprPtr qualify;
  //! A WINDOW clause written inside this SELECT (a WINDOW after ORDER BY is Query::windows).
  std::vector<NamedWindow> windows;
};

enum class SetOperator : uint8_t {
  kUnion,
  kIntersect,
  kExcept,  // EXCEPT and MINUS
};

//! left UNION|INTERSECT|EXCEPT [ALL|DISTINCT] right. INTERSECT binds tighter than UNION and
//! EXCEPT; operators of one level are left-associative. kNone means DISTINCT.
class SetOperationBody : public QueryBody {
 public:
  static constexpr QueryBodyKind kKind = QueryBodyKind::kSetOperation;
  explicit SetOperationBody(SourcePosition start) : QueryBody(kKind, start) {}
  bool equals(const QueryBody& other) const override;

  SetOperator op = SetOperator::kUnion;
  SetQuantifier quantifier = SetQuantifier::kNone;
  QueryBodyPtr left;
  QueryBodyPtr right;
};

//! VALUES row, row, ... [AS t(cols)] as a query. A row written (a, b) has two columns; any
//! other expression is a one-column row.
class ValuesBody : public QueryBody {
 public:
  static constexpr QueryBodyKind kKind = QueryBodyKind::kValues;
  explicit ValuesBody(SourcePosition start) : QueryBody(kKind, start) {}
  bool equals(const QueryBody& other) const override;

  std::vector<std::vector<ExprPtr>> rows;
  TableAlias alias;
};

//! TABLE name: all rows of a table.
class TableBody : public QueryBody {
 public:
  static constexpr QueryBodyKind kKind = QueryBodyKind::kTable;
  explicit TableBody(SourcePosition start) : QueryBody(kKind, start) {}
  bool equals(const QueryBody& other) const override;

  std::vector<std::string> name;
};

//! ( query ) as an operand of a set operation or under clauses of an outer query, kept only
//! when the inner query has WITH, ORDER BY, LIMIT, ... of its own; `(SELECT 1) UNION ...`
//! stores the SELECT directly.
class NestedQueryBody : public QueryBody {
 public:
  static constexpr QueryBodyKind kKind = QueryBodyKind::kNested;
  explicit NestedQueryBody(SourcePosition start);
  ~NestedQueryBody() override;
  bool equals(const QueryBody& other) const override;

  QueryPtr query;
};

//! A complete query. The clauses after the body apply to the body's result: ORDER BY, or
//! DISTRIBUTE BY / SORT BY, or CLUSTER BY; then LIMIT and OFFSET.
class Query {
 public:
  explicit Query(SourcePosition start) : position(start) {}
  ~Query();
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;

  bool equals(const Query& other) const;
  //! True when any clause besides the body is present (WITH, ORDER BY, ..., OFFSET).
  bool hasClauses() const;

  SourcePosition position;
  std::vector<CommonTableExpr> ctes;
  bool recursive = false;  // WITH RECURSIVE: each CTE may read itself
  QueryBodyPtr body;
  std::vector<SortItem> order_by;
  std::vector<ExprPtr> cluster_by;
  std::vector<ExprPtr> distribute_by;
  std::vector<SortItem> sort_by;
  //! A WINDOW clause after ORDER BY / SORT BY / ..., or after a parenthesised body.
  std::vector<NamedWindow> windows;
  ExprPtr limit;           // null when absent or LIMIT ALL
  bool limit_all = false;  // LIMIT ALL
  ExprPtr offset;
};

bool equalQueries(const QueryPtr& left, const QueryPtr& right);

}  // namespace sluice::sql
