#!/usr/bin/env python3
"""`sluice query --param`: named (NAME=VALUE) and positional (VALUE) values bound to the
`:name` and `?` markers of the SQL, each the text of a constant SQL expression, as in Spark's
spark.sql(sqlText, args). Checks right answers, and the errors of bad values and unbound or
mixed markers with their exit codes.

usage: query_params_test.py SLUICE SCRATCH_DIR
"""
import sys

from query_checks import QueryChecks


def main():
    checks = QueryChecks(sys.argv[1], sys.argv[2])
    expect_rows, expect_error = checks.expect_rows, checks.expect_error

    # Named values, of several literal kinds; a value keeps its precedence.
    expect_rows(["--param", "n=5", "--param", "s='abc'", "SELECT :n + 1 AS a, :s AS b"],
                ["a,b", "6,abc"])
    expect_rows(["--param", "d=DATE'2024-01-01'", "SELECT date_add(:d, 1) AS next"],
                ["next", "2024-01-02"])
    expect_rows(["--param", "a=array(1, 2)", "SELECT size(:a) AS n, :a[1] AS second"],
                ["n,second", "2,2"])
    expect_rows(["--param", "x=1 + 1", "SELECT :x * 3 AS six"], ["six", "6"])
    expect_rows(["--param", "lo=2",
                 "SELECT id FROM range(5) WHERE id >= :lo ORDER BY id"],
                ["id", "2", "3", "4"])
    # Positional values, bound in order in each statement.
    expect_rows(["--param", "10", "--param", "'x'", "SELECT ? AS a, ? AS b"], ["a,b", "10,x"])
    # The JSON path operator is not a marker.
    expect_rows(["--param", "j='{\"k\": 3}'", "SELECT :j:k AS v"], ["v", "3"])

    # A value that is not a constant names the parameter.
    expect_error(["--param", "n=rand()", "SELECT :n"], 2, "[INVALID_SQL_ARG]",
                 "The argument n of `sql()` is invalid")
    expect_error(["--param", "n=some_column", "SELECT :n"], 2, "[INVALID_SQL_ARG]",
                 "argument n")
    expect_error(["--param", "n=(SELECT 1)", "SELECT :n"], 2, "[INVALID_SQL_ARG]")
    # A value that does not parse is located in its own text.
    expect_error(["--param", "n=1 +", "SELECT :n"], 2, "[PARSE_SYNTAX_ERROR]", "--param n")
    # Markers without values, and markers mixed.
    expect_error(["SELECT :missing"], 2, "[UNBOUND_SQL_PARAMETER]", "missing")
    expect_error(["--param", "a=1", "SELECT :a, :b"], 2, "[UNBOUND_SQL_PARAMETER]",
                 "parameter: b")
    expect_error(["--param", "1", "SELECT ?, :a"], 2, "[INVALID_QUERY_MIXED_QUERY_PARAMETERS]")
    # The two forms of --param do not mix, and a name is given once.
    expect_error(["--param", "a=1", "--param", "2", "SELECT 1"], 2, "either all named")
    expect_error(["--param", "a=1", "--param", "a=2", "SELECT 1"], 2, "--param a is given twice")

    return checks.report()


if __name__ == "__main__":
    sys.exit(main())
