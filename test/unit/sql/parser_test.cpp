// test/unit/sql/parser_test.cpp
//
// The SQL parser: operator precedence, literals, every construct of Spark SQL queries, the
// statements of stage 1, types, and parse-print-parse round trips over all of them.
#include "sql/parser/parser.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "sql/printer.hpp"

namespace sluice::sql {
namespace {

// Parses one statement and keeps it alive for the rest of the test run, so that tests can
// hold references into it.
const Statement* parseOne(std::string_view sql) {
  static std::vector<StatementPtr> keep_alive;
  std::vector<StatementPtr> statements = parseStatements(sql);
  EXPECT_EQ(statements.size(), 1u) << sql;
  if (statements.empty())
    return nullptr;
  keep_alive.push_back(std::move(statements[0]));
  return keep_alive.back().get();
}

const Query& parseQueryText(std::string_view sql) {
  return *parseOne(sql)->as<QueryStatement>().query;
}

const SelectBody& parseSelectText(std::string_view sql) {
  return parseQueryText(sql).body->as<SelectBody>();
}

const Expr& parseItem(std::string_view sql) {
  return *parseSelectText(sql).items[0].expr;
}

std::string_view binaryName(BinaryOp op) {
  switch (op) {
    case BinaryOp::kMultiply:
      return "*";
    case BinaryOp::kDivide:
      return "/";
    case BinaryOp::kModulo:
      return "%";
    case BinaryOp::kIntDivide:
      return "DIV";
    case BinaryOp::kAdd:
      return "+";
    case BinaryOp::kSubtract:
      return "-";
    case BinaryOp::kConcat:
      return "||";
    case BinaryOp::kShiftLeft:
      return "<<";
    case BinaryOp::kShiftRight:
      return ">>";
    case BinaryOp::kShiftRightUnsigned:
      return ">>>";
    case BinaryOp::kBitAnd:
      return "&";
    case BinaryOp::kBitXor:
      return "^";
    case BinaryOp::kBitOr:
      return "|";
    case BinaryOp::kEqual:
      return "=";
    case BinaryOp::kNullSafeEqual:
      return "<=>";
    case BinaryOp::kNotEqual:
      return "<>";
    case BinaryOp::kLess:
      return "<";
    case BinaryOp::kLessEqual:
      return "<=";
    case BinaryOp::kGreater:
      return ">";
    case BinaryOp::kGreaterEqual:
      return ">=";
    case BinaryOp::kAnd:
      return "AND";
    case BinaryOp::kOr:
      return "OR";
  }
  return "?";
}

// An S-expression of the tree, to check how operators group.
std::string tree(const Expr& expr) {
  switch (expr.kind()) {
    case ExprKind::kBinary: {
      const auto& binary = expr.as<BinaryExpr>();
      return fmt::format("({} {} {})", binaryName(binary.op), tree(*binary.left),
                         tree(*binary.right));
    }
    case ExprKind::kUnary: {
      const auto& unary = expr.as<UnaryExpr>();
      std::string_view op = unary.op == UnaryOp::kNot     ? "NOT"
                            : unary.op == UnaryOp::kMinus ? "-"
                            : unary.op == UnaryOp::kPlus  ? "+"
                                                          : "~";
      return fmt::format("({} {})", op, tree(*unary.operand));
    }
    case ExprKind::kIs: {
      const auto& is = expr.as<IsExpr>();
      return fmt::format("(IS{} {})", is.negated ? "-NOT" : "", tree(*is.operand));
    }
    case ExprKind::kIsDistinctFrom: {
      const auto& distinct = expr.as<IsDistinctFromExpr>();
      return fmt::format("(DISTINCT{} {} {})", distinct.negated ? "-NOT" : "", tree(*distinct.left),
                         tree(*distinct.right));
    }
    case ExprKind::kBetween: {
      const auto& between = expr.as<BetweenExpr>();
      return fmt::format("(BETWEEN {} {} {})", tree(*between.operand), tree(*between.low),
                         tree(*between.high));
    }
    case ExprKind::kLike: {
      const auto& like = expr.as<LikeExpr>();
      return fmt::format("(LIKE {} {})", tree(*like.operand), tree(*like.pattern));
    }
    case ExprKind::kCast: {
      const auto& cast = expr.as<CastExpr>();
      return fmt::format("(CAST {} {})", tree(*cast.operand), printDataType(cast.type));
    }
    case ExprKind::kFieldAccess: {
      const auto& access = expr.as<FieldAccessExpr>();
      return fmt::format("(. {} {})", tree(*access.base), access.field);
    }
    case ExprKind::kSubscript: {
      const auto& subscript = expr.as<SubscriptExpr>();
      return fmt::format("([] {} {})", tree(*subscript.base), tree(*subscript.index));
    }
    default:
      return printExpression(expr);
  }
}

// Parses an expression and keeps it alive for the rest of the test run.
const Expr* parsed(std::string_view sql) {
  static std::vector<ExprPtr> keep_alive;
  keep_alive.push_back(parseExpression(sql));
  return keep_alive.back().get();
}

std::string treeOf(std::string_view sql) {
  return tree(*parsed(sql));
}

TEST(ParserTest, ArithmeticFollowsSparkPrecedence) {
  EXPECT_EQ(treeOf("1 + 2 * 3"), "(+ 1 (* 2 3))");
  EXPECT_EQ(treeOf("1 * 2 + 3"), "(+ (* 1 2) 3)");
  EXPECT_EQ(treeOf("a - b - c"), "(- (- a b) c)");
  EXPECT_EQ(treeOf("a / b % c DIV d"), "(DIV (% (/ a b) c) d)");
  EXPECT_EQ(treeOf("a + b || c"), "(|| (+ a b) c)");
  EXPECT_EQ(treeOf("1 << 2 + 3"), "(<< 1 (+ 2 3))");
  EXPECT_EQ(treeOf("a & b | c ^ d"), "(| (& a b) (^ c d))");
  EXPECT_EQ(treeOf("a | b & c"), "(| a (& b c))");
  EXPECT_EQ(treeOf("~a + 1"), "(+ (~ a) 1)");
  EXPECT_EQ(treeOf("-a * b"), "(* (- a) b)");
  EXPECT_EQ(treeOf("a >>> 1 >> 2"), "(>> (>>> a 1) 2)");
}

TEST(ParserTest, ComparisonsAndBooleansFollowSparkPrecedence) {
  EXPECT_EQ(treeOf("NOT a = b"), "(NOT (= a b))");
  EXPECT_EQ(treeOf("a || b = c"), "(= (|| a b) c)");
  EXPECT_EQ(treeOf("a < b = c"), "(= (< a b) c)");
  EXPECT_EQ(treeOf("a == b <=> c != d <> e"), "(<> (<> (<=> (= a b) c) d) e)");
  EXPECT_EQ(treeOf("a OR b AND c"), "(OR a (AND b c))");
  EXPECT_EQ(treeOf("NOT a AND b"), "(AND (NOT a) b)");
  EXPECT_EQ(treeOf("! a OR b"), "(OR (NOT a) b)");
  EXPECT_EQ(treeOf("a = 1 OR b = 2 AND c = 3"), "(OR (= a 1) (AND (= b 2) (= c 3)))");
  EXPECT_EQ(treeOf("NOT NOT a"), "(NOT (NOT a))");
  EXPECT_EQ(treeOf("a !> b"), "(<= a b)");
}

TEST(ParserTest, PredicatesApplyToAWholeValueExpression) {
  EXPECT_EQ(treeOf("a BETWEEN 1 AND 2 AND c"), "(AND (BETWEEN a 1 2) c)");
  EXPECT_EQ(treeOf("a + 1 BETWEEN b - 1 AND b + 1"), "(BETWEEN (+ a 1) (- b 1) (+ b 1))");
  EXPECT_EQ(treeOf("a = b IS NULL"), "(IS (= a b))");
  EXPECT_EQ(treeOf("a IS NOT NULL AND b"), "(AND (IS-NOT a) b)");
  EXPECT_EQ(treeOf("NOT a IS NULL"), "(NOT (IS a))");
  EXPECT_EQ(treeOf("a IS NOT DISTINCT FROM b + 1"), "(DISTINCT-NOT a (+ b 1))");
  EXPECT_EQ(treeOf("a || 'x' LIKE b || '%'"), "(LIKE (|| a 'x') (|| b '%'))");
}

TEST(ParserTest, UnaryMinusBindsTighterThanAccessAndMergesIntoNumbers) {
  EXPECT_EQ(treeOf("-x.y"), "(- x.y)");
  EXPECT_EQ(treeOf("-a[0].b"), "(- (. ([] a 0) b))");
  // A minus before a number is part of the literal, so the cast applies to -1.
  EXPECT_EQ(treeOf("-1::STRING"), "(CAST -1 STRING)");
  EXPECT_EQ(treeOf("-x::INT"), "(- (CAST x INT))");
  EXPECT_EQ(treeOf("- 1"), "-1");
  EXPECT_EQ(treeOf("-(1)"), "(- 1)");
  EXPECT_EQ(treeOf("- -1"), "(- -1)");
  EXPECT_EQ(treeOf("2 - -1"), "(- 2 -1)");
  EXPECT_EQ(treeOf("2-1"), "(- 2 1)");
  EXPECT_EQ(treeOf("+1"), "(+ 1)");
  const auto& literal = parsed("-2147483648")->as<LiteralExpr>();
  EXPECT_EQ(literal.literal_kind, LiteralKind::kInteger);
  EXPECT_EQ(literal.text, "-2147483648");
}

TEST(ParserTest, LiteralsKeepTheirKindAndText) {
  struct Case {
    std::string_view sql;
    LiteralKind kind;
    std::string_view text;
  };
  const Case cases[] = {
      {"42", LiteralKind::kInteger, "42"},
      {"9999999999999", LiteralKind::kInteger, "9999999999999"},
      {"1Y", LiteralKind::kTinyInt, "1"},
      {"-1S", LiteralKind::kSmallInt, "-1"},
      {"10L", LiteralKind::kBigInt, "10"},
      {"1.50", LiteralKind::kDecimal, "1.50"},
      {".5", LiteralKind::kDecimal, ".5"},
      {"1.5D", LiteralKind::kDouble, "1.5"},
      {"1.5F", LiteralKind::kFloat, "1.5"},
      {"1.5BD", LiteralKind::kBigDecimal, "1.5"},
      {"1e3", LiteralKind::kExponent, "1e3"},
      {"-2.5E-3", LiteralKind::kExponent, "-2.5E-3"},
      {"'a' \"b\" r'\\c'", LiteralKind::kString, "ab\\c"},
      {"X'1F'", LiteralKind::kBinary, "1F"},
      {"x 'ab'", LiteralKind::kBinary, "ab"},
      {"DATE '2024-02-29'", LiteralKind::kDate, "2024-02-29"},
      {"TIMESTAMP '2024-01-01 10:00:00'", LiteralKind::kTimestamp, "2024-01-01 10:00:00"},
      {"TIMESTAMP_NTZ '2024-01-01'", LiteralKind::kTimestampNtz, "2024-01-01"},
      {"timestamp_ltz '2024-01-01'", LiteralKind::kTimestampLtz, "2024-01-01"},
      {"TIME '12:34:56.5'", LiteralKind::kTime, "12:34:56.5"},
      {"TRUE", LiteralKind::kBoolean, "true"},
      {"false", LiteralKind::kBoolean, "false"},
      {"NULL", LiteralKind::kNull, ""},
  };
  for (const Case& c : cases) {
    const Expr* expr = parsed(c.sql);
    ASSERT_TRUE(expr->is<LiteralExpr>()) << c.sql;
    EXPECT_EQ(expr->as<LiteralExpr>().literal_kind, c.kind) << c.sql;
    EXPECT_EQ(expr->as<LiteralExpr>().text, c.text) << c.sql;
  }
}

TEST(ParserTest, IntervalLiteralsInEveryForm) {
  auto interval = [](std::string_view sql) {
    const Expr* expr = parsed(sql);
    EXPECT_TRUE(expr->is<LiteralExpr>()) << sql;
    return expr->as<LiteralExpr>().interval;
  };
  IntervalValue units = interval("INTERVAL 1 DAY 2 HOURS -30 MINUTES");
  EXPECT_EQ(units.form, IntervalValue::Form::kUnits);
  ASSERT_EQ(units.parts.size(), 3u);
  EXPECT_EQ(units.parts[1].unit, "HOUR");
  EXPECT_EQ(units.parts[2].value, "30");
  EXPECT_TRUE(units.parts[2].negative);

  IntervalValue quoted = interval("INTERVAL '10' SECONDS");
  EXPECT_TRUE(quoted.parts[0].value_is_string);
  EXPECT_EQ(quoted.parts[0].unit, "SECOND");

  IntervalValue ranged = interval("INTERVAL '1-2' YEAR TO MONTH");
  EXPECT_EQ(ranged.form, IntervalValue::Form::kUnitToUnit);
  EXPECT_EQ(ranged.parts[0].unit, "YEAR");
  EXPECT_EQ(ranged.to_unit, "MONTH");

  IntervalValue text = interval("INTERVAL '1 day 2 hours'");
  EXPECT_EQ(text.form, IntervalValue::Form::kString);
  EXPECT_EQ(text.parts[0].value, "1 day 2 hours");

  // A minus after the units is subtraction, not another part.
  EXPECT_EQ(treeOf("INTERVAL 1 DAY - 1"), "(- INTERVAL 1 DAY 1)");
  // INTERVAL alone is a column name.
  EXPECT_TRUE(parsed("interval")->is<ColumnRefExpr>());
}

TEST(ParserTest, NamesStarsAndAccessors) {
  const auto& column = parsed("cat.db.t.col")->as<ColumnRefExpr>();
  EXPECT_EQ(column.name, (std::vector<std::string>{"cat", "db", "t", "col"}));
  EXPECT_EQ(parsed("`my col`.`a.b`")->as<ColumnRefExpr>().name,
            (std::vector<std::string>{"my col", "a.b"}));
  EXPECT_EQ(parsed("t.from")->as<ColumnRefExpr>().name, (std::vector<std::string>{"t", "from"}));

  const auto& star = parseItem("SELECT t.* EXCEPT (a, b.c) FROM t").as<StarExpr>();
  EXPECT_EQ(star.qualifier, (std::vector<std::string>{"t"}));
  ASSERT_EQ(star.except_columns.size(), 2u);
  EXPECT_EQ(star.except_columns[1], (std::vector<std::string>{"b", "c"}));

  EXPECT_EQ(treeOf("m['k'].v[0]"), "([] (. ([] m 'k') v) 0)");
  EXPECT_EQ(treeOf("f(x).a"), "(. f(x) a)");
  // Parentheses do not stop a dotted name from growing, as in Spark.
  EXPECT_EQ(parsed("(s).a")->as<ColumnRefExpr>().name, (std::vector<std::string>{"s", "a"}));
  EXPECT_TRUE(parsed("current_date")->is<ColumnRefExpr>());
  EXPECT_TRUE(parsed("current_date()")->is<FunctionCallExpr>());
  EXPECT_EQ(parsed("${env}")->as<ParameterExpr>().name, "env");
}

TEST(ParserTest, JsonPathsAfterAColon) {
  const auto& path = parsed("raw:store.fruit[0]['type'][*].`zip code`::INT")
                         ->as<CastExpr>()
                         .operand->as<JsonPathExpr>();
  EXPECT_EQ(path.base->as<ColumnRefExpr>().name, (std::vector<std::string>{"raw"}));
  ASSERT_EQ(path.steps.size(), 6u);
  EXPECT_EQ(path.steps[0].kind, JsonPathStep::Kind::kField);
  EXPECT_EQ(path.steps[0].name, "store");
  EXPECT_EQ(path.steps[2].kind, JsonPathStep::Kind::kIndex);
  EXPECT_EQ(path.steps[2].index, "0");
  EXPECT_EQ(path.steps[3].kind, JsonPathStep::Kind::kBracketField);
  EXPECT_EQ(path.steps[3].name, "type");
  EXPECT_EQ(path.steps[4].kind, JsonPathStep::Kind::kWildcard);
  EXPECT_TRUE(path.steps[5].quoted);
  EXPECT_EQ(path.steps[5].name, "zip code");
}

TEST(ParserTest, PredicatesInAllTheirForms) {
  const auto& in = parsed("a NOT IN (1, 2, 3)")->as<InListExpr>();
  EXPECT_TRUE(in.negated);
  EXPECT_EQ(in.values.size(), 3u);
  const auto& in_query = parsed("a IN (SELECT b FROM t)")->as<InSubqueryExpr>();
  EXPECT_FALSE(in_query.negated);
  EXPECT_TRUE(in_query.query->body->kind() == QueryBodyKind::kSelect);
  // A parenthesised set operation is still an IN subquery; a list of subqueries is a list.
  EXPECT_TRUE(parsed("a IN ((SELECT 1) UNION (SELECT 2))")->is<InSubqueryExpr>());
  EXPECT_TRUE(parsed("a IN ((SELECT 1), 2)")->is<InListExpr>());
  EXPECT_TRUE(parsed("(a, b) IN (SELECT x, y FROM t)")->is<InSubqueryExpr>());

  const auto& like = parsed("a NOT ILIKE 'x!%' ESCAPE '!'")->as<LikeExpr>();
  EXPECT_EQ(like.like_kind, LikeKind::kIlike);
  EXPECT_TRUE(like.negated);
  EXPECT_EQ(like.escape, "!");
  const auto& any = parsed("a LIKE ANY ('a%', 'b%')")->as<LikeExpr>();
  EXPECT_EQ(any.quantifier, LikeQuantifier::kAny);
  EXPECT_EQ(any.patterns.size(), 2u);
  EXPECT_EQ(parsed("a NOT LIKE ALL ()")->as<LikeExpr>().quantifier, LikeQuantifier::kAll);
  EXPECT_EQ(parsed("a REGEXP '^x'")->as<LikeExpr>().like_kind, LikeKind::kRlike);
  EXPECT_EQ(parsed("a IS NOT TRUE")->as<IsExpr>().test, IsTest::kTrue);
  EXPECT_EQ(parsed("a IS UNKNOWN")->as<IsExpr>().test, IsTest::kUnknown);
  EXPECT_TRUE(parsed("NOT EXISTS (SELECT 1)")->as<UnaryExpr>().operand->is<ExistsExpr>());
  // exists(array, lambda) is the higher-order function, not a subquery.
  EXPECT_TRUE(parsed("exists(arr, x -> x > 1)")->is<FunctionCallExpr>());
}

TEST(ParserTest, SubqueriesRowsAndParentheses) {
  EXPECT_TRUE(parsed("(SELECT max(a) FROM t)")->is<ScalarSubqueryExpr>());
  EXPECT_EQ(treeOf("((SELECT 1) + 1) * 2"), "(* (+ (SELECT 1) 1) 2)");
  const auto& row = parsed("(1, 'a' AS name)")->as<RowExpr>();
  ASSERT_EQ(row.fields.size(), 2u);
  EXPECT_EQ(row.fields[1]->as<AliasExpr>().name, "name");
  EXPECT_TRUE(parsed("((SELECT 1 LIMIT 1))")->is<ScalarSubqueryExpr>());
}

TEST(ParserTest, CaseCastAndLambdas) {
  const auto& simple = parsed("CASE x WHEN 1 THEN 'a' WHEN 2 THEN 'b' END")->as<CaseExpr>();
  EXPECT_TRUE(simple.operand);
  EXPECT_EQ(simple.whens.size(), 2u);
  EXPECT_FALSE(simple.else_result);
  const auto& searched = parsed("CASE WHEN a > 0 THEN 1 ELSE 0 END")->as<CaseExpr>();
  EXPECT_FALSE(searched.operand);
  EXPECT_TRUE(searched.else_result);

  const auto& cast = parsed("TRY_CAST(a AS DECIMAL(10, 2))")->as<CastExpr>();
  EXPECT_EQ(cast.syntax, CastSyntax::kTryCast);
  EXPECT_EQ(cast.type, DataType::decimal(10, 2));
  EXPECT_EQ(parsed("a::long")->as<CastExpr>().syntax, CastSyntax::kDoubleColon);
  EXPECT_EQ(parsed("CAST(a AS VARCHAR(10))")->as<CastExpr>().type, DataType::string());

  const auto& call = parsed("transform(arr, (x, i) -> x + i)")->as<FunctionCallExpr>();
  const auto& lambda = call.args[1]->as<LambdaExpr>();
  EXPECT_EQ(lambda.params, (std::vector<std::string>{"x", "i"}));
  EXPECT_EQ(tree(*lambda.body), "(+ x i)");
  EXPECT_EQ(parsed("filter(a, x -> x IS NOT NULL AND x > 0)")
                ->as<FunctionCallExpr>()
                .args[1]
                ->as<LambdaExpr>()
                .params.size(),
            1u);
}

TEST(ParserTest, FunctionCallsWithTheirClauses) {
  const auto& count = parsed("count(DISTINCT a, b) FILTER (WHERE c > 0)")->as<FunctionCallExpr>();
  EXPECT_TRUE(count.distinct);
  EXPECT_EQ(count.args.size(), 2u);
  EXPECT_TRUE(count.filter);

  EXPECT_TRUE(parsed("count(*)")->as<FunctionCallExpr>().args[0]->is<StarExpr>());
  EXPECT_TRUE(parsed("count()")->as<FunctionCallExpr>().args.empty());

  const auto& first = parsed("first(x IGNORE NULLS)")->as<FunctionCallExpr>();
  EXPECT_EQ(first.null_treatment, NullTreatment::kIgnoreNulls);
  EXPECT_TRUE(first.equals(*parsed("first(x) IGNORE NULLS")));
  EXPECT_EQ(parsed("lag(x) RESPECT NULLS OVER w")->as<FunctionCallExpr>().null_treatment,
            NullTreatment::kRespectNulls);

  const auto& window = parsed(
                           "sum(x) OVER (PARTITION BY a, b ORDER BY c DESC NULLS LAST "
                           "ROWS BETWEEN UNBOUNDED PRECEDING AND 1 FOLLOWING)")
                           ->as<FunctionCallExpr>();
  ASSERT_TRUE(window.over);
  EXPECT_EQ(window.over->partition_by.size(), 2u);
  EXPECT_EQ(window.over->order_by[0].direction, SortDirection::kDescending);
  EXPECT_EQ(window.over->order_by[0].null_ordering, NullOrdering::kNullsLast);
  ASSERT_TRUE(window.over->frame);
  EXPECT_EQ(window.over->frame->unit, WindowFrame::Unit::kRows);
  EXPECT_EQ(window.over->frame->start.kind, WindowFrameBound::Kind::kUnboundedPreceding);
  EXPECT_EQ(window.over->frame->end.kind, WindowFrameBound::Kind::kFollowing);

  const auto& range =
      parsed("avg(x) OVER (ORDER BY ts RANGE INTERVAL 1 DAY PRECEDING)")->as<FunctionCallExpr>();
  EXPECT_EQ(range.over->frame->unit, WindowFrame::Unit::kRange);
  EXPECT_EQ(range.over->frame->start.kind, WindowFrameBound::Kind::kPreceding);
  EXPECT_EQ(range.over->frame->end.kind, WindowFrameBound::Kind::kCurrentRow);

  EXPECT_EQ(parsed("rank() OVER w")->as<FunctionCallExpr>().over->reference, "w");
  EXPECT_EQ(parsed("rank() OVER (w)")->as<FunctionCallExpr>().over->reference, "w");
  EXPECT_EQ(parsed("percentile_cont(0.5) WITHIN GROUP (ORDER BY x)")
                ->as<FunctionCallExpr>()
                .within_group.size(),
            1u);

  const auto& named = parsed("my_schema.f(1, mode => 'fast')")->as<FunctionCallExpr>();
  EXPECT_EQ(named.name, (std::vector<std::string>{"my_schema", "f"}));
  EXPECT_EQ(named.args[1]->as<NamedArgumentExpr>().name, "mode");

  const auto& structure = parsed("struct(a AS x, b)")->as<FunctionCallExpr>();
  EXPECT_EQ(structure.args[0]->as<AliasExpr>().name, "x");
  EXPECT_TRUE(parsed("left('abc', 2)")->is<FunctionCallExpr>());
}

TEST(ParserTest, SpecialFunctionSyntaxBecomesCalls) {
  const auto& extract = parsed("EXTRACT(YEAR FROM d)")->as<FunctionCallExpr>();
  EXPECT_EQ(extract.syntax, FunctionSyntax::kExtract);
  EXPECT_EQ(extract.args[0]->as<LiteralExpr>().text, "YEAR");

  const auto& substring = parsed("SUBSTRING(s FROM 2 FOR 3)")->as<FunctionCallExpr>();
  EXPECT_EQ(substring.syntax, FunctionSyntax::kSubstringFrom);
  EXPECT_EQ(substring.args.size(), 3u);
  EXPECT_EQ(parsed("substr(s, 2)")->as<FunctionCallExpr>().syntax, FunctionSyntax::kCall);

  const auto& trim = parsed("TRIM(LEADING 'x' FROM s)")->as<FunctionCallExpr>();
  EXPECT_EQ(trim.syntax, FunctionSyntax::kTrim);
  EXPECT_EQ(trim.name, (std::vector<std::string>{"ltrim"}));
  EXPECT_EQ(tree(*trim.args[0]), "s");
  EXPECT_EQ(parsed("trim(BOTH FROM s)")->as<FunctionCallExpr>().args.size(), 1u);
  EXPECT_EQ(parsed("trim(s)")->as<FunctionCallExpr>().syntax, FunctionSyntax::kCall);

  EXPECT_EQ(parsed("POSITION('b' IN s)")->as<FunctionCallExpr>().syntax, FunctionSyntax::kPosition);
  EXPECT_EQ(parsed("position('b', s)")->as<FunctionCallExpr>().syntax, FunctionSyntax::kCall);
  EXPECT_EQ(parsed("OVERLAY(s PLACING 'x' FROM 2 FOR 1)")->as<FunctionCallExpr>().args.size(), 4u);

  const auto& add = parsed("timestampadd(HOUR, 2, ts)")->as<FunctionCallExpr>();
  EXPECT_EQ(add.syntax, FunctionSyntax::kDatetimeUnit);
  EXPECT_EQ(add.args[0]->as<LiteralExpr>().text, "HOUR");
  EXPECT_EQ(parsed("datediff(day, a, b)")->as<FunctionCallExpr>().syntax,
            FunctionSyntax::kDatetimeUnit);
  // Two arguments: date_add(day, 1) adds to a column named day.
  EXPECT_EQ(parsed("date_add(day, 1)")->as<FunctionCallExpr>().syntax, FunctionSyntax::kCall);
}

TEST(ParserTest, SelectClauses) {
  const SelectBody& select = parseSelectText(
      "SELECT /*+ BROADCAST(d) */ DISTINCT a AS x, b y, c, count(*) AS (n) FROM t AS t1, d "
      "WHERE a > 1 GROUP BY 1, b HAVING count(*) > 2 QUALIFY rank() OVER w = 1 "
      "WINDOW w AS (PARTITION BY a)");
  ASSERT_EQ(select.hints.size(), 1u);
  EXPECT_EQ(select.hints[0].name, "BROADCAST");
  EXPECT_EQ(select.quantifier, SetQuantifier::kDistinct);
  ASSERT_EQ(select.items.size(), 4u);
  EXPECT_EQ(select.items[0].alias, "x");
  EXPECT_EQ(select.items[1].alias, "y");
  EXPECT_FALSE(select.items[2].alias);
  EXPECT_EQ(select.items[3].column_aliases, (std::vector<std::string>{"n"}));
  ASSERT_EQ(select.from.size(), 2u);
  EXPECT_EQ(select.from[0]->alias.name, "t1");
  EXPECT_TRUE(select.where);
  ASSERT_TRUE(select.group_by);
  EXPECT_EQ(select.group_by->elements.size(), 2u);
  EXPECT_TRUE(select.having);
  EXPECT_TRUE(select.qualify);
  ASSERT_EQ(select.windows.size(), 1u);
  EXPECT_EQ(select.windows[0].name, "w");

  // Databricks writes WINDOW after QUALIFY too.
  EXPECT_TRUE(parseSelectText("SELECT a FROM t WINDOW w AS () QUALIFY true").qualify);
  EXPECT_TRUE(parseSelectText("SELECT 1 WHERE true").from.empty());
}

TEST(ParserTest, GroupByInAllItsForms) {
  EXPECT_TRUE(parseSelectText("SELECT a, sum(b) FROM t GROUP BY ALL").group_by->all);

  const GroupByClause& rollup =
      *parseSelectText("SELECT 1 FROM t GROUP BY ROLLUP(a, (b, c)), CUBE(d)").group_by;
  ASSERT_EQ(rollup.elements.size(), 2u);
  EXPECT_EQ(rollup.elements[0].kind, GroupingElement::Kind::kRollup);
  EXPECT_EQ(rollup.elements[0].children[1].kind, GroupingElement::Kind::kSet);
  EXPECT_EQ(rollup.elements[0].children[1].children.size(), 2u);
  EXPECT_EQ(rollup.elements[1].kind, GroupingElement::Kind::kCube);

  const GroupByClause& sets =
      *parseSelectText("SELECT 1 FROM t GROUP BY GROUPING SETS ((a, b), (a), (), c, ROLLUP(d))")
           .group_by;
  const GroupingElement& element = sets.elements[0];
  EXPECT_EQ(element.kind, GroupingElement::Kind::kGroupingSets);
  ASSERT_EQ(element.children.size(), 5u);
  EXPECT_EQ(element.children[2].kind, GroupingElement::Kind::kSet);
  EXPECT_TRUE(element.children[2].children.empty());
  EXPECT_EQ(element.children[3].kind, GroupingElement::Kind::kExpression);
  EXPECT_EQ(element.children[4].kind, GroupingElement::Kind::kRollup);

  // The legacy WITH ROLLUP is the same tree as ROLLUP(...).
  EXPECT_TRUE(parseSelectText("SELECT 1 FROM t GROUP BY a, b WITH ROLLUP")
                  .equals(parseSelectText("SELECT 1 FROM t GROUP BY ROLLUP(a, b)")));
  // (a + 1) * 2 is an expression inside GROUPING SETS, not a set.
  EXPECT_EQ(parseSelectText("SELECT 1 FROM t GROUP BY GROUPING SETS ((a + 1) * 2)")
                .group_by->elements[0]
                .children[0]
                .kind,
            GroupingElement::Kind::kExpression);
}

TEST(ParserTest, FromItems) {
  const auto& named =
      parseSelectText("SELECT * FROM cat.db.`my table` t (a, b)").from[0]->as<NamedTableRef>();
  EXPECT_EQ(named.name, (std::vector<std::string>{"cat", "db", "my table"}));
  EXPECT_EQ(named.alias.name, "t");
  EXPECT_EQ(named.alias.columns, (std::vector<std::string>{"a", "b"}));

  EXPECT_EQ(parseSelectText("SELECT * FROM LIVE.events").from[0]->as<NamedTableRef>().name,
            (std::vector<std::string>{"LIVE", "events"}));
  EXPECT_TRUE(parseSelectText("SELECT * FROM STREAM(events)").from[0]->as<NamedTableRef>().stream);
  EXPECT_TRUE(parseSelectText("SELECT * FROM STREAM events e").from[0]->as<NamedTableRef>().stream);
  // A table named stream stays a table when no name follows.
  EXPECT_FALSE(parseSelectText("SELECT * FROM stream AS s").from[0]->as<NamedTableRef>().stream);

  const auto& files =
      parseSelectText("SELECT * FROM STREAM read_files('/data', format => 'json') AS f")
          .from[0]
          ->as<TableFunctionRef>();
  EXPECT_TRUE(files.stream);
  EXPECT_EQ(files.call->name, (std::vector<std::string>{"read_files"}));
  EXPECT_EQ(files.call->args[1]->as<NamedArgumentExpr>().name, "format");
  EXPECT_EQ(files.alias.name, "f");
  EXPECT_EQ(parseSelectText("SELECT * FROM range(1, 10)").from[0]->kind(), TableRefKind::kFunction);
  const auto& log =
      parseSelectText("SELECT * FROM event_log(TABLE(db.t))").from[0]->as<TableFunctionRef>();
  EXPECT_EQ(log.table_argument, (std::vector<std::string>{"db", "t"}));
  EXPECT_TRUE(log.call->args.empty());

  const auto& version =
      parseSelectText("SELECT * FROM t VERSION AS OF 3").from[0]->as<NamedTableRef>();
  ASSERT_TRUE(version.time_travel);
  EXPECT_EQ(version.time_travel->kind, TimeTravel::Kind::kVersion);
  const auto& timestamp = parseSelectText("SELECT * FROM t FOR SYSTEM_TIME AS OF '2024-01-01' x")
                              .from[0]
                              ->as<NamedTableRef>();
  EXPECT_EQ(timestamp.time_travel->kind, TimeTravel::Kind::kTimestamp);
  EXPECT_EQ(timestamp.alias.name, "x");

  const TableRef& watermarked =
      *parseSelectText("SELECT * FROM STREAM src WATERMARK ts DELAY OF INTERVAL 10 SECONDS AS s")
           .from[0];
  ASSERT_TRUE(watermarked.watermark);
  EXPECT_EQ(watermarked.watermark->delay->as<LiteralExpr>().interval.parts[0].unit, "SECOND");
  EXPECT_EQ(watermarked.alias.name, "s");
  EXPECT_EQ(
      parseSelectText("SELECT * FROM s WATERMARK to_timestamp(x) AS ts DELAY OF INTERVAL 1 MINUTE")
          .from[0]
          ->watermark->alias,
      "ts");

  const auto& subquery =
      parseSelectText("SELECT * FROM (SELECT 1 AS a) AS s(b)").from[0]->as<SubqueryRef>();
  EXPECT_EQ(subquery.alias.columns, (std::vector<std::string>{"b"}));
  const auto& values = parseSelectText("SELECT * FROM VALUES (1, 'a'), (2, 'b') AS v(id, name)")
                           .from[0]
                           ->as<ValuesRef>();
  EXPECT_EQ(values.rows.size(), 2u);
  EXPECT_EQ(values.rows[0].size(), 2u);
  EXPECT_EQ(parseSelectText("SELECT * FROM t WITH ('k' = 'v', a.b = 1)")
                .from[0]
                ->as<NamedTableRef>()
                .options.size(),
            2u);
}

TEST(ParserTest, JoinsAreLeftDeep) {
  const auto& join = parseSelectText(
                         "SELECT * FROM a JOIN b ON a.id = b.id LEFT OUTER JOIN c USING (id) "
                         "CROSS JOIN d")
                         .from[0]
                         ->as<JoinRef>();
  EXPECT_EQ(join.join_type, JoinType::kCross);
  const auto& middle = join.left->as<JoinRef>();
  EXPECT_EQ(middle.join_type, JoinType::kLeft);
  EXPECT_EQ(middle.using_columns, (std::vector<std::string>{"id"}));
  const auto& inner = middle.left->as<JoinRef>();
  EXPECT_EQ(inner.join_type, JoinType::kInner);
  EXPECT_TRUE(inner.condition);

  struct Case {
    std::string_view sql;
    JoinType type;
    bool natural;
  };
  const Case cases[] = {
      {"SELECT * FROM a INNER JOIN b ON true", JoinType::kInner, false},
      {"SELECT * FROM a RIGHT JOIN b ON true", JoinType::kRight, false},
      {"SELECT * FROM a FULL OUTER JOIN b ON true", JoinType::kFull, false},
      {"SELECT * FROM a LEFT SEMI JOIN b ON true", JoinType::kLeftSemi, false},
      {"SELECT * FROM a SEMI JOIN b ON true", JoinType::kLeftSemi, false},
      {"SELECT * FROM a LEFT ANTI JOIN b ON true", JoinType::kLeftAnti, false},
      {"SELECT * FROM a ANTI JOIN b ON true", JoinType::kLeftAnti, false},
      {"SELECT * FROM a NATURAL LEFT JOIN b", JoinType::kLeft, true},
      {"SELECT * FROM a NATURAL JOIN b", JoinType::kInner, true},
  };
  for (const Case& c : cases) {
    const auto& j = parseSelectText(c.sql).from[0]->as<JoinRef>();
    EXPECT_EQ(j.join_type, c.type) << c.sql;
    EXPECT_EQ(j.natural, c.natural) << c.sql;
  }
  // A parenthesised join on the right keeps its shape.
  const auto& nested =
      parseSelectText("SELECT * FROM a JOIN (b JOIN c ON x) ON y").from[0]->as<JoinRef>();
  EXPECT_EQ(nested.right->kind(), TableRefKind::kJoin);
}

TEST(ParserTest, LateralViews) {
  const SelectBody& select = parseSelectText(
      "SELECT * FROM t LATERAL VIEW explode(items) e AS item "
      "LATERAL VIEW OUTER posexplode(xs) p AS pos, x LATERAL VIEW inline(structs) s");
  ASSERT_EQ(select.lateral_views.size(), 3u);
  EXPECT_FALSE(select.lateral_views[0].outer);
  EXPECT_EQ(select.lateral_views[0].generator->name, (std::vector<std::string>{"explode"}));
  EXPECT_EQ(select.lateral_views[0].table_alias, "e");
  EXPECT_EQ(select.lateral_views[1].column_aliases, (std::vector<std::string>{"pos", "x"}));
  EXPECT_TRUE(select.lateral_views[1].outer);
  EXPECT_TRUE(select.lateral_views[2].column_aliases.empty());

  // The table alias may be left out before AS.
  const SelectBody& unnamed = parseSelectText("SELECT * FROM t LATERAL VIEW explode(xs) AS x, y");
  ASSERT_EQ(unnamed.lateral_views.size(), 1u);
  EXPECT_EQ(unnamed.lateral_views[0].table_alias, "");
  EXPECT_EQ(unnamed.lateral_views[0].column_aliases, (std::vector<std::string>{"x", "y"}));
}

TEST(ParserTest, QueriesWithClausesSetOperationsAndCtes) {
  const Query& query = parseQueryText(
      "WITH a AS (SELECT 1 AS x), b (y) AS (SELECT 2) "
      "SELECT x FROM a UNION ALL SELECT y FROM b INTERSECT SELECT 3 "
      "ORDER BY 1 DESC NULLS FIRST LIMIT 10 OFFSET 5");
  ASSERT_EQ(query.ctes.size(), 2u);
  EXPECT_EQ(query.ctes[1].columns, (std::vector<std::string>{"y"}));
  const auto& union_body = query.body->as<SetOperationBody>();
  EXPECT_EQ(union_body.op, SetOperator::kUnion);
  EXPECT_EQ(union_body.quantifier, SetQuantifier::kAll);
  // INTERSECT binds tighter than UNION.
  EXPECT_EQ(union_body.right->as<SetOperationBody>().op, SetOperator::kIntersect);
  EXPECT_EQ(query.order_by.size(), 1u);
  EXPECT_TRUE(query.limit);
  EXPECT_TRUE(query.offset);

  EXPECT_FALSE(query.recursive);
  const Query& recursive = parseQueryText(
      "WITH RECURSIVE r(n) MAX RECURSION LEVEL 7 (SELECT 1 UNION ALL SELECT n + 1 FROM r) "
      "SELECT * FROM r");
  EXPECT_TRUE(recursive.recursive);
  EXPECT_EQ(recursive.ctes[0].columns, (std::vector<std::string>{"n"}));
  EXPECT_EQ(recursive.ctes[0].max_recursion_level, 7);

  const auto& chain = parseQueryText("SELECT 1 EXCEPT SELECT 2 MINUS DISTINCT SELECT 3")
                          .body->as<SetOperationBody>();
  EXPECT_EQ(chain.quantifier, SetQuantifier::kDistinct);
  EXPECT_EQ(chain.left->as<SetOperationBody>().op, SetOperator::kExcept);

  // Parentheses with clauses of their own are kept; bare ones are not.
  const Query& nested = parseQueryText("(SELECT a FROM t ORDER BY a LIMIT 1) UNION (SELECT 2)");
  const auto& nested_body = nested.body->as<SetOperationBody>();
  EXPECT_EQ(nested_body.left->kind(), QueryBodyKind::kNested);
  EXPECT_EQ(nested_body.right->kind(), QueryBodyKind::kSelect);
  EXPECT_TRUE(parseQueryText("((SELECT 1))").body->kind() == QueryBodyKind::kSelect);
  EXPECT_TRUE(parseQueryText("SELECT a FROM t LIMIT ALL").limit_all);

  const Query& sorted = parseQueryText("SELECT a FROM t DISTRIBUTE BY a SORT BY b ASC");
  EXPECT_EQ(sorted.distribute_by.size(), 1u);
  EXPECT_EQ(sorted.sort_by[0].direction, SortDirection::kAscending);
  EXPECT_EQ(parseQueryText("SELECT a FROM t CLUSTER BY a").cluster_by.size(), 1u);

  const auto& values =
      parseQueryText("VALUES (1, 'a'), (2, 'b') AS t(id, name)").body->as<ValuesBody>();
  EXPECT_EQ(values.rows.size(), 2u);
  EXPECT_EQ(values.alias.columns.size(), 2u);
  EXPECT_EQ(parseQueryText("VALUES 1, 2, 3").body->as<ValuesBody>().rows.size(), 3u);
  EXPECT_EQ(parseQueryText("TABLE db.t").body->as<TableBody>().name,
            (std::vector<std::string>{"db", "t"}));
  // * EXCEPT (SELECT ...) is a set operation, not a star exception.
  EXPECT_EQ(parseQueryText("SELECT * EXCEPT (SELECT 1)").body->kind(),
            QueryBodyKind::kSetOperation);
}

TEST(ParserTest, KeywordsStayUsableAsIdentifiers) {
  const SelectBody& select = parseSelectText(
      "SELECT date, timestamp, year, key, value, comment, type, interval, current_user "
      "FROM events");
  EXPECT_EQ(select.items.size(), 9u);
  for (const SelectItem& item : select.items)
    EXPECT_TRUE(item.expr->is<ColumnRefExpr>());
  EXPECT_EQ(parseSelectText("SELECT a limit_ FROM t").items[0].alias, "limit_");
  EXPECT_EQ(parseSelectText("SELECT 1 AS stream").items[0].alias, "stream");
  // After AS even reserved words are names, as in Spark.
  EXPECT_EQ(parseSelectText("SELECT 1 AS from").items[0].alias, "from");
  EXPECT_EQ(parseSelectText("SELECT * FROM t AS order").from[0]->alias.name, "order");
  EXPECT_EQ(parseSelectText("SELECT `select` FROM `from`").items[0].expr->as<ColumnRefExpr>().name,
            (std::vector<std::string>{"select"}));
}

TEST(ParserTest, Statements) {
  std::vector<StatementPtr> statements = parseStatements(
      "SET; SET -v; SET spark.sql.shuffle.partitions; ;"
      "SET startDate = '2020-01-01' ;; SET `odd key` = `a;b`; SET k =");
  ASSERT_EQ(statements.size(), 6u);
  EXPECT_EQ(statements[0]->as<SetStatement>().form, SetStatement::Form::kListAll);
  EXPECT_EQ(statements[1]->as<SetStatement>().form, SetStatement::Form::kListVerbose);
  const auto& get = statements[2]->as<SetStatement>();
  EXPECT_EQ(get.form, SetStatement::Form::kGet);
  EXPECT_EQ(get.key, "spark.sql.shuffle.partitions");
  const auto& assign = statements[3]->as<SetStatement>();
  EXPECT_EQ(assign.form, SetStatement::Form::kAssign);
  EXPECT_EQ(assign.key, "startDate");
  EXPECT_EQ(assign.value, "'2020-01-01'");
  EXPECT_EQ(statements[4]->as<SetStatement>().key, "odd key");
  EXPECT_EQ(statements[4]->as<SetStatement>().value, "a;b");
  EXPECT_EQ(statements[5]->as<SetStatement>().value, "");
  EXPECT_EQ(statements[3]->text(), "SET startDate = '2020-01-01'");

  EXPECT_EQ(parseOne("RESET")->as<SetStatement>().form, SetStatement::Form::kResetAll);
  const auto& reset = parseOne("reset spark.sql.session.timeZone")->as<SetStatement>();
  EXPECT_EQ(reset.form, SetStatement::Form::kReset);
  EXPECT_EQ(reset.key, "spark.sql.session.timeZone");
  EXPECT_EQ(parseOne("RESET `odd key`")->as<SetStatement>().key, "odd key");

  EXPECT_TRUE(parseOne("SET TIME ZONE LOCAL")->as<SetTimeZoneStatement>().local);
  EXPECT_EQ(parseOne("SET TIME ZONE 'America/Los_Angeles'")->as<SetTimeZoneStatement>().zone,
            "America/Los_Angeles");
  EXPECT_TRUE(parseOne("SET TIME ZONE INTERVAL 8 HOURS")->as<SetTimeZoneStatement>().interval);

  const Statement* view = parseOne(
      "CREATE OR REPLACE TEMPORARY VIEW v (a COMMENT 'first', b) COMMENT 'view' "
      "AS SELECT 1, 2");
  const auto& create = view->as<CreateViewStatement>();
  EXPECT_TRUE(create.or_replace);
  EXPECT_TRUE(create.temporary);
  EXPECT_EQ(create.name, (std::vector<std::string>{"v"}));
  ASSERT_EQ(create.columns.size(), 2u);
  EXPECT_EQ(create.columns[0].comment, "first");
  EXPECT_EQ(create.comment, "view");
  EXPECT_TRUE(parseOne("CREATE TEMP VIEW v AS VALUES 1")->as<CreateViewStatement>().temporary);

  const auto& drop = parseOne("DROP VIEW IF EXISTS db.v")->as<DropViewStatement>();
  EXPECT_TRUE(drop.if_exists);
  EXPECT_EQ(drop.name.size(), 2u);

  const auto& drop_function =
      parseOne("DROP TEMP FUNCTION IF EXISTS f")->as<DropFunctionStatement>();
  EXPECT_TRUE(drop_function.temporary);
  EXPECT_TRUE(drop_function.if_exists);
  EXPECT_EQ(drop_function.name, (std::vector<std::string>{"f"}));
  EXPECT_FALSE(parseOne("DROP FUNCTION f")->as<DropFunctionStatement>().temporary);

  const auto& explain = parseOne("EXPLAIN EXTENDED SELECT 1")->as<ExplainStatement>();
  EXPECT_EQ(explain.mode, ExplainMode::kExtended);
  EXPECT_EQ(explain.statement->kind(), StatementKind::kQuery);
  EXPECT_EQ(explain.statement->text(), "SELECT 1");
}

TEST(ParserTest, StatementsKeepTheirTextAndPositions) {
  std::string_view text = "-- header\nSELECT 1;\n\n  SELECT a\n  FROM t ; ";
  std::vector<StatementPtr> statements = parseStatements(text, "file.sql");
  ASSERT_EQ(statements.size(), 2u);
  EXPECT_EQ(statements[0]->text(), "SELECT 1");
  EXPECT_EQ(statements[0]->position.line, 2u);
  EXPECT_EQ(statements[1]->text(), "SELECT a\n  FROM t");
  EXPECT_EQ(statements[1]->position.line, 4u);
  EXPECT_EQ(statements[1]->position.column, 3u);
  const auto& from = statements[1]->as<QueryStatement>().query->body->as<SelectBody>().from[0];
  SourceLocation location = statements[1]->locate(from->position);
  EXPECT_EQ(location.source_name, "file.sql");
  EXPECT_EQ(location.line, 5u);
  EXPECT_EQ(location.column, 8u);
  EXPECT_EQ(location.line_text, "  FROM t ; ");
  EXPECT_TRUE(parseStatements("  ;; -- nothing\n").empty());
}

TEST(ParserTest, StatementReaderParsesOneStatementAtATime) {
  StatementReader reader("SELECT 1; SELEC 2; SELECT 3");
  EXPECT_TRUE(reader.next());
  EXPECT_THROW(reader.next(), Error);
}

TEST(ParserTest, DataTypesAndColumnLists) {
  EXPECT_EQ(parseDataType("int"), DataType::intType());
  EXPECT_EQ(parseDataType("INTEGER"), DataType::intType());
  EXPECT_EQ(parseDataType("long"), DataType::longType());
  EXPECT_EQ(parseDataType("BIGINT"), DataType::longType());
  EXPECT_EQ(parseDataType("short"), DataType::shortType());
  EXPECT_EQ(parseDataType("smallint"), DataType::shortType());
  EXPECT_EQ(parseDataType("byte"), DataType::byteType());
  EXPECT_EQ(parseDataType("TINYINT"), DataType::byteType());
  EXPECT_EQ(parseDataType("real"), DataType::floatType());
  EXPECT_EQ(parseDataType("FLOAT"), DataType::floatType());
  EXPECT_EQ(parseDataType("DOUBLE"), DataType::doubleType());
  EXPECT_EQ(parseDataType("DECIMAL"), DataType::decimal(10, 0));
  EXPECT_EQ(parseDataType("dec(5)"), DataType::decimal(5, 0));
  EXPECT_EQ(parseDataType("NUMERIC(38, 6)"), DataType::decimal(38, 6));
  EXPECT_EQ(parseDataType("STRING"), DataType::string());
  EXPECT_EQ(parseDataType("varchar(20)"), DataType::string());
  EXPECT_EQ(parseDataType("CHAR(3)"), DataType::string());
  EXPECT_EQ(parseDataType("BINARY"), DataType::binary());
  EXPECT_EQ(parseDataType("BOOLEAN"), DataType::boolean());
  EXPECT_EQ(parseDataType("DATE"), DataType::date());
  EXPECT_EQ(parseDataType("TIMESTAMP"), DataType::timestamp());
  EXPECT_EQ(parseDataType("TIMESTAMP_LTZ"), DataType::timestamp());
  EXPECT_EQ(parseDataType("TIMESTAMP_NTZ"), DataType::timestampNtz());
  EXPECT_EQ(parseDataType("TIMESTAMP WITHOUT TIME ZONE"), DataType::timestampNtz());
  EXPECT_EQ(parseDataType("TIME"), DataType::time(6));
  EXPECT_EQ(parseDataType("time(3)"), DataType::time(3));
  EXPECT_EQ(parseDataType("TIME(0) WITHOUT TIME ZONE"), DataType::time(0));
  EXPECT_EQ(parseDataType("TIME WITHOUT TIME ZONE"), DataType::time(6));
  EXPECT_EQ(parseDataType("VOID"), DataType::voidType());
  EXPECT_EQ(parseDataType("INTERVAL YEAR TO MONTH"), DataType::yearMonthInterval());
  EXPECT_EQ(parseDataType("INTERVAL MONTH"),
            DataType::yearMonthInterval(IntervalField::kMonth, IntervalField::kMonth));
  EXPECT_EQ(parseDataType("INTERVAL DAY TO SECOND"), DataType::dayTimeInterval());
  EXPECT_EQ(parseDataType("INTERVAL HOUR TO MINUTE"),
            DataType::dayTimeInterval(IntervalField::kHour, IntervalField::kMinute));
  EXPECT_EQ(parseDataType("ARRAY<ARRAY<INT>>"),
            DataType::array(DataType::array(DataType::intType())));
  EXPECT_EQ(parseDataType("MAP<STRING, ARRAY<BIGINT>>"),
            DataType::map(DataType::string(), DataType::array(DataType::longType())));
  DataType nested = parseDataType("STRUCT<a: INT NOT NULL COMMENT 'x', `b c` STRING, end:DATE>");
  ASSERT_EQ(nested.fields().size(), 3u);
  EXPECT_FALSE(nested.fields()[0].nullable);
  EXPECT_EQ(nested.fields()[0].comment, "x");
  EXPECT_EQ(nested.fields()[1].name, "b c");
  EXPECT_EQ(nested.fields()[2].name, "end");
  EXPECT_TRUE(parseDataType("STRUCT<>").fields().empty());
  EXPECT_TRUE(parseDataType("struct< >").fields().empty());
  EXPECT_EQ(parseDataType("ARRAY<STRUCT<a: MAP<INT, ARRAY<INT>>>>").elementType().fields().size(),
            1u);

  std::vector<StructField> columns = parseColumnList("id LONG, name STRING NOT NULL COMMENT 'x'");
  ASSERT_EQ(columns.size(), 2u);
  EXPECT_EQ(columns[0].name, "id");
  EXPECT_EQ(columns[0].type, DataType::longType());
  EXPECT_FALSE(columns[1].nullable);
  EXPECT_EQ(columns[1].comment, "x");
}

TEST(ParserTest, ForEachChildVisitsDirectChildrenInOrder) {
  const Expr* expr = parsed("f(a, b) FILTER (WHERE c) OVER (PARTITION BY d ORDER BY e)");
  std::vector<std::string> names;
  forEachChild(*expr, [&](const Expr& child) { names.push_back(printExpression(child)); });
  EXPECT_EQ(names, (std::vector<std::string>{"a", "b", "c", "d", "e"}));
}

// Every query and statement form: each must parse, and print to text that parses back to an
// equal tree (and prints identically again).
const char* const kRoundTripInputs[] = {
    "SELECT 1",
    "SELECT 1 + 2 * 3, (1 + 2) * 3, 1 - (2 - 3), 1 - 2 - 3",
    "SELECT a || b = c, NOT a = b, -x.y, a BETWEEN 1 AND 2 AND c",
    "SELECT (a = b) = c, a = (b = c), NOT (a AND b), (NOT a) = b",
    "SELECT - -1, -(1), -(-1), - - x, +-1, -1::STRING, (-1)::STRING, -(1::INT), 2 - -1",
    "SELECT ~a & b | c ^ d << 1 >> 2 >>> 3, a DIV b % c",
    "SELECT a <=> b, a == b, a != b, a <> b, a !< b, a >= b",
    "SELECT a IS NULL, a IS NOT NULL, (a IS NULL) IS NULL, a IS TRUE, a IS NOT FALSE, "
    "a IS UNKNOWN",
    "SELECT a IS DISTINCT FROM b, a IS NOT DISTINCT FROM b + 1",
    "SELECT a NOT BETWEEN b AND c, a BETWEEN (b AND c) AND d, (a BETWEEN 1 AND 2) = true",
    "SELECT a IN (1, 2), a NOT IN (SELECT b FROM t), a IN ((SELECT 1), 2), "
    "a IN ((SELECT 1) UNION (SELECT 2))",
    "SELECT a LIKE 'x%', a NOT ILIKE 'x' ESCAPE '!', a RLIKE '^a', a REGEXP 'b', "
    "a LIKE ANY ('a', 'b'), a NOT LIKE ALL (), a ILIKE SOME ('c')",
    "SELECT EXISTS (SELECT 1), NOT EXISTS (SELECT * FROM t WHERE t.a = u.a) FROM u",
    "SELECT (SELECT max(a) FROM t), ((SELECT 1) + 1) * 2, ((SELECT 1 LIMIT 1))",
    "SELECT CASE WHEN a THEN 1 WHEN b THEN 2 ELSE 3 END, CASE x WHEN 1 THEN 'a' END",
    "SELECT CAST(a AS INT), TRY_CAST(b AS DECIMAL(10,2)), c::BIGINT, d::ARRAY<STRUCT<x: INT>>, "
    "CAST(e AS MAP<STRING, ARRAY<INT>>), CAST(f AS INTERVAL DAY TO SECOND)",
    "SELECT 1Y, 2S, 3L, 4, 2147483648, 1.5, .5, 1., 1.5D, 1.5F, 1.5BD, 1e10, -2.5E-3",
    "SELECT 'a' 'b', \"double\", 'it''s', 'tab\\there', r'raw\\n', 'nul\\0', 'é', '\\u00e9'",
    "SELECT X'1F', DATE '2024-01-01', TIMESTAMP '2024-01-01 10:00:00', "
    "TIMESTAMP_NTZ '2024-01-01', TIMESTAMP_LTZ '2024-01-01', TIME '01:02:03', TRUE, FALSE, NULL",
    "SELECT CAST(a AS TIME), CAST(b AS TIME(0)), time, time(c) FROM t",
    "SELECT INTERVAL 1 DAY, INTERVAL '1' DAY 2 HOURS, INTERVAL -3 YEARS, INTERVAL '1-2' YEAR "
    "TO MONTH, INTERVAL '1 day', INTERVAL 1 DAY - 1, INTERVAL 1.5 SECONDS",
    "SELECT a.b.c, `weird name`.`x``y`, t.`from`, m['k'], arr[0].f, f(x).g, (s).a",
    "SELECT raw:store.fruit[0]['type'], raw:a[*].b::INT, raw:`zip code`, raw:['Case']",
    "SELECT *, t.*, * EXCEPT (a, b.c), t.* EXCEPT (d) FROM t",
    "SELECT count(*), count(DISTINCT a, b), sum(x) FILTER (WHERE y > 0), first(x IGNORE NULLS), "
    "last(x) RESPECT NULLS, percentile_cont(0.5) WITHIN GROUP (ORDER BY x DESC)",
    "SELECT row_number() OVER (PARTITION BY a ORDER BY b DESC NULLS LAST), "
    "sum(x) OVER (ORDER BY t ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW), "
    "avg(x) OVER (RANGE BETWEEN INTERVAL 1 DAY PRECEDING AND 2 FOLLOWING), "
    "count(*) OVER (), max(x) OVER w, min(x) OVER (ROWS 3 PRECEDING) FROM t WINDOW w AS "
    "(DISTRIBUTE BY a SORT BY b)",
    "SELECT transform(arr, x -> x + 1), filter(arr, (x, i) -> x > i), aggregate(a, 0, "
    "(acc, x) -> acc + x, acc -> acc * 10), exists(arr, x -> x IS NULL)",
    "SELECT read_files('p', format => 'json'), struct(a AS x, b), named_struct('a', 1), "
    "left('abc', 2), right('abc', 1), `my func`(1), db.f(2)",
    "SELECT EXTRACT(YEAR FROM d), SUBSTRING(s FROM 2 FOR 3), substr(s, 1), TRIM(s), "
    "TRIM(BOTH FROM s), TRIM(LEADING 'x' FROM s), TRIM('y' FROM s), POSITION('a' IN s), "
    "OVERLAY(s PLACING 'x' FROM 2 FOR 1), timestampadd(HOUR, 1, ts), datediff(DAY, a, b), "
    "date_add(d, 1)",
    "SELECT (1, 2), (a AS x, b), ${param}, current_date, current_date(), user",
    "SELECT `cast`(1), `try_cast`(2), position((a IN (1)), s), dateadd(`day`, 1, x), +1, + +1",
    "SELECT DISTINCT a AS x, b y, c FROM t",
    "SELECT ALL a FROM t",
    "SELECT /*+ BROADCAST(d), REPARTITION(3) */ a FROM t JOIN d ON t.k = d.k",
    "SELECT * FROM cat.db.t AS t1, db.u, `my table` x (a, b)",
    "SELECT * FROM STREAM(events), STREAM events e, STREAM read_files('/x', format => 'csv') f, "
    "LIVE.t",
    "SELECT * FROM t VERSION AS OF 3, u TIMESTAMP AS OF '2024-01-01', v FOR SYSTEM_VERSION "
    "AS OF 'abc'",
    "SELECT * FROM STREAM src WATERMARK ts DELAY OF INTERVAL 10 SECONDS AS s",
    "SELECT * FROM s WATERMARK to_timestamp(x) AS ts DELAY OF INTERVAL 1 MINUTE",
    "SELECT * FROM range(1, 10), range(5) AS r(id)",
    "SELECT * FROM t TABLESAMPLE (12.5 PERCENT) AS s, u TABLESAMPLE (-0 PERCENT) REPEATABLE (-3), "
    "(SELECT 1) TABLESAMPLE (1 + 2 ROWS), (a JOIN b) TABLESAMPLE (BUCKET 1 OUT OF 4) REPEATABLE "
    "(7) AS j",
    "SELECT * FROM event_log(TABLE(cat.db.t)), f(TABLE(t), 1, x => 2) AS g",
    "SELECT * FROM (SELECT 1 AS a) AS s(b), (SELECT 2) u, (VALUES (1)) v",
    "SELECT * FROM VALUES (1, 'a'), (2, 'b') AS v(id, name)",
    "SELECT * FROM t WITH ('k' = 'v', a.b = 1, c = true)",
    "SELECT * FROM a JOIN b ON a.id = b.id LEFT OUTER JOIN c USING (id) CROSS JOIN d",
    "SELECT * FROM a INNER JOIN b ON x RIGHT JOIN c ON y FULL OUTER JOIN d ON z",
    "SELECT * FROM a LEFT SEMI JOIN b ON x SEMI JOIN c ON y ANTI JOIN d ON z LEFT ANTI JOIN e "
    "ON w",
    "SELECT * FROM a NATURAL JOIN b NATURAL LEFT JOIN c, d JOIN e",
    "SELECT * FROM a JOIN (b JOIN c ON x) ON y",
    "SELECT * FROM (a JOIN b ON x) AS j JOIN c ON y",
    "SELECT * FROM t LATERAL VIEW explode(items) e AS item LATERAL VIEW OUTER posexplode(xs) p "
    "AS pos, x LATERAL VIEW inline(s) i",
    "SELECT * FROM t LATERAL VIEW OUTER explode(xs) AS x",
    "SELECT * FROM t1, LATERAL (SELECT c1 + c2 AS c3) AS s(x), LATERAL explode(t1.xs) AS e(v)",
    "SELECT * FROM t1 JOIN LATERAL (SELECT c1) ON c1 > 0 LEFT OUTER JOIN LATERAL (SELECT 1) AS u "
    "ON true CROSS JOIN LATERAL range(3)",
    "SELECT a FROM t WHERE a > 1 AND b < 2 OR c",
    "SELECT a, sum(b) FROM t GROUP BY a, 2 HAVING sum(b) > 10",
    "SELECT a, sum(b) FROM t GROUP BY ALL",
    "SELECT a FROM t GROUP BY ROLLUP(a, (b, c)), CUBE(d)",
    "SELECT a FROM t GROUP BY GROUPING SETS ((a, b), (a), (), c, ROLLUP(d), CUBE(e, f))",
    "SELECT a FROM t GROUP BY a, b WITH CUBE",
    "SELECT a FROM t GROUP BY (a, b)",
    "SELECT a FROM t GROUP BY (rollup(a)), `cube`(b), ROLLUP(`rollup`(c))",
    "SELECT a, rank() OVER w AS r FROM t QUALIFY r = 1",
    "SELECT a FROM t WINDOW w AS (PARTITION BY a), w2 AS w",
    "SELECT a FROM t ORDER BY a, b DESC, c ASC NULLS FIRST, d NULLS LAST",
    "SELECT a FROM t DISTRIBUTE BY b SORT BY a",
    "SELECT a FROM t CLUSTER BY a, b",
    "SELECT a FROM t LIMIT 10 OFFSET 5",
    "SELECT a FROM t LIMIT ALL",
    "SELECT a FROM t ORDER BY a WINDOW w AS (ORDER BY a) LIMIT 1",
    "(SELECT a FROM t) WINDOW w AS (ORDER BY a)",
    "SELECT 1 UNION SELECT 2 UNION ALL SELECT 3 EXCEPT SELECT 4 MINUS SELECT 5 INTERSECT "
    "SELECT 6 INTERSECT ALL SELECT 7 UNION DISTINCT SELECT 8",
    "SELECT 1 UNION (SELECT 2 UNION SELECT 3)",
    "(SELECT 1 UNION SELECT 2) INTERSECT SELECT 3",
    "(SELECT a FROM t ORDER BY a LIMIT 1) UNION ALL (SELECT b FROM u LIMIT 2) ORDER BY 1",
    "((SELECT 1))",
    "WITH a AS (SELECT 1 AS x), b (y) AS (SELECT 2) SELECT * FROM a, b",
    "WITH a AS (WITH b AS (SELECT 1) SELECT * FROM b) SELECT * FROM a",
    "WITH RECURSIVE r (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT n FROM r",
    "WITH RECURSIVE r (n) MAX RECURSION LEVEL 200 AS (VALUES 0 UNION ALL SELECT n + 1 FROM r), "
    "s AS (SELECT 1) SELECT * FROM r, s",
    "SELECT * FROM (WITH c AS (SELECT 1) SELECT * FROM c) s",
    "VALUES (1, 'a'), (2, 'b')",
    "VALUES 1, 2, 3",
    "VALUES (1) AS t(a)",
    "TABLE db.t",
    "SELECT 1 WHERE true",
    "SELECT date, timestamp, year, key, value, comment, type, current_user FROM events",
    "SELECT 1 AS `select`, 2 AS `from`, 3 AS `interval` FROM `values`, `stream` AS s",
    "SELECT 1 AS from, 2 AS select FROM t AS order, u AS where",
    "SELECT a FROM t WHERE a = ${x} AND b IN (${y}, 2)",
    "SELECT * FROM t WHERE (a, b) IN (SELECT x, y FROM u)",
    "SET",
    "SET -v",
    "SET spark.sql.shuffle.partitions",
    "SET spark.sql.shuffle.partitions = 10",
    "SET startDate = '2020-01-01'",
    "SET `odd key` = `a;b`",
    "SET k =",
    "RESET",
    "RESET spark.sql.session.timeZone",
    "RESET `odd key`",
    "SET TIME ZONE LOCAL",
    "SET TIME ZONE 'America/Los_Angeles'",
    "SET TIME ZONE INTERVAL 8 HOURS",
    "CREATE TEMPORARY VIEW v AS SELECT 1",
    "CREATE OR REPLACE TEMP VIEW v (a COMMENT 'first', b) COMMENT 'view' AS SELECT 1, 2",
    "CREATE VIEW db.v TBLPROPERTIES ('a' = 'b', c = 1) AS SELECT * FROM t",
    "CREATE VIEW IF NOT EXISTS v AS VALUES 1",
    "DROP VIEW v",
    "DROP VIEW IF EXISTS db.v",
    "DROP TEMPORARY FUNCTION IF EXISTS f",
    "DROP FUNCTION db.f",
    "EXPLAIN SELECT 1",
    "EXPLAIN EXTENDED SELECT * FROM t",
    "EXPLAIN FORMATTED CREATE TEMPORARY VIEW v AS SELECT 1",
    "SELECT a, b, sum(c) FROM t GROUP BY a, b GROUPING SETS ((a), ())",
    "SELECT a FROM t ORDER BY ALL DESC NULLS LAST",
    "SELECT * FROM t PIVOT (sum(x) AS s, avg(x) FOR y IN (1 AS one, 2))",
    "SELECT * FROM t PIVOT (sum(x) FOR (y, z) IN ((1, 'a') AS p, (2, 'b')))",
    "SELECT * FROM t UNPIVOT (v FOR k IN (a, b AS bee)) AS u",
    "SELECT * FROM t UNPIVOT INCLUDE NULLS ((v, w) FOR k IN ((a, b) AS ab, (c, d)))",
    "SELECT * FROM a JOIN (b PIVOT (sum(x) FOR y IN (1))) ON true",
    "SELECT * FROM a JOIN b UNPIVOT (v FOR k IN (c, d)) PIVOT (max(v) FOR k IN ('c'))",
    "DECLARE VARIABLE v INT",
    "DECLARE OR REPLACE VARIABLE a, system.session.b DECIMAL(10, 2) DEFAULT 1 + rand(5)",
    "DECLARE VARIABLE s DEFAULT 'x'",
    "SET VARIABLE v = v + 1, session.w = DEFAULT",
    "SET VARIABLE (a, b) = (SELECT c1, c2 FROM t WHERE c1 > 0)",
    "DROP TEMPORARY VARIABLE IF EXISTS system.session.v",
    "EXECUTE IMMEDIATE 'SELECT ?' INTO v USING 5",
    "CACHE TABLE t",
    "CACHE LAZY TABLE db.t OPTIONS ('storageLevel' 'DISK_ONLY')",
    "CACHE TABLE c WITH t2 AS (SELECT 1) SELECT * FROM t2",
    "CACHE TABLE c AS SELECT a FROM t WHERE a > 1",
    "UNCACHE TABLE IF EXISTS db.t",
    "CLEAR CACHE",
    "REFRESH TABLE cat.db.t",
    "REFRESH '/data/events'",
};

TEST(ParserTest, PrintedQueriesParseBackToTheSameTree) {
  for (PrintLayout layout : {PrintLayout::kOneLine, PrintLayout::kPretty}) {
    for (const char* input : kRoundTripInputs) {
      SCOPED_TRACE(input);
      std::vector<StatementPtr> first;
      try {
        first = parseStatements(input);
      } catch (const Error& error) {
        ADD_FAILURE() << "parse failed: " << error.report();
        continue;
      }
      ASSERT_EQ(first.size(), 1u);
      std::string printed = printStatement(*first[0], layout);
      std::vector<StatementPtr> second;
      try {
        second = parseStatements(printed);
      } catch (const Error& error) {
        ADD_FAILURE() << "printed text does not parse: " << printed << "\n" << error.report();
        continue;
      }
      ASSERT_EQ(second.size(), 1u) << printed;
      EXPECT_TRUE(first[0]->equals(*second[0])) << "printed: " << printed;
      EXPECT_EQ(printStatement(*second[0], layout), printed);
    }
  }
}

TEST(ParserTest, PrinterWritesCanonicalSql) {
  auto canonical = [](std::string_view sql) { return printStatement(*parseOne(sql)); };
  EXPECT_EQ(canonical("select a as x, b from t where a=1 and not b"),
            "SELECT a AS x, b FROM t WHERE a = 1 AND NOT b");
  EXPECT_EQ(canonical("select (1+2)*3, 1+(2*3), -(1), - -x"),
            "SELECT (1 + 2) * 3, 1 + 2 * 3, -(1), - -x");
  EXPECT_EQ(canonical("select `a`, `a b`, `select`, t.`from`, `1x`"),
            "SELECT a, `a b`, `select`, t.`from`, `1x`");
  // 'it''s' is two adjacent literals in Spark, concatenated.
  EXPECT_EQ(canonical("select 'it''s', \"x\\\"y\", r'a\\b'"), "SELECT 'its', 'x\"y', 'a\\\\b'");
  EXPECT_EQ(canonical("select a from t left outer join u using (k) order by a desc limit 5"),
            "SELECT a FROM t LEFT JOIN u USING (k) ORDER BY a DESC LIMIT 5");
  EXPECT_EQ(canonical("select cast(a as long), b::decimal, interval 2 days"),
            "SELECT CAST(a AS BIGINT), b::DECIMAL(10,0), INTERVAL 2 DAY");
  EXPECT_EQ(canonical("select 1 union select 2 union (select 3 union select 4)"),
            "SELECT 1 UNION SELECT 2 UNION (SELECT 3 UNION SELECT 4)");
  EXPECT_EQ(printDataType(parseDataType("struct<a:int not null, `b c`:array<string>>")),
            "STRUCT<a: INT NOT NULL, `b c`: ARRAY<STRING>>");
  EXPECT_EQ(quoteString("a\nb\x01"), "'a\\nb\\u0001'");
}

TEST(ParserTest, LongChainsAndDeepNestingStayWithinLimits) {
  auto round_trips = [](const std::string& sql) {
    const Statement* statement = parseOne(sql);
    std::string printed = printStatement(*statement);
    EXPECT_TRUE(statement->equals(*parseOne(printed)));
    EXPECT_EQ(printed, sql);
  };
  std::string sum = "SELECT 1";
  for (int i = 0; i < 2500; ++i)
    sum += " + 1";
  round_trips(sum);
  std::string subscripts = "SELECT a";
  for (int i = 0; i < 2500; ++i)
    subscripts += "[0]";
  round_trips(subscripts);
  std::string unions = "SELECT 1";
  for (int i = 0; i < 1000; ++i)
    unions += " UNION ALL SELECT 1";
  round_trips(unions);
  // Nesting close to the limit parses and prints (right-nested, so printing recurses too).
  std::string nested = "SELECT ";
  for (int i = 0; i < 240; ++i)
    nested += "1 + (";
  nested += "1";
  for (int i = 0; i < 240; ++i)
    nested += ")";
  const Statement* deep = parseOne(nested);
  EXPECT_TRUE(deep->equals(*parseOne(printStatement(*deep))));
  std::string subqueries = "SELECT ";
  for (int i = 0; i < 80; ++i)
    subqueries += "(SELECT ";
  subqueries += "1";
  for (int i = 0; i < 80; ++i)
    subqueries += ")";
  const Statement* deep_query = parseOne(subqueries);
  EXPECT_EQ(printStatement(*deep_query), subqueries);
}

TEST(ParserTest, AndOrChainsAreBalancedAsInSpark) {
  EXPECT_EQ(treeOf("a AND b AND c"), "(AND (AND a b) c)");
  EXPECT_EQ(treeOf("a AND b AND c AND d"), "(AND (AND a b) (AND c d))");
  EXPECT_EQ(treeOf("a OR b OR c OR d OR e"), "(OR (OR (OR a b) c) (OR d e))");
  EXPECT_EQ(treeOf("a AND (b AND c)"), "(AND a (AND b c))");
  // Printing keeps each shape: flat when the parser rebuilds it from flat text.
  EXPECT_EQ(printExpression(*parsed("a AND b AND c AND d AND e")), "a AND b AND c AND d AND e");
  EXPECT_EQ(printExpression(*parsed("a AND (b AND c)")), "a AND (b AND c)");
  EXPECT_EQ(printExpression(*parsed("(a AND b AND c AND d) AND e")), "(a AND b AND c AND d) AND e");
  // A very long generated condition stays shallow.
  std::string condition = "SELECT 1 WHERE x = 0";
  for (int i = 1; i < 20000; ++i)
    condition += fmt::format(" OR x = {}", i);
  const Statement* statement = parseOne(condition);
  EXPECT_EQ(printStatement(*statement), condition);
}

}  // namespace
}  // namespace sluice::sql
