// src/sql/ast/expression.hpp
//
// The expression nodes of the SQL AST. The parser builds them as written: no name is resolved,
// no type is inferred, literals keep their text. Every node records the position of its first
// token. Nodes are walked by switching on kind() and casting with as<T>(); equals() compares
// structure and ignores positions (parse(print(parse(x))) equals parse(x)).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/check.hpp"
#include "common/types/data_type.hpp"
#include "sql/source_text.hpp"

namespace sluice::sql {

class Query;
using QueryPtr = std::unique_ptr<Query>;

enum class ExprKind : uint8_t {
  kLiteral,
  kColumnRef,
  kStar,
  kParameter,
  kUnary,
  kBinary,
  kIs,
  kIsDistinctFrom,
  kBetween,
  kInList,
  kInSubquery,
  kLike,
  kExists,
  kScalarSubquery,
  kCase,
  kCast,
  kFunctionCall,
  kNamedArgument,
  kLambda,
  kFieldAccess,
  kSubscript,
  kJsonPath,
  kRow,
  kAlias,
};

class Expr {
 public:
  virtual ~Expr() = default;
  Expr(const Expr&) = delete;
  Expr& operator=(const Expr&) = delete;

  ExprKind kind() const { return kind_; }

  template <typename T>
  bool is() const {
    return kind_ == T::kKind;
  }
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

  //! Same kind, operators, names, literal text and children; positions are ignored.
  virtual bool equals(const Expr& other) const = 0;

  //! Where the expression starts in the source.
  SourcePosition position;

 protected:
  Expr(ExprKind kind, SourcePosition start) : position(start), kind_(kind) {}

 private:
  ExprKind kind_;
};

using ExprPtr = std::unique_ptr<Expr>;

//! Compares two possibly-null expressions structurally.
bool equalExprs(const Expr* left, const Expr* right);
bool equalExprs(const ExprPtr& left, const ExprPtr& right);
bool equalExprLists(const std::vector<ExprPtr>& left, const std::vector<ExprPtr>& right);

// ---------------------------------------------------------------------------------------------
// Literals

//! How a literal was written; the binder gives it a type from this and its text (an INTEGER
//! literal too large for INT becomes BIGINT, then DECIMAL, as in Spark).
enum class LiteralKind : uint8_t {
  kNull,          // NULL; text ""
  kBoolean,       // TRUE / FALSE; text "true" or "false"
  kString,        // 'a' "b" r'c', adjacent literals concatenated; text is the unescaped value
  kInteger,       // 42; text is the digits, with a leading '-' when written -42
  kBigInt,        // 42L; text "42"
  kSmallInt,      // 42S
  kTinyInt,       // 42Y
  kDecimal,       // 4.2 .2 4. (DECIMAL); text as written without suffix, e.g. "-0.50"
  kExponent,      // 4e2 4.2E-1 (DOUBLE in Spark 4); text as written
  kDouble,        // 4.2D; text "4.2"
  kFloat,         // 4.2F
  kBigDecimal,    // 4.2BD (DECIMAL); text "4.2"
  kBinary,        // X'1F'; text is the hex digits as written (not checked)
  kDate,          // DATE '2024-01-01'; text is the string's value (not checked)
  kTimestamp,     // TIMESTAMP '...' (also TIMESTAMP_LTZ '...', see kTimestampLtz)
  kTimestampNtz,  // TIMESTAMP_NTZ '...'
  kTimestampLtz,  // TIMESTAMP_LTZ '...' (a TIMESTAMP in Spark)
  kTime,          // TIME '...'
  kInterval,      // INTERVAL ...; see LiteralExpr::interval
};

//! True for the numeric kinds, kInteger through kBigDecimal.
inline bool isNumericLiteral(LiteralKind kind) {
  return kind >= LiteralKind::kInteger && kind <= LiteralKind::kBigDecimal;
}

//! One `value unit` pair of an INTERVAL literal.
struct IntervalPart {
  bool negative = false;         // a '-' was written before the value
  std::string value;             // "10", "1.5", or a string's value such as "1-2"
  bool value_is_string = false;  // the value was a quoted string
  //! Upper case and singular: YEAR MONTH WEEK DAY HOUR MINUTE SECOND MILLISECOND MICROSECOND
  //! NANOSECOND; "" for the bare-string form.
  std::string unit;

