// src/sql/ast/table_ref.hpp
//
// The FROM items of the SQL AST: named tables (with STREAM, time travel and options),
// table-valued functions, subqueries, inline VALUES, joins, PIVOT and UNPIVOT, each with an
// optional TABLESAMPLE, WATERMARK clause and alias.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sql/ast/expression.hpp"

namespace sluice::sql {

//! AS name (c1, c2): the alias of a FROM item or of VALUES; empty when none was written.
struct TableAlias {
  std::string name;
  std::vector<std::string> columns;

  bool empty() const { return name.empty(); }
  bool operator==(const TableAlias& other) const = default;
};

//! One `key = value` of an options or properties list. Keys are dotted names or strings;
//! values are strings, numbers or booleans, all kept as text as Spark does ("true", "10").
struct Property {
  std::string key;
  std::optional<std::string> value;

  bool operator==(const Property& other) const = default;
};

//! WATERMARK column [AS alias] DELAY OF interval.
struct Watermark {
  ExprPtr column;
  std::string alias;  // empty when not written
  ExprPtr delay;      // an interval LiteralExpr
  SourcePosition position;

  bool equals(const Watermark& other) const;
};

//! TABLESAMPLE (n PERCENT | e ROWS | BUCKET x OUT OF y) [REPEATABLE (seed)]. Numbers are kept
//! as written.
struct TableSample {
  enum class Method : uint8_t { kPercent, kRows, kBucket };
  Method method = Method::kPercent;
  std::string percent;      // kPercent: "12.5", "-5"
  ExprPtr rows;             // kRows
  std::string numerator;    // kBucket
  std::string denominator;  // kBucket
  std::optional<std::string> seed;
  SourcePosition position;  // of TABLESAMPLE

  //! The fraction of the rows that PERCENT and BUCKET keep.
  double fraction() const;
  bool equals(const TableSample& other) const;
};

enum class TableRefKind : uint8_t {
  kNamed,
  kFunction,
  kSubquery,
  kValues,
  kJoin,
  kPivot,
  kUnpivot,
};

class TableRef {
 public:
  virtual ~TableRef();
  TableRef(const TableRef&) = delete;
  TableRef& operator=(const TableRef&) = delete;

  TableRefKind kind() const { return kind_; }
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

  //! Same kind, alias, watermark and contents; positions are ignored.
  virtual bool equals(const TableRef& other) const = 0;

  SourcePosition position;
  TableAlias alias;
  std::unique_ptr<TableSample> sample;
  std::unique_ptr<Watermark> watermark;

 protected:
  TableRef(TableRefKind kind, SourcePosition start) : position(start), kind_(kind) {}
  bool baseEquals(const TableRef& other) const;

 private:
  TableRefKind kind_;
};

using TableRefPtr = std::unique_ptr<TableRef>;

//! t VERSION AS OF v / t TIMESTAMP AS OF ts (also FOR SYSTEM_VERSION / FOR SYSTEM_TIME).
struct TimeTravel {
  enum class Kind : uint8_t { kVersion, kTimestamp };
  Kind kind = Kind::kVersion;
  ExprPtr value;  // kVersion: an integer or string literal; kTimestamp: any expression

  bool equals(const TimeTravel& other) const;
};

//! A table or view by name: t, schema.t, catalog.schema.t (LIVE.t is a two-part name).
//! STREAM t and STREAM(t) set `stream`. WITH (k = v) sets `options`.
class NamedTableRef : public TableRef {
 public:
  static constexpr TableRefKind kKind = TableRefKind::kNamed;
  explicit NamedTableRef(SourcePosition start) : TableRef(kKind, start) {}
  bool equals(const TableRef& other) const override;

  std::vector<std::string> name;
  bool stream = false;
  std::optional<TimeTravel> time_travel;
  std::vector<Property> options;
};

//! A table-valued function: range(10), read_files('path', format => 'json'),
//! STREAM read_files(...).
class TableFunctionRef : public TableRef {
 public:
  static constexpr TableRefKind kKind = TableRefKind::kFunction;
  explicit TableFunctionRef(SourcePosition start) : TableRef(kKind, start) {}
  bool equals(const TableRef& other) const override;

