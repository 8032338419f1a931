// src/function/docs/conditional_docs.cpp
//
// What DESCRIBE FUNCTION shows of the conditional, null-handling, type-name and session functions.
// Every example is run by test/unit/session/function_catalogue_test.cpp, which compares its rows
// with the lines shown.
#include "function/docs/doc_parts.hpp"

namespace sluice {

std::vector<NamedFunctionDoc> conditionalFunctionDocs() {
  return {
      {{"coalesce"},
       {"_FUNC_(expr1, expr2, ...) - Returns the leftmost argument that is not null, or null when "
        "every argument is null.",
        "> SELECT _FUNC_(NULL, 7, 8);\n"
        " 7\n"
        "> SELECT _FUNC_(NULL, NULL, 'last');\n"
        " last"}},
      {{"if", "iff"},
       {"_FUNC_(cond, expr1, expr2) - Returns `expr1` when `cond` is true and `expr2` when it is "
        "false or null.",
        "> SELECT _FUNC_(5 > 3, 'bigger', 'smaller');\n"
        " bigger\n"
        "> SELECT _FUNC_(NULL, 1, 2);\n"
        " 2"}},
      {{"ifnull", "nvl"},
       {"_FUNC_(expr1, expr2) - Returns `expr1`, or `expr2` in its place when `expr1` is null.",
        "> SELECT _FUNC_(NULL, 'fallback');\n"
        " fallback\n"
        "> SELECT _FUNC_(4, 9);\n"
        " 4"}},
      {{"nullif"},
       {"_FUNC_(expr1, expr2) - Returns null when `expr1` equals `expr2`, and `expr1` otherwise.",
        "> SELECT _FUNC_(7, 7);\n"
        " NULL\n"
        "> SELECT _FUNC_('a', 'b');\n"
        " a"}},
      {{"nvl2"},
       {"_FUNC_(expr1, expr2, expr3) - Returns `expr2` when `expr1` is not null, and `expr3` when "
        "it is.",
        "> SELECT _FUNC_('x', 'present', 'missing');\n"
        " present\n"
        "> SELECT _FUNC_(NULL, 'present', 'missing');\n"
        " missing"}},
      {{"zeroifnull"},
       {"_FUNC_(expr) - Returns `expr`, or 0 when `expr` is null.",
        "> SELECT _FUNC_(NULL);\n"
        " 0\n"
        "> SELECT _FUNC_(12);\n"
        " 12"}},
      {{"nullifzero"},
       {"_FUNC_(expr) - Returns `expr`, or null when `expr` is 0.",
        "> SELECT _FUNC_(0);\n"
        " NULL\n"
        "> SELECT _FUNC_(-3);\n"
        " -3"}},
      {{"assert_true"},
       {"_FUNC_(cond [, message]) - Returns null when `cond` is true, and fails with `message` (or "
        "a default one) otherwise.",
        "> SELECT _FUNC_(2 > 1);\n"
        " NULL"}},
      {{"raise_error"},
       {"_FUNC_(message) - Fails the query with a USER_RAISED_EXCEPTION error whose message is "
        "`message`; it never returns a value.",
        ""}},
      {{"isnan"},
       {"_FUNC_(expr) - Returns true when the floating-point `expr` is NaN, and false otherwise.",
        "> SELECT _FUNC_(CAST('NaN' AS DOUBLE));\n"
        " true\n"
        "> SELECT _FUNC_(1.5D);\n"
        " false"}},
      {{"nanvl"},
       {"_FUNC_(expr1, expr2) - Returns `expr1`, or `expr2` in its place when `expr1` is NaN.",
        "> SELECT _FUNC_(CAST('NaN' AS DOUBLE), 0.5D);\n"
        " 0.5\n"
        "> SELECT _FUNC_(2.0D, 0.5D);\n"
        " 2.0"}},
      {{"isnull"},
       {"_FUNC_(expr) - Returns true when `expr` is null, and false otherwise.",
        "> SELECT _FUNC_(NULL);\n"
        " true\n"
        "> SELECT _FUNC_('');\n"
        " false"}},
      {{"isnotnull"},
       {"_FUNC_(expr) - Returns true when `expr` is not null, and false when it is.",
        "> SELECT _FUNC_(0);\n"
        " true\n"
        "> SELECT _FUNC_(NULL);\n"
        " false"}},
      {{"equal_null"},
       {"_FUNC_(expr1, expr2) - Returns whether the two arguments are equal, treating two nulls as "
        "equal and a null and a value as different; never returns null.",
        "> SELECT _FUNC_(NULL, NULL);\n"
        " true\n"
        "> SELECT _FUNC_(5, NULL);\n"
        " false\n"
        "> SELECT _FUNC_(5, 5);\n"
        " true"}},
      {{"greatest"},
       {"_FUNC_(expr1, expr2, ...) - Returns the largest of the arguments, ignoring nulls; null "
        "only when all of them are null.",
        "> SELECT _FUNC_(4, NULL, 11, 7);\n"
        " 11\n"
        "> SELECT _FUNC_('pear', 'apple');\n"
        " pear"}},
      {{"least"},
       {"_FUNC_(expr1, expr2, ...) - Returns the smallest of the arguments, ignoring nulls; null "
        "only when all of them are null.",
        "> SELECT _FUNC_(4, NULL, 11, 7);\n"
        " 4\n"
        "> SELECT _FUNC_('pear', 'apple');\n"
        " apple"}},
      {{"typeof"},
       {"_FUNC_(expr) - Returns the name of the data type of `expr`, written as Spark writes it "
        "(such as int or array<string>).",
        "> SELECT _FUNC_(7);\n"
        " int\n"
        "> SELECT _FUNC_(array(1.5, 2.25));\n"
        " array<decimal(3,2)>"}},
      {{"bigint"},
       {"_FUNC_(expr) - Returns `expr` converted to the type _FUNC_, as CAST(expr AS _FUNC_) does.",
        "> SELECT _FUNC_('12');\n"
        " 12"}},
      {{"binary"},
       {"_FUNC_(expr) - Returns `expr` converted to the type _FUNC_, as CAST(expr AS _FUNC_) does.",
        "> SELECT hex(_FUNC_('ab'));\n"
        " 6162"}},
      {{"boolean"},
       {"_FUNC_(expr) - Returns `expr` converted to the type _FUNC_, as CAST(expr AS _FUNC_) does.",
        "> SELECT _FUNC_('yes');\n"
        " true"}},
      {{"date"},
       {"_FUNC_(expr) - Returns `expr` converted to the type _FUNC_, as CAST(expr AS _FUNC_) does.",
        "> SELECT _FUNC_('2024-05-06 10:00:00');\n"
        " 2024-05-06"}},
      {{"decimal"},
       {"_FUNC_(expr) - Returns `expr` converted to the type decimal(10,0), as CAST(expr AS "
        "DECIMAL) does.",
        "> SELECT _FUNC_('3.456');\n"
        " 3"}},
      {{"double"},
       {"_FUNC_(expr) - Returns `expr` converted to the type _FUNC_, as CAST(expr AS _FUNC_) does.",
        "> SELECT _FUNC_('1e3');\n"
        " 1000.0"}},
      {{"float"},
       {"_FUNC_(expr) - Returns `expr` converted to the type _FUNC_, as CAST(expr AS _FUNC_) does.",
        "> SELECT _FUNC_('2.5');\n"
        " 2.5"}},
      {{"int"},
       {"_FUNC_(expr) - Returns `expr` converted to the type _FUNC_, as CAST(expr AS _FUNC_) does.",
        "> SELECT _FUNC_(7.9);\n"
        " 7"}},
      {{"smallint"},
       {"_FUNC_(expr) - Returns `expr` converted to the type _FUNC_, as CAST(expr AS _FUNC_) does.",
        "> SELECT _FUNC_('-3');\n"
        " -3"}},
      {{"string"},
       {"_FUNC_(expr) - Returns `expr` converted to the type _FUNC_, as CAST(expr AS _FUNC_) does.",
        "> SELECT _FUNC_(DATE'2024-01-02');\n"
        " 2024-01-02"}},
      {{"timestamp"},
       {"_FUNC_(expr) - Returns `expr` converted to the type _FUNC_, as CAST(expr AS _FUNC_) does.",
        "> SELECT _FUNC_('2024-05-06');\n"
        " 2024-05-06 00:00:00"}},
      {{"time"},
       {"_FUNC_(expr) - Returns `expr` converted to the type TIME(6), as CAST(expr AS TIME) does.",
        "> SELECT _FUNC_('9:05:30.25 PM');\n"
        " 21:05:30.25"}},
      {{"tinyint"},
       {"_FUNC_(expr) - Returns `expr` converted to the type _FUNC_, as CAST(expr AS _FUNC_) does.",
        "> SELECT _FUNC_('127');\n"
        " 127"}},
      {{"named_struct"},
       {"_FUNC_(name1, value1, name2, value2, ...) - Returns a struct whose fields are named by "
        "the constant strings `name1`, `name2`, ... and hold the values that follow them.",
        "> SELECT _FUNC_('id', 4, 'tag', 'blue');\n"
        " {\"id\":4,\"tag\":\"blue\"}"}},
      {{"struct"},
       {"_FUNC_(expr1, expr2, ...) - Returns a struct of the arguments; a column keeps its name as "
        "the field name, and other expressions get col1, col2 and so on.",
        "> SELECT _FUNC_(10, 'ten');\n"
        " {\"col1\":10,\"col2\":\"ten\"}\n"
        "> SELECT _FUNC_(x, y) FROM VALUES (1, 'one') AS t(x, y);\n"
        " {\"x\":1,\"y\":\"one\"}"}},
      {{"current_catalog"},
       {"_FUNC_() - Returns the name of the session's current catalog.",
        "> SELECT _FUNC_();\n"
        " spark_catalog"}},
      {{"current_database", "current_schema"},
       {"_FUNC_() - Returns the name of the session's current schema.",
        "> SELECT _FUNC_();\n"
        " default"}},
      {{"current_timezone"},
       {"_FUNC_() - Returns the session's time zone, the one SET TIME ZONE changes.", ""}},
      {{"current_user", "user", "session_user"},
       {"_FUNC_() - Returns the name of the user running the session.", ""}},
      {{"version"},
       {"_FUNC_() - Returns the Spark version sluice follows, then a space and the build's "
        "identification.",
        ""}},
      {{"collate"},
       {"_FUNC_(expr, collationName) - Returns the string `expr` under the collation "
        "`collationName` (UTF8_BINARY, UTF8_LCASE, UTF8_BINARY_RTRIM or UTF8_LCASE_RTRIM), also "
        "written `expr COLLATE name`.",
        "> SELECT _FUNC_('Spark', 'UTF8_LCASE') = 'SPARK';\n"
        " true"}},
      {{"collation"},
       {"_FUNC_(expr) - Returns the fully qualified name of the collation of the string `expr`.",
        "> SELECT _FUNC_('text');\n"
        " SYSTEM.BUILTIN.UTF8_BINARY"}},
      {{"input_file_name"},
       {"_FUNC_() - Returns the name of the file the current row was read from (a file: URI), or "
        "an empty string when the row was read from no file.",
        "> SELECT _FUNC_() = '';\n"
        " true"}},
      {{"input_file_block_start"},
       {"_FUNC_() - Returns the offset in its file of the block the current row was read from, "
        "or -1 when the row was read from no file.",
        "> SELECT _FUNC_();\n"
        " -1"}},
      {{"input_file_block_length"},
       {"_FUNC_() - Returns the length of the block the current row was read from, or -1 when "
        "the row was read from no file.",
        "> SELECT _FUNC_();\n"
        " -1"}},
      {{"spark_partition_id"},
       {"_FUNC_() - Returns the id of the partition the current row is computed in.",
        "> SELECT _FUNC_();\n"
        " 0"}},
      {{"monotonically_increasing_id"},
       {"_FUNC_() - Returns a 64-bit number that grows from row to row and is unique across the "
        "query's partitions, though not consecutive.",
        "> SELECT _FUNC_();\n"
        " 0"}},
      {{"uuid"},
       {"_FUNC_() - Returns a randomly generated universally unique identifier, as a 36-character "
        "string.",
        "> SELECT length(_FUNC_());\n"
        " 36"}},
      {{"hash"},
       {"_FUNC_(expr1, expr2, ...) - Returns Spark's 32-bit Murmur3 hash of the arguments, with "
        "seed 42.",
        "> SELECT _FUNC_('Spark', 7);\n"
        " 803670589"}},
      {{"xxhash64"},
       {"_FUNC_(expr1, expr2, ...) - Returns Spark's 64-bit xxHash of the arguments, with seed 42.",
        "> SELECT _FUNC_('Spark', 7);\n"
        " 4916306765815919937"}},
  };
}

}  // namespace sluice