  bool operator==(const IntervalPart& other) const = default;
};

struct IntervalValue {
  enum class Form : uint8_t {
    kString,      // INTERVAL '1 day 2 hours': one part, unit ""
    kUnits,       // INTERVAL 1 DAY 2 HOURS, INTERVAL '10' SECOND: one or more parts
    kUnitToUnit,  // INTERVAL '1-2' YEAR TO MONTH: one part whose unit is the start field
  };
  Form form = Form::kString;
  std::vector<IntervalPart> parts;
  std::string to_unit;  // kUnitToUnit: YEAR MONTH DAY HOUR MINUTE or SECOND

  bool operator==(const IntervalValue& other) const = default;
};

class LiteralExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kLiteral;
  explicit LiteralExpr(SourcePosition start) : Expr(kKind, start) {}
  bool equals(const Expr& other) const override;

  LiteralKind literal_kind = LiteralKind::kNull;
  std::string text;
  IntervalValue interval;  // kInterval only
};

// ---------------------------------------------------------------------------------------------
// Names

//! A column reference a, t.a, db.t.a or a.field: Spark keeps a dotted name whole and lets the
//! binder decide which prefix is the table and which suffix are struct fields. `current_date`,
//! `current_timestamp`, `current_user`, `user`, `session_user` and `current_time` written
//! without parentheses are also column references, as in Spark: the binder falls back to the
//! function when no column has that name.
class ColumnRefExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kColumnRef;
  explicit ColumnRefExpr(SourcePosition start) : Expr(kKind, start) {}
  bool equals(const Expr& other) const override;

  std::vector<std::string> name;  // as written, case preserved
};

//! `*`, `t.*`, `* EXCEPT (a, b.c)`; also the argument of count(*).
class StarExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kStar;
  explicit StarExpr(SourcePosition start) : Expr(kKind, start) {}
  bool equals(const Expr& other) const override;

  std::vector<std::string> qualifier;                    // empty for a bare *
  std::vector<std::vector<std::string>> except_columns;  // EXCEPT list; names may be dotted
};

//! `${name}` left in the text (configuration substitution normally removes it earlier).
class ParameterExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kParameter;
  explicit ParameterExpr(SourcePosition start) : Expr(kKind, start) {}
  bool equals(const Expr& other) const override;

  std::string name;  // the text between the braces
};

// ---------------------------------------------------------------------------------------------
// Operators

enum class UnaryOp : uint8_t {
  kMinus,   // -x (a minus before a number is part of the literal instead: -1 is one literal)
  kPlus,    // +x
  kBitNot,  // ~x
  kNot,     // NOT x, !x
};

class UnaryExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kUnary;
  explicit UnaryExpr(SourcePosition start) : Expr(kKind, start) {}
  bool equals(const Expr& other) const override;

  UnaryOp op = UnaryOp::kMinus;
  ExprPtr operand;
};

enum class BinaryOp : uint8_t {
  kMultiply,
  kDivide,
  kModulo,
  kIntDivide,  // DIV
  kAdd,
  kSubtract,
  kConcat,  // ||
  kShiftLeft,
  kShiftRight,
  kShiftRightUnsigned,
  kBitAnd,
  kBitXor,
  kBitOr,
  kEqual,          // = and ==
  kNullSafeEqual,  // <=>
  kNotEqual,       // <> and !=
  kLess,
  kLessEqual,
  kGreater,
  kGreaterEqual,
  kAnd,
  kOr,
};

//! Binary operators. Chains are left-deep, a - b - c is (a - b) - c, except AND and OR chains,
//! which are balanced as Spark builds them: a AND b AND c AND d is (a AND b) AND (c AND d).
class BinaryExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kBinary;
  explicit BinaryExpr(SourcePosition start) : Expr(kKind, start) {}
  //! Dismantles left-deep chains without recursing down them.
  ~BinaryExpr() override;
  //! Compares left-deep chains without recursing down them.
  bool equals(const Expr& other) const override;

  BinaryOp op = BinaryOp::kAdd;
  ExprPtr left;
  ExprPtr right;
};