  std::unique_ptr<FunctionCallExpr> call;
  bool stream = false;
  //! LATERAL f(args): the arguments may name columns of the FROM items to the left.
  bool lateral = false;
  //! f(TABLE(t), ...): the table passed whole, written first; empty when there is none.
  std::vector<std::string> table_argument;
  SourcePosition table_argument_position;
};

//! [LATERAL] (query) [AS] alias. A LATERAL subquery may name columns of the FROM items to its
//! left (planner/binder/lateral_binder.cpp).
class SubqueryRef : public TableRef {
 public:
  static constexpr TableRefKind kKind = TableRefKind::kSubquery;
  explicit SubqueryRef(SourcePosition start);
  ~SubqueryRef() override;
  bool equals(const TableRef& other) const override;

  QueryPtr query;
  bool lateral = false;
};

//! VALUES (1, 'a'), (2, 'b') AS t(id, name) in FROM.
class ValuesRef : public TableRef {
 public:
  static constexpr TableRefKind kKind = TableRefKind::kValues;
  explicit ValuesRef(SourcePosition start) : TableRef(kKind, start) {}
  bool equals(const TableRef& other) const override;

  std::vector<std::vector<ExprPtr>> rows;
};

enum class JoinType : uint8_t {
  kInner,     // JOIN, INNER JOIN
  kCross,     // CROSS JOIN
  kLeft,      // LEFT [OUTER] JOIN
  kRight,     // RIGHT [OUTER] JOIN
  kFull,      // FULL [OUTER] JOIN
  kLeftSemi,  // [LEFT] SEMI JOIN
  kLeftAnti,  // [LEFT] ANTI JOIN
};

//! left [NATURAL] join_type JOIN right [ON condition | USING (columns)]. Joins are left-deep:
//! a JOIN b JOIN c is (a JOIN b) JOIN c. A join with neither ON nor USING has no condition.
class JoinRef : public TableRef {
 public:
  static constexpr TableRefKind kKind = TableRefKind::kJoin;
  explicit JoinRef(SourcePosition start) : TableRef(kKind, start) {}
  bool equals(const TableRef& other) const override;

  JoinType join_type = JoinType::kInner;
  bool natural = false;
  TableRefPtr left;
  TableRefPtr right;
  ExprPtr condition;                       // ON
  std::vector<std::string> using_columns;  // USING
};

//! An expression with an optional AS name: a PIVOT aggregate or value.
struct NamedPivotItem {
  ExprPtr expr;
  std::string alias;  // empty when none was written

  bool equals(const NamedPivotItem& other) const;
};

//! input PIVOT (agg [AS name], ... FOR column IN (value [AS name], ...)); FOR (c1, c2) IN
//! ((v1, v2) [AS name], ...) pivots on several columns, each value then a row of as many.
class PivotRef : public TableRef {
 public:
  static constexpr TableRefKind kKind = TableRefKind::kPivot;
  explicit PivotRef(SourcePosition start) : TableRef(kKind, start) {}
  bool equals(const TableRef& other) const override;

  TableRefPtr input;
  std::vector<NamedPivotItem> aggregates;
  std::vector<ExprPtr> columns;        // the pivot columns, each a ColumnRefExpr
  bool parenthesized_columns = false;  // FOR (c) IN ...
  std::vector<NamedPivotItem> values;
};

//! One IN item of UNPIVOT: a column, or a parenthesised set of columns, [AS] alias.
struct UnpivotColumns {
  std::vector<ExprPtr> columns;  // ColumnRefExprs
  bool parenthesized = false;
  std::string alias;  // empty when none was written

  bool equals(const UnpivotColumns& other) const;
};

//! input UNPIVOT [INCLUDE | EXCLUDE NULLS] (value FOR name IN (c1 [AS a1], ...)), or with
//! several value columns ((v1, v2) FOR name IN ((c1, c2) [AS a], ...)).
class UnpivotRef : public TableRef {
 public:
  static constexpr TableRefKind kKind = TableRefKind::kUnpivot;
  explicit UnpivotRef(SourcePosition start) : TableRef(kKind, start) {}
  bool equals(const TableRef& other) const override;

  TableRefPtr input;
  bool include_nulls = false;
  bool nulls_written = false;  // INCLUDE / EXCLUDE NULLS was written
  std::vector<std::string> value_columns;
  bool parenthesized_values = false;
  std::string name_column;
  std::vector<UnpivotColumns> sets;
};

bool equalTableRefs(const TableRefPtr& left, const TableRefPtr& right);

}  // namespace sluice::sql
