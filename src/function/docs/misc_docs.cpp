// src/function/docs/misc_docs.cpp
//
// What DESCRIBE FUNCTION shows of the operators and the window grouping function. Every example is
// run by test/unit/session/function_catalogue_test.cpp, which compares its rows with the lines
// shown.
#include "function/docs/doc_parts.hpp"

namespace sluice {

std::vector<NamedFunctionDoc> miscFunctionDocs() {
  return {
      {{"+"},
       {"expr1 _FUNC_ expr2 - Returns the sum of two numbers or intervals, or a date or timestamp "
        "moved by an interval (or a date by a number of days).",
        "> SELECT 2 _FUNC_ 3.5;\n"
        " 5.5\n"
        "> SELECT DATE'2024-02-28' _FUNC_ 2;\n"
        " 2024-03-01"}},
      {{"-"},
       {"expr1 _FUNC_ expr2 - Returns the difference of two numbers or intervals, a date or "
        "timestamp moved back by an interval (or a date by a number of days), or the interval "
        "between two dates or timestamps.",
        "> SELECT 10 _FUNC_ 4.5;\n"
        " 5.5\n"
        "> SELECT DATE'2024-03-01' _FUNC_ 1;\n"
        " 2024-02-29"}},
      {{"*"},
       {"expr1 _FUNC_ expr2 - Returns the product of two numbers, or of an interval and a number.",
        "> SELECT 6 _FUNC_ 1.5;\n"
        " 9.0"}},
      {{"/"},
       {"expr1 _FUNC_ expr2 - Returns `expr1` divided by `expr2` as a double or decimal (never a "
        "whole-number division); division by 0 fails with ANSI mode on.",
        "> SELECT 7 _FUNC_ 2;\n"
        " 3.5\n"
        "> SELECT 1.0 _FUNC_ 3;\n"
        " 0.333333"}},
      {{"%"},
       {"expr1 _FUNC_ expr2 - Returns the remainder of `expr1` divided by `expr2`, with the sign "
        "of `expr1`.",
        "> SELECT 17 _FUNC_ 5;\n"
        " 2\n"
        "> SELECT -7.5 _FUNC_ 2;\n"
        " -1.5"}},
      {{"="},
       {"expr1 _FUNC_ expr2 - Returns whether the two values are equal; null when either is null.",
        "> SELECT 3 _FUNC_ 3.0;\n"
        " true\n"
        "> SELECT 'a' _FUNC_ NULL;\n"
        " NULL"}},
      {{"=="},
       {"expr1 _FUNC_ expr2 - Returns whether the two values are equal; null when either is null. "
        "Same as `=`.",
        "> SELECT 'x' _FUNC_ 'x';\n"
        " true"}},
      {{"!=", "<>"},
       {"expr1 _FUNC_ expr2 - Returns whether the two values differ; null when either is null.",
        "> SELECT 1 _FUNC_ 2;\n"
        " true\n"
        "> SELECT 1 _FUNC_ NULL;\n"
        " NULL"}},
      {{"<=>"},
       {"expr1 _FUNC_ expr2 - Returns whether the two values are equal, treating two nulls as "
        "equal; never null.",
        "> SELECT NULL _FUNC_ NULL;\n"
        " true\n"
        "> SELECT 1 _FUNC_ NULL;\n"
        " false"}},
      {{"<"},
       {"expr1 _FUNC_ expr2 - Returns whether `expr1` is less than `expr2`; null when either is "
        "null.",
        "> SELECT 2 _FUNC_ 10;\n"
        " true\n"
        "> SELECT 'b' _FUNC_ 'abc';\n"
        " false"}},
      {{"<="},
       {"expr1 _FUNC_ expr2 - Returns whether `expr1` is less than or equal to `expr2`; null when "
        "either is null.",
        "> SELECT DATE'2024-01-01' _FUNC_ DATE'2024-01-01';\n"
        " true"}},
      {{">"},
       {"expr1 _FUNC_ expr2 - Returns whether `expr1` is greater than `expr2`; null when either is "
        "null.",
        "> SELECT 2 _FUNC_ 10;\n"
        " false"}},
      {{">="},
       {"expr1 _FUNC_ expr2 - Returns whether `expr1` is greater than or equal to `expr2`; null "
        "when either is null.",
        "> SELECT 2.5 _FUNC_ 2;\n"
        " true"}},
      {{"and"},
       {"expr1 _FUNC_ expr2 - Returns the logical AND of two booleans: false when either is "
        "false, else null when either is null.",
        "> SELECT true _FUNC_ NULL;\n"
        " NULL\n"
        "> SELECT `_FUNC_`(false, NULL);\n"
        " false"}},
      {{"or"},
       {"expr1 _FUNC_ expr2 - Returns the logical OR of two booleans: true when either is true, "
        "else null when either is null.",
        "> SELECT false _FUNC_ NULL;\n"
        " NULL\n"
        "> SELECT `_FUNC_`(true, NULL);\n"
        " true"}},
      {{"in"},
       {"expr1 _FUNC_(expr2, expr3, ...) - Returns whether `expr1` equals any of the values; "
        "null when none does and a value or `expr1` is null.",
        "> SELECT 1 _FUNC_ (2, 1);\n"
        " true\n"
        "> SELECT `_FUNC_`(3, 1, NULL);\n"
        " NULL"}},
      {{"between"},
       {"expr1 [NOT] _FUNC_ expr2 AND expr3 - Returns whether `expr1` lies between `expr2` and "
        "`expr3`, both included.",
        "> SELECT 0.5 _FUNC_ 0.1 AND 1.0;\n"
        " true\n"
        "> SELECT `_FUNC_`(5, 1, 3);\n"
        " false"}},
      {{"when"},
       {"CASE _FUNC_ cond1 THEN value1 [_FUNC_ cond2 THEN value2]* [ELSE value] END - Returns "
        "the value of the first condition that is true, else the ELSE value or null; called as "
        "a function, _FUNC_(cond1, value1, ..., [value]).",
        "> SELECT CASE WHEN 1 > 0 THEN 1 WHEN 2 > 0 THEN 2.0 ELSE 1.2 END;\n"
        " 1.0\n"
        "> SELECT `_FUNC_`(1 < 0, 'a', 'b');\n"
        " b"}},
      {{"cast"},
       {"_FUNC_(expr AS type) - Returns `expr` converted to `type`, as Spark's ANSI casts "
        "convert it; an invalid value is an error (try_cast gives null).",
        "> SELECT _FUNC_('10' AS INT);\n"
        " 10"}},
      {{"!", "not"},
       {"_FUNC_ expr - Returns the logical negation of the boolean `expr`: true for false, false "
        "for true, null for null.",
        "> SELECT _FUNC_ true;\n"
        " false\n"
        "> SELECT _FUNC_ (1 > 2);\n"
        " true"}},
      {{"&"},
       {"expr1 _FUNC_ expr2 - Returns the bitwise AND of two integers.",
        "> SELECT 12 _FUNC_ 10;\n"
        " 8"}},
      {{"|"},
       {"expr1 _FUNC_ expr2 - Returns the bitwise OR of two integers.",
        "> SELECT 12 _FUNC_ 10;\n"
        " 14"}},
      {{"^"},
       {"expr1 _FUNC_ expr2 - Returns the bitwise exclusive OR of two integers.",
        "> SELECT 12 _FUNC_ 10;\n"
        " 6"}},
      {{"~"},
       {"_FUNC_ expr - Returns the bitwise NOT of the integer `expr`.",
        "> SELECT _FUNC_ 5;\n"
        " -6"}},
      {{"<<"},
       {"base _FUNC_ n - Returns the integer `base` shifted left by `n` bits.",
        "> SELECT 1 _FUNC_ 10;\n"
        " 1024"}},
      {{">>"},
       {"base _FUNC_ n - Returns the integer `base` shifted right by `n` bits, keeping its sign.",
        "> SELECT -64 _FUNC_ 3;\n"
        " -8"}},
      {{">>>"},
       {"base _FUNC_ n - Returns the integer `base` shifted right by `n` bits, filling with zeros.",
        "> SELECT -1 _FUNC_ 28;\n"
        " 15"}},
      {{"||"},
       {"expr1 _FUNC_ expr2 - Returns the two strings, binary values or arrays joined end to end, "
        "as concat does.",
        "> SELECT 'data' _FUNC_ '-' _FUNC_ 'lake';\n"
        " data-lake\n"
        "> SELECT array(1) _FUNC_ array(2, 3);\n"
        " [1,2,3]"}},
      {{"window"},
       {"_FUNC_(time_column, window_duration [, slide_duration [, start_time]]) - Returns the "
        "struct of `start` and `end` of the time window, `window_duration` long, that "
        "`time_column` falls in, to group rows by time. With a `slide_duration` shorter than "
        "the window, windows overlap: grouped by, each row counts in every window that holds "
        "its time (elsewhere such a window is not supported).",
        "> SELECT _FUNC_(TIMESTAMP'2024-01-01 09:03:00', '10 minutes');\n"
        " {\"start\":2024-01-01 09:00:00,\"end\":2024-01-01 09:10:00}"}},
      {{"session_window"},
       {"_FUNC_(time_column, gap_duration) - Returns the struct of `start` and `end` of the "
        "session of `time_column`: [time_column, time_column + gap_duration). Grouped by, the "
        "sessions of a group that overlap (one starting at or before another's end) merge into "
        "one, and rows with a NULL time or a gap of at most 0 belong to none. The gap is a "
        "string such as '5 minutes' (per row or constant) or a day-time interval.",
        "> SELECT _FUNC_(TIMESTAMP'2024-01-01 09:03:00', '5 minutes');\n"
        " {\"start\":2024-01-01 09:03:00,\"end\":2024-01-01 09:08:00}"}},
      {{"window_time"},
       {"_FUNC_(window_column) - Returns the event time of a time window: its end minus one "
        "microsecond, the last instant the window holds (windows exclude their end).",
        "> SELECT _FUNC_(window(TIMESTAMP'2024-01-01 09:03:00', '10 minutes'));\n"
        " 2024-01-01 09:09:59.999999"}},
      {{"bitmap_bucket_number"},
       {"_FUNC_(value) - Returns the bitmap that holds the BIGINT `value`: 1 for 1 to 32768, 2 "
        "for 32769 to 65536, ...; 0 and negative values count down from 0.",
        "> SELECT _FUNC_(123), _FUNC_(32769), _FUNC_(0), _FUNC_(-32768);\n"
        " 1\t2\t0\t-1"}},
      {{"bitmap_bit_position"},
       {"_FUNC_(value) - Returns the 0-based bit of its bitmap that holds the BIGINT `value` "
        "(see bitmap_bucket_number): `value` - 1 modulo 32768 for positive values, -`value` "
        "modulo 32768 otherwise.",
        "> SELECT _FUNC_(1), _FUNC_(123), _FUNC_(32769), _FUNC_(-5);\n"
        " 0\t122\t0\t5"}},
      {{"bitmap_count"},
       {"_FUNC_(bitmap) - Returns the number of bits set in the BINARY `bitmap`.",
        "> SELECT _FUNC_(X'1010'), _FUNC_(X'FFFF'), _FUNC_(X'0');\n"
        " 2\t16\t0"}},
  };
}

}  // namespace sluice