enum class IsTest : uint8_t { kNull, kTrue, kFalse, kUnknown };

//! x IS [NOT] NULL | TRUE | FALSE | UNKNOWN.
class IsExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kIs;
  explicit IsExpr(SourcePosition start) : Expr(kKind, start) {}
  bool equals(const Expr& other) const override;

  IsTest test = IsTest::kNull;
  bool negated = false;
  ExprPtr operand;
};

//! left IS [NOT] DISTINCT FROM right; IS NOT DISTINCT FROM is left <=> right.
class IsDistinctFromExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kIsDistinctFrom;
  explicit IsDistinctFromExpr(SourcePosition start) : Expr(kKind, start) {}
  bool equals(const Expr& other) const override;

  bool negated = false;
  ExprPtr left;
  ExprPtr right;
};

//! operand [NOT] BETWEEN low AND high.
class BetweenExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kBetween;
  explicit BetweenExpr(SourcePosition start) : Expr(kKind, start) {}
  bool equals(const Expr& other) const override;

  bool negated = false;
  ExprPtr operand;
  ExprPtr low;
  ExprPtr high;
};

//! operand [NOT] IN (v1, v2, ...).
class InListExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kInList;
  explicit InListExpr(SourcePosition start) : Expr(kKind, start) {}
  bool equals(const Expr& other) const override;

  bool negated = false;
  ExprPtr operand;
  std::vector<ExprPtr> values;
};

//! operand [NOT] IN (query). A row operand (a, b) IN (SELECT x, y ...) is a RowExpr.
class InSubqueryExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kInSubquery;
  explicit InSubqueryExpr(SourcePosition start);
  ~InSubqueryExpr() override;
  bool equals(const Expr& other) const override;

  bool negated = false;
  ExprPtr operand;
  QueryPtr query;
};

enum class LikeKind : uint8_t {
  kLike,
  kIlike,
  kRlike,  // RLIKE and REGEXP
};

enum class LikeQuantifier : uint8_t { kNone, kAny, kSome, kAll };

//! operand [NOT] LIKE|ILIKE pattern [ESCAPE 'c'], operand [NOT] RLIKE pattern, and the
//! quantified operand [NOT] LIKE|ILIKE ANY|SOME|ALL (p1, p2, ...).
class LikeExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kLike;
  explicit LikeExpr(SourcePosition start) : Expr(kKind, start) {}
  bool equals(const Expr& other) const override;

  LikeKind like_kind = LikeKind::kLike;
  LikeQuantifier quantifier = LikeQuantifier::kNone;
  bool negated = false;
  ExprPtr operand;
  ExprPtr pattern;                    // quantifier kNone
  std::vector<ExprPtr> patterns;      // quantified forms (may be empty: LIKE ANY ())
  std::optional<std::string> escape;  // ESCAPE string's value, unchecked
};

//! EXISTS (query).
class ExistsExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kExists;
  explicit ExistsExpr(SourcePosition start);
  ~ExistsExpr() override;
  bool equals(const Expr& other) const override;

  QueryPtr query;
};

//! (query) used as a value.
class ScalarSubqueryExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kScalarSubquery;
  explicit ScalarSubqueryExpr(SourcePosition start);
  ~ScalarSubqueryExpr() override;
  bool equals(const Expr& other) const override;

  QueryPtr query;
};

struct WhenClause {
  ExprPtr condition;  // the compared value in a simple CASE
  ExprPtr result;
};

//! CASE [operand] WHEN ... THEN ... [ELSE ...] END; operand is null for the searched form.
class CaseExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kCase;
  explicit CaseExpr(SourcePosition start) : Expr(kKind, start) {}
  bool equals(const Expr& other) const override;

  ExprPtr operand;
  std::vector<WhenClause> whens;
  ExprPtr else_result;  // null when there is no ELSE
};

enum class CastSyntax : uint8_t {
  kCast,         // CAST(x AS t)
  kTryCast,      // TRY_CAST(x AS t): NULL instead of an error
  kDoubleColon,  // x::t, the same as CAST
};

