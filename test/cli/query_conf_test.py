#!/usr/bin/env python3
"""`sluice query --conf KEY=VALUE`: settings set before the SQL runs, as SET KEY = VALUE would
(the session time zone, the memory limit under which a GROUP BY spills with the same answer),
and the errors of a bad setting value and of a --conf that is not KEY=VALUE.

usage: query_conf_test.py SLUICE SCRATCH_DIR
"""
import sys

from query_checks import QueryChecks


def main():
    checks = QueryChecks(sys.argv[1], sys.argv[2])
    expect_rows, expect_error = checks.expect_rows, checks.expect_error

    expect_rows(["--conf", "spark.sql.session.timeZone=Asia/Tokyo",
                 "SELECT current_timezone() AS zone"], ["zone", "Asia/Tokyo"])
    # Several settings, and SET sees them.
    expect_rows(["--conf", "a.b=1", "--conf", "c.d=x=y", "SET a.b; SET c.d"],
                ["key,value", "a.b,1", "key,value", "c.d,x=y"])
    # 40,000 groups under a 256 KB limit spill and give the answer they give in memory.
    expect_rows(["--conf", "sluice.memoryLimit=256k",
                 "SELECT count(*) AS groups, sum(c) AS rows FROM (SELECT id % 40000 AS k, "
                 "count(*) AS c FROM range(0, 160000) GROUP BY 1)"],
                ["groups,rows", "40000,160000"])
    expect_error(["--conf", "sluice.memoryLimit=lots", "SELECT 1"], 1, "[INVALID_CONF_VALUE]",
                 "lots")
    expect_error(["--conf", "nothing", "SELECT 1"], 2, "--conf nothing is not KEY=VALUE")
    expect_error(["--conf", "=1", "SELECT 1"], 2, "--conf =1 is not KEY=VALUE")

    return checks.report()


if __name__ == "__main__":
    sys.exit(main())
