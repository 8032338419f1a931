// src/function/docs/aggregate_docs.cpp
//
// What DESCRIBE FUNCTION shows of the aggregate and window functions. Every example is run by
// test/unit/session/function_catalogue_test.cpp, which compares its rows with the lines shown.
#include "function/docs/doc_parts.hpp"

namespace sluice {

std::vector<NamedFunctionDoc> aggregateFunctionDocs() {
  return {
      {{"count"},
       {"_FUNC_(*) - Returns the number of rows; _FUNC_(expr, ...) the number of rows where every "
        "`expr` is non-null, and _FUNC_(DISTINCT expr, ...) the number of distinct such "
        "combinations.",
        "> SELECT _FUNC_(*), _FUNC_(v), _FUNC_(DISTINCT v) FROM VALUES (1), (1), (NULL), (4) AS "
        "t(v);\n"
        " 4	3	2"}},
      {{"count_if"},
       {"_FUNC_(expr) - Returns the number of rows for which the boolean `expr` is true.",
        "> SELECT _FUNC_(v > 2) FROM VALUES (1), (3), (NULL), (4) AS t(v);\n"
        " 2"}},
      {{"sum"},
       {"_FUNC_(expr) - Returns the sum of the non-null values of the group, or null when there "
        "are none; integer overflow fails with ANSI mode on.",
        "> SELECT _FUNC_(v) FROM VALUES (4), (NULL), (6) AS t(v);\n"
        " 10\n"
        "> SELECT _FUNC_(DISTINCT v) FROM VALUES (2), (2), (3) AS t(v);\n"
        " 5"}},
      {{"try_sum"},
       {"_FUNC_(expr) - Returns the sum of the non-null values of the group, but null instead of "
        "failing when it overflows.",
        "> SELECT _FUNC_(v) FROM VALUES (4), (NULL), (6) AS t(v);\n"
        " 10\n"
        "> SELECT _FUNC_(v) FROM VALUES (9223372036854775807L), (1L) AS t(v);\n"
        " NULL"}},
      {{"avg", "mean"},
       {"_FUNC_(expr) - Returns the arithmetic mean of the non-null values of the group.",
        "> SELECT _FUNC_(v) FROM VALUES (1), (2), (NULL), (6) AS t(v);\n"
        " 3.0"}},
      {{"try_avg"},
       {"_FUNC_(expr) - Returns the mean of the non-null values of the group, but null instead of "
        "failing when their sum overflows.",
        "> SELECT _FUNC_(v) FROM VALUES (1), (2), (6) AS t(v);\n"
        " 3.0"}},
      {{"min"},
       {"_FUNC_(expr) - Returns the smallest non-null value of the group.",
        "> SELECT _FUNC_(v) FROM VALUES ('pear'), ('fig'), (NULL) AS t(v);\n"
        " fig"}},
      {{"max"},
       {"_FUNC_(expr) - Returns the largest non-null value of the group.",
        "> SELECT _FUNC_(v) FROM VALUES ('pear'), ('fig'), (NULL) AS t(v);\n"
        " pear"}},
      {{"min_by"},
       {"_FUNC_(x, y) - Returns the value of `x` on the row whose `y` is smallest.",
        "> SELECT _FUNC_(name, price) FROM VALUES ('tea', 3), ('cake', 5), ('water', 1) AS t(name, "
        "price);\n"
        " water"}},
      {{"max_by"},
       {"_FUNC_(x, y) - Returns the value of `x` on the row whose `y` is largest.",
        "> SELECT _FUNC_(name, price) FROM VALUES ('tea', 3), ('cake', 5), ('water', 1) AS t(name, "
        "price);\n"
        " cake"}},
      {{"first", "first_value"},
       {"_FUNC_(expr [, ignoreNull]) - Returns the value of `expr` on the first row of the group, "
        "skipping nulls when `ignoreNull` is true; which row is first depends on the input order.",
        "> SELECT _FUNC_(v) FROM VALUES (NULL), (8), (9) AS t(v);\n"
        " NULL\n"
        "> SELECT _FUNC_(v, true) FROM VALUES (NULL), (8), (9) AS t(v);\n"
        " 8"}},
      {{"last", "last_value"},
       {"_FUNC_(expr [, ignoreNull]) - Returns the value of `expr` on the last row of the group, "
        "skipping nulls when `ignoreNull` is true; which row is last depends on the input order.",
        "> SELECT _FUNC_(v) FROM VALUES (8), (9), (NULL) AS t(v);\n"
        " NULL\n"
        "> SELECT _FUNC_(v, true) FROM VALUES (8), (9), (NULL) AS t(v);\n"
        " 9"}},
      {{"any_value"},
       {"_FUNC_(expr [, ignoreNull]) - Returns the value of `expr` on some row of the group, a "
        "non-null one when `ignoreNull` is true.",
        "> SELECT _FUNC_(v, true) FROM VALUES (NULL), (5), (NULL) AS t(v);\n"
        " 5"}},
      {{"every", "bool_and"},
       {"_FUNC_(expr) - Returns true when the boolean `expr` is true on every row of the group "
        "where it is not null.",
        "> SELECT _FUNC_(v > 0) FROM VALUES (1), (2), (3) AS t(v);\n"
        " true\n"
        "> SELECT _FUNC_(v > 1) FROM VALUES (1), (2), (3) AS t(v);\n"
        " false"}},
      {{"any", "some", "bool_or"},
       {"_FUNC_(expr) - Returns true when the boolean `expr` is true on at least one row of the "
        "group.",
        "> SELECT _FUNC_(v > 2) FROM VALUES (1), (2), (3) AS t(v);\n"
        " true\n"
        "> SELECT _FUNC_(v > 5) FROM VALUES (1), (2), (3) AS t(v);\n"
        " false"}},
      {{"collect_list", "array_agg"},
       {"_FUNC_(expr) - Returns an array of the non-null values of `expr` in the group, repeats "
        "kept, in no guaranteed order.",
        "> SELECT _FUNC_(v) FROM VALUES (2), (NULL), (2) AS t(v);\n"
        " [2,2]"}},
      {{"collect_set"},
       {"_FUNC_(expr) - Returns an array of the distinct non-null values of `expr` in the group, "
        "in no guaranteed order.",
        "> SELECT _FUNC_(v) FROM VALUES (2), (NULL), (2) AS t(v);\n"
        " [2]"}},
      {{"listagg", "string_agg"},
       {"_FUNC_(expr [, delimiter]) [WITHIN GROUP (ORDER BY key [ASC | DESC])] - Returns the "
        "non-null string or binary values of the group joined with `delimiter` (nothing by "
        "default), in the order of `key` when given.",
        "> SELECT _FUNC_(v, '+') WITHIN GROUP (ORDER BY v) FROM VALUES ('c'), ('a'), (NULL), ('b') "
        "AS t(v);\n"
        " a+b+c\n"
        "> SELECT _FUNC_(v, ', ') WITHIN GROUP (ORDER BY v DESC) FROM VALUES ('x'), ('y'), ('x') "
        "AS t(v);\n"
        " y, x, x"}},
      {{"bit_and"},
       {"_FUNC_(expr) - Returns the bitwise AND of the non-null integer values of the group.",
        "> SELECT _FUNC_(v) FROM VALUES (12), (10) AS t(v);\n"
        " 8"}},
      {{"bit_or"},
       {"_FUNC_(expr) - Returns the bitwise OR of the non-null integer values of the group.",
        "> SELECT _FUNC_(v) FROM VALUES (12), (10) AS t(v);\n"
        " 14"}},
      {{"bit_xor"},
       {"_FUNC_(expr) - Returns the bitwise exclusive OR of the non-null integer values of the "
        "group.",
        "> SELECT _FUNC_(v) FROM VALUES (12), (10) AS t(v);\n"
        " 6"}},
      {{"stddev", "std", "stddev_samp"},
       {"_FUNC_(expr) - Returns the sample standard deviation of the non-null values of the group "
        "(dividing by n - 1), or null for a single value.",
        "> SELECT _FUNC_(v) FROM VALUES (2), (4), (4), (4), (5), (5), (7), (9) AS t(v);\n"
        " 2.138089935299395"}},
      {{"stddev_pop"},
       {"_FUNC_(expr) - Returns the population standard deviation of the non-null values of the "
        "group (dividing by n).",
        "> SELECT _FUNC_(v) FROM VALUES (2), (4), (4), (4), (5), (5), (7), (9) AS t(v);\n"
        " 2.0"}},
      {{"variance", "var_samp"},
       {"_FUNC_(expr) - Returns the sample variance of the non-null values of the group (dividing "
        "by n - 1), or null for a single value.",
        "> SELECT _FUNC_(v) FROM VALUES (1), (2), (3), (4) AS t(v);\n"
        " 1.6666666666666667"}},
      {{"var_pop"},
       {"_FUNC_(expr) - Returns the population variance of the non-null values of the group "
        "(dividing by n).",
        "> SELECT _FUNC_(v) FROM VALUES (1), (2), (3), (4) AS t(v);\n"
        " 1.25"}},
      {{"skewness"},
       {"_FUNC_(expr) - Returns the skewness of the non-null values of the group: how far their "
        "distribution leans to one side.",
        "> SELECT _FUNC_(v) FROM VALUES (1), (1), (1), (5) AS t(v);\n"
        " 1.1547005383792515"}},
      {{"kurtosis"},
       {"_FUNC_(expr) - Returns the excess kurtosis of the non-null values of the group: how heavy "
        "their distribution's tails are next to a normal one.",
        "> SELECT _FUNC_(v) FROM VALUES (1), (1), (1), (5) AS t(v);\n"
        " -0.6666666666666665"}},
      {{"corr"},
       {"_FUNC_(expr1, expr2) - Returns the Pearson correlation coefficient of the pairs of the "
        "group where both are non-null.",
        "> SELECT _FUNC_(x, y) FROM VALUES (1, 2), (2, 4), (3, 6) AS t(x, y);\n"
        " 1.0"}},
      {{"covar_pop"},
       {"_FUNC_(expr1, expr2) - Returns the population covariance of the pairs of the group where "
        "both are non-null.",
        "> SELECT _FUNC_(x, y) FROM VALUES (1, 2), (2, 4), (3, 6) AS t(x, y);\n"
        " 1.3333333333333333"}},
      {{"covar_samp"},
       {"_FUNC_(expr1, expr2) - Returns the sample covariance of the pairs of the group where both "
        "are non-null.",
        "> SELECT _FUNC_(x, y) FROM VALUES (1, 2), (2, 4), (3, 6) AS t(x, y);\n"
        " 2.0"}},
      {{"regr_count"},
       {"_FUNC_(y, x) - Returns the number of rows of the group where both `y` and `x` are "
        "non-null.",
        "> SELECT _FUNC_(y, x) FROM VALUES (3, 1), (5, 2), (NULL, 3), (9, 4) AS t(y, x);\n"
        " 3"}},
      {{"regr_avgx"},
       {"_FUNC_(y, x) - Returns the mean of `x` over the rows of the group where both `y` and `x` "
        "are non-null.",
        "> SELECT _FUNC_(y, x) FROM VALUES (3, 1), (5, 2), (NULL, 3), (9, 4) AS t(y, x);\n"
        " 2.3333333333333335"}},
      {{"regr_avgy"},
       {"_FUNC_(y, x) - Returns the mean of `y` over the rows of the group where both `y` and `x` "
        "are non-null.",
        "> SELECT _FUNC_(y, x) FROM VALUES (3, 1), (5, 2), (NULL, 3), (9, 4) AS t(y, x);\n"
        " 5.666666666666667"}},
      {{"regr_slope"},
       {"_FUNC_(y, x) - Returns the slope of the least-squares line fitting `y` to `x` over the "
        "rows where both are non-null.",
        "> SELECT _FUNC_(y, x) FROM VALUES (3, 1), (5, 2), (7, 3) AS t(y, x);\n"
        " 2.0"}},
      {{"regr_intercept"},
       {"_FUNC_(y, x) - Returns the value at `x` = 0 of the least-squares line fitting `y` to `x` "
        "over the rows where both are non-null.",
        "> SELECT _FUNC_(y, x) FROM VALUES (3, 1), (5, 2), (7, 3) AS t(y, x);\n"
        " 1.0"}},
      {{"regr_r2"},
       {"_FUNC_(y, x) - Returns the coefficient of determination of the least-squares line fitting "
        "`y` to `x` over the rows where both are non-null.",
        "> SELECT _FUNC_(y, x) FROM VALUES (3, 1), (5, 2), (7, 3) AS t(y, x);\n"
        " 1.0"}},
      {{"regr_sxx"},
       {"_FUNC_(y, x) - Returns the sum of the squared deviations of `x` from its mean, over the "
        "rows where both `y` and `x` are non-null.",
        "> SELECT _FUNC_(y, x) FROM VALUES (3, 1), (5, 2), (7, 3) AS t(y, x);\n"
        " 2.0"}},
      {{"regr_syy"},
       {"_FUNC_(y, x) - Returns the sum of the squared deviations of `y` from its mean, over the "
        "rows where both `y` and `x` are non-null.",
        "> SELECT _FUNC_(y, x) FROM VALUES (3, 1), (5, 2), (7, 3) AS t(y, x);\n"
        " 8.0"}},
      {{"regr_sxy"},
       {"_FUNC_(y, x) - Returns the sum of the products of the deviations of `x` and `y` from "
        "their means, over the rows where both are non-null.",
        "> SELECT _FUNC_(y, x) FROM VALUES (3, 1), (5, 2), (7, 3) AS t(y, x);\n"
        " 4.0"}},
      {{"median"},
       {"_FUNC_(expr) - Returns the median of the non-null numeric values of the group, the mean "
        "of the two middle ones for an even count.",
        "> SELECT _FUNC_(v) FROM VALUES (7), (1), (3), (10) AS t(v);\n"
        " 5.0"}},
      {{"percentile"},
       {"_FUNC_(expr, percentage [, frequency]) - Returns the exact percentile `percentage` (0 to "
        "1, or an array of them) of the numeric values of the group, interpolating between "
        "neighbours; `frequency` counts each row that many times.",
        "> SELECT _FUNC_(v, 0.25) FROM VALUES (1), (2), (3), (4), (5) AS t(v);\n"
        " 2.0\n"
        "> SELECT _FUNC_(v, array(0.5, 1.0)) FROM VALUES (1), (2), (3), (4) AS t(v);\n"
        " [2.5,4.0]"}},
      {{"percentile_cont"},
       {"_FUNC_(percentage) WITHIN GROUP (ORDER BY expr [DESC]) - Returns the percentile "
        "`percentage` of `expr`, interpolated between the neighbouring values.",
        "> SELECT _FUNC_(0.5) WITHIN GROUP (ORDER BY v) FROM VALUES (1), (2), (3), (4) AS t(v);\n"
        " 2.5"}},
      {{"percentile_disc"},
       {"_FUNC_(percentage) WITHIN GROUP (ORDER BY expr [DESC]) - Returns the first value of "
        "`expr`, in that order, whose cumulative share of the rows reaches `percentage`.",
        "> SELECT _FUNC_(0.5) WITHIN GROUP (ORDER BY v) FROM VALUES (1), (2), (3), (4) AS t(v);\n"
        " 2.0"}},
      {{"mode"},
       {"_FUNC_(expr) - Returns the most frequent non-null value of the group; among equally "
        "frequent ones, any of them.",
        "> SELECT _FUNC_(v) FROM VALUES (3), (8), (3), (NULL), (NULL) AS t(v);\n"
        " 3"}},
      {{"approx_count_distinct"},
       {"_FUNC_(expr [, relativeSD]) - Returns an estimate, by HyperLogLog++, of the number of "
        "distinct non-null values of the group, with relative standard deviation at most "
        "`relativeSD` (0.05 by default).",
        "> SELECT _FUNC_(v) FROM VALUES (1), (2), (2), (3) AS t(v);\n"
        " 3"}},
      {{"approx_percentile", "percentile_approx"},
       {"_FUNC_(expr, percentage [, accuracy]) - Returns a value of the group near the percentile "
        "`percentage` (or an array of such values), with a relative error of about 1 / `accuracy` "
        "(10000 by default).",
        "> SELECT _FUNC_(v, 0.5) FROM VALUES (5), (1), (9), (3), (7) AS t(v);\n"
        " 5\n"
        "> SELECT _FUNC_(v, array(0.2, 0.8)) FROM VALUES (5), (1), (9), (3), (7) AS t(v);\n"
        " [1,7]",
        "* expr - the numeric, date, timestamp or interval values.\n"
        "* percentage - a constant between 0 and 1, or a constant array of such numbers.\n"
        "* accuracy - a positive constant integer; larger values cost memory and give answers "
        "nearer the exact percentile."}},
      {{"row_number"},
       {"_FUNC_() - Returns the 1-based number of the row in its window partition, in the window's "
        "order.",
        "> SELECT v, _FUNC_() OVER (ORDER BY v) FROM VALUES ('b'), ('a'), ('c') AS t(v) ORDER BY "
        "v;\n"
        " a	1\n"
        " b	2\n"
        " c	3"}},
      {{"rank"},
       {"_FUNC_() - Returns the rank of the row in its window partition: 1 plus the number of rows "
        "before it in the window's order, so ties share a rank and leave gaps after them.",
        "> SELECT v, _FUNC_() OVER (ORDER BY v) FROM VALUES (10), (20), (20), (30) AS t(v) ORDER "
        "BY v;\n"
        " 10	1\n"
        " 20	2\n"
        " 20	2\n"
        " 30	4"}},
      {{"dense_rank"},
       {"_FUNC_() - Returns the rank of the row in its window partition without gaps: ties share a "
        "rank and the next value gets the next number.",
        "> SELECT v, _FUNC_() OVER (ORDER BY v) FROM VALUES (10), (20), (20), (30) AS t(v) ORDER "
        "BY v;\n"
        " 10	1\n"
        " 20	2\n"
        " 20	2\n"
        " 30	3"}},
      {{"percent_rank"},
       {"_FUNC_() - Returns (rank - 1) / (rows in the partition - 1) for the row, between 0 and 1.",
        "> SELECT v, _FUNC_() OVER (ORDER BY v) FROM VALUES (10), (20), (20), (30) AS t(v) ORDER "
        "BY v;\n"
        " 10	0.0\n"
        " 20	0.3333333333333333\n"
        " 20	0.3333333333333333\n"
        " 30	1.0"}},
      {{"cume_dist"},
       {"_FUNC_() - Returns the share of the rows of the window partition that come before the row "
        "or tie with it.",
        "> SELECT v, _FUNC_() OVER (ORDER BY v) FROM VALUES (10), (20), (20), (30) AS t(v) ORDER "
        "BY v;\n"
        " 10	0.25\n"
        " 20	0.75\n"
        " 20	0.75\n"
        " 30	1.0"}},
      {{"ntile"},
       {"_FUNC_(n) - Returns the number, 1 to `n`, of the bucket the row falls in when the window "
        "partition is cut in order into `n` buckets whose sizes differ by at most one.",
        "> SELECT v, _FUNC_(2) OVER (ORDER BY v) FROM VALUES (1), (2), (3), (4), (5) AS t(v) ORDER "
        "BY v;\n"
        " 1	1\n"
        " 2	1\n"
        " 3	1\n"
        " 4	2\n"
        " 5	2"}},
      {{"lag"},
       {"_FUNC_(input [, offset [, default]]) - Returns `input` on the row `offset` rows (1 by "
        "default) before the current one in the window partition, or `default` (null) when there "
        "is none.",
        "> SELECT v, _FUNC_(v) OVER (ORDER BY v) FROM VALUES (1), (2), (3) AS t(v) ORDER BY v;\n"
        " 1	NULL\n"
        " 2	1\n"
        " 3	2\n"
        "> SELECT v, _FUNC_(v, 2, 0) OVER (ORDER BY v) FROM VALUES (1), (2), (3) AS t(v) ORDER BY "
        "v;\n"
        " 1	0\n"
        " 2	0\n"
        " 3	1"}},
      {{"lead"},
       {"_FUNC_(input [, offset [, default]]) - Returns `input` on the row `offset` rows (1 by "
        "default) after the current one in the window partition, or `default` (null) when there is "
        "none.",
        "> SELECT v, _FUNC_(v) OVER (ORDER BY v) FROM VALUES (1), (2), (3) AS t(v) ORDER BY v;\n"
        " 1	2\n"
        " 2	3\n"
        " 3	NULL"}},
      {{"nth_value"},
       {"_FUNC_(input, offset [, ignoreNulls]) - Returns `input` on the `offset`-th row of the "
        "window frame, or null when the frame has fewer rows.",
        "> SELECT v, _FUNC_(v, 2) OVER (ORDER BY v) FROM VALUES (5), (6), (7) AS t(v) ORDER BY v;\n"
        " 5	NULL\n"
        " 6	6\n"
        " 7	6"}},
      {{"grouping"},
       {"_FUNC_(col) - Returns 1 on the rows of a GROUPING SETS, ROLLUP or CUBE where `col` is "
        "aggregated (not part of the grouping set), else 0.",
        "> SELECT name, _FUNC_(name), sum(age) FROM VALUES (2, 'Alice'), (5, 'Bob') people(age, "
        "name) GROUP BY cube(name) ORDER BY 2, 1;\n"
        " Alice	0	2\n"
        " Bob	0	5\n"
        " NULL	1	7"}},
      {{"grouping_id"},
       {"_FUNC_([col1[, col2 ..]]) - Returns the level of grouping of a GROUPING SETS, ROLLUP "
        "or CUBE row: a bit per column, the first column the highest, 1 where the column is "
        "aggregated; without arguments, every grouping column in order.",
        "> SELECT name, _FUNC_(), sum(age) FROM VALUES (2, 'Alice'), (5, 'Bob') people(age, "
        "name) GROUP BY cube(name, age) HAVING name = 'Bob' ORDER BY 2;\n"
        " Bob	0	5\n"
        " Bob	1	5"}},
      {{"count_min_sketch"},
       {"_FUNC_(col, eps, confidence, seed) - Returns Spark's serialized count-min sketch of the "
        "group's non-null values (integers, strings or binaries), with relative error `eps` and "
        "`confidence`, both DOUBLE constants, and an INT or BIGINT `seed`.",
        "> SELECT hex(_FUNC_(col, 0.5d, 0.5d, 1)) FROM VALUES (1), (2), (1) AS tab(col);\n"
        " 0000000100000000000000030000000100000004000000005D8D6AB9000000000000000000000000000000"
        "0200000000000000010000000000000000"}},
      {{"histogram_numeric"},
       {"_FUNC_(expr, nb) - Returns a histogram of the group's non-null numeric, date, timestamp "
        "or interval values in at most `nb` bins, as the array of bin centres `x` (in the type of "
        "`expr`) and heights `y`, computed with Spark's streaming algorithm; null for a group "
        "without values.",
        "> SELECT _FUNC_(col, 5) FROM VALUES (0), (1), (2), (10) AS tab(col);\n"
        " [{\"x\":0,\"y\":1.0},{\"x\":1,\"y\":1.0},{\"x\":2,\"y\":1.0},{\"x\":10,\"y\":1.0}]"}},
      {{"bitmap_construct_agg"},
       {"_FUNC_(position) - Returns the 4096-byte bitmap with the bits at the group's non-null "
        "`position`s set (0 to 32767, usually bitmap_bit_position(value)); INVALID_BITMAP_POSITION "
        "for a position outside that range.",
        "> SELECT substring(hex(_FUNC_(bitmap_bit_position(v))), 0, 6) FROM VALUES (1), (2), (3) "
        "AS t(v);\n"
        " 070000"}},
      {{"bitmap_or_agg"},
       {"_FUNC_(bitmap) - Returns the bitwise OR of the group's non-null bitmaps as a 4096-byte "
        "BINARY; a shorter bitmap covers the first bytes.",
        "> SELECT substring(hex(_FUNC_(b)), 0, 6) FROM VALUES (X'10'), (X'20'), (X'40') AS t(b);\n"
        " 700000"}},
      {{"bitmap_and_agg"},
       {"_FUNC_(bitmap) - Returns the bitwise AND of the group's non-null bitmaps as a 4096-byte "
        "BINARY (all ones for a group without one); the bytes past a shorter bitmap's end are "
        "cleared.",
        "> SELECT substring(hex(_FUNC_(b)), 0, 6) FROM VALUES (X'F0'), (X'70'), (X'30') AS t(b);\n"
        " 300000"}},
  };
}

}  // namespace sluice