//! A cast to a parsed type. CHAR(n) and VARCHAR(n) are STRING here, as in Spark's casts.
class CastExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kCast;
  explicit CastExpr(SourcePosition start) : Expr(kKind, start) {}
  bool equals(const Expr& other) const override;

  CastSyntax syntax = CastSyntax::kCast;
  ExprPtr operand;
  DataType type;
};

// ---------------------------------------------------------------------------------------------
// Functions and windows

enum class SortDirection : uint8_t { kDefault, kAscending, kDescending };
enum class NullOrdering : uint8_t { kDefault, kNullsFirst, kNullsLast };

//! expr [ASC|DESC] [NULLS FIRST|LAST]; kDefault means not written (ASC, and NULLS FIRST for
//! ASC / NULLS LAST for DESC).
struct SortItem {
  ExprPtr expr;
  SortDirection direction = SortDirection::kDefault;
  NullOrdering null_ordering = NullOrdering::kDefault;

  bool equals(const SortItem& other) const;
};

bool equalSortItems(const std::vector<SortItem>& left, const std::vector<SortItem>& right);

struct WindowFrameBound {
  enum class Kind : uint8_t {
    kUnboundedPreceding,
    kPreceding,  // offset PRECEDING
    kCurrentRow,
    kFollowing,  // offset FOLLOWING
    kUnboundedFollowing,
  };
  Kind kind = Kind::kCurrentRow;
  ExprPtr offset;  // kPreceding and kFollowing only

  bool equals(const WindowFrameBound& other) const;
};

struct WindowFrame {
  enum class Unit : uint8_t { kRows, kRange };
  Unit unit = Unit::kRows;
  WindowFrameBound start;
  //! CURRENT ROW when the frame was written without BETWEEN (ROWS 1 PRECEDING).
  WindowFrameBound end;

  bool equals(const WindowFrame& other) const;
};

//! OVER w, or OVER ([PARTITION BY ...] [ORDER BY ...] [frame]). DISTRIBUTE BY is stored as
//! PARTITION BY and SORT BY as ORDER BY; CLUSTER BY e as PARTITION BY e ORDER BY e.
struct WindowSpec {
  std::string reference;  // non-empty for OVER w / OVER (w): the name of a WINDOW definition
  std::vector<ExprPtr> partition_by;
  std::vector<SortItem> order_by;
  std::optional<WindowFrame> frame;
  SourcePosition position;

  bool equals(const WindowSpec& other) const;
};

enum class NullTreatment : uint8_t { kDefault, kIgnoreNulls, kRespectNulls };

//! How a call was written. For kExtract, kSubstringFrom, kOverlay and kPosition the name and
//! arguments are those of the ordinary function, and the syntax matters only to the printer.
//! kTrim and kDatetimeUnit must be bound by their syntax: their argument order and unit
//! argument differ from the ordinary functions of the same names.
enum class FunctionSyntax : uint8_t {
  kCall,           // name(args)
  kExtract,        // EXTRACT(field FROM x): name "extract", args ['field' string, x]
  kSubstringFrom,  // SUBSTRING(s FROM p [FOR n]): name as written, args [s, p, n?]
  kTrim,           // TRIM([BOTH|LEADING|TRAILING] [chars] FROM s): name "trim" (BOTH or no
                   // option), "ltrim" (LEADING) or "rtrim" (TRAILING); args [s, chars?] -- the
                   // source first, unlike the written order
  kOverlay,        // OVERLAY(s PLACING r FROM p [FOR n]): name as written, args [s, r, p, n?]
  kPosition,       // POSITION(sub IN s): name as written, args [sub, s]
  kDatetimeUnit,   // TIMESTAMPADD(unit, n, ts) and its aliases DATEADD, DATE_ADD, and
                   // TIMESTAMPDIFF / DATEDIFF / DATE_DIFF / TIMEDIFF(unit, a, b): the first
                   // argument is a string literal holding the unit in upper case
};

//! A function call: name(args) with its optional DISTINCT, WITHIN GROUP (ORDER BY ...),
//! FILTER (WHERE ...), IGNORE|RESPECT NULLS and OVER window. count(*) has a StarExpr argument;
//! named arguments are NamedArgumentExpr; lambdas are LambdaExpr. STRUCT(a AS x, b) keeps its
//! aliases as AliasExpr arguments. first/last/any_value(x IGNORE NULLS) is stored as
//! null_treatment kIgnoreNulls, like first(x) IGNORE NULLS.
class FunctionCallExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kFunctionCall;
  explicit FunctionCallExpr(SourcePosition start) : Expr(kKind, start) {}
  bool equals(const Expr& other) const override;

  std::vector<std::string> name;  // as written: ["sum"], ["my_schema", "my_func"]
  FunctionSyntax syntax = FunctionSyntax::kCall;
  bool distinct = false;
  std::vector<ExprPtr> args;
  std::vector<SortItem> within_group;
  ExprPtr filter;
  NullTreatment null_treatment = NullTreatment::kDefault;
  std::unique_ptr<WindowSpec> over;
};

//! name => value, an argument of a function call or table-valued function.
class NamedArgumentExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kNamedArgument;
  explicit NamedArgumentExpr(SourcePosition start) : Expr(kKind, start) {}
  bool equals(const Expr& other) const override;

  std::string name;
  ExprPtr value;
};

//! x -> body, (x, y) -> body.
class LambdaExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kLambda;
  explicit LambdaExpr(SourcePosition start) : Expr(kKind, start) {}
  bool equals(const Expr& other) const override;

  std::vector<std::string> params;
  ExprPtr body;
};

// ---------------------------------------------------------------------------------------------
// Access to nested values

//! base.field where base is not a plain name (a plain dotted name is one ColumnRefExpr):
//! f(x).a, arr[0].b, (s).c.
class FieldAccessExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kFieldAccess;
  explicit FieldAccessExpr(SourcePosition start) : Expr(kKind, start) {}
  bool equals(const Expr& other) const override;

  ExprPtr base;
  std::string field;
};

//! base[index]: an array element (0-based) or a map value.
class SubscriptExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kSubscript;
  explicit SubscriptExpr(SourcePosition start) : Expr(kKind, start) {}
  bool equals(const Expr& other) const override;

  ExprPtr base;
  ExprPtr index;
};

//! One step of a JSON path after `:`.
struct JsonPathStep {
  enum class Kind : uint8_t {
    kField,         // name or .name: case-insensitive (quoted = it was backquoted)
    kBracketField,  // ['name']: case-sensitive
    kIndex,         // [0]
    kWildcard,      // [*]
  };
  Kind kind = Kind::kField;
  std::string name;     // kField, kBracketField
  std::string index;    // kIndex: the digits
  bool quoted = false;  // kField written in backquotes

  bool operator==(const JsonPathStep& other) const = default;
};

//! base:path, Databricks' extraction from a JSON string: raw:store.fruit[0]['type'].
class JsonPathExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kJsonPath;
  explicit JsonPathExpr(SourcePosition start) : Expr(kKind, start) {}
  bool equals(const Expr& other) const override;

  ExprPtr base;
  std::vector<JsonPathStep> steps;
};

//! (a, b, ...) with two or more fields: a struct value (Spark's CreateStruct); fields may be
//! AliasExpr. In VALUES, a RowExpr row is split into its columns.
class RowExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kRow;
  explicit RowExpr(SourcePosition start) : Expr(kKind, start) {}
  bool equals(const Expr& other) const override;

  std::vector<ExprPtr> fields;
};

//! child AS name inside STRUCT(...) or a row (a AS x, b); select items carry their own alias.
class AliasExpr : public Expr {
 public:
  static constexpr ExprKind kKind = ExprKind::kAlias;
  explicit AliasExpr(SourcePosition start) : Expr(kKind, start) {}
  bool equals(const Expr& other) const override;

  ExprPtr child;
  std::string name;
};

//! Calls `visit` on every direct child expression of `expr`, in source order, including the
//! window, FILTER and WITHIN GROUP parts of a call; it does not enter subqueries.
void forEachChild(const Expr& expr, const std::function<void(const Expr&)>& visit);

}  // namespace sluice::sql
