#!/usr/bin/env python3
"""`sluice query --conf KEY=VALUE`: settings set before the SQL runs, as SET KEY = VALUE would
(the session time zone, the memory limit under which a GROUP BY spills with the same answer),
and the errors of a bad setting value and of a --conf that is not KEY=VALUE.

usage: query_conf_test.py SLUICE SCRATCH_DIR
"""
import os
import shutil
import subprocess
import sys


def run(sluice, storage, *args):
    return subprocess.run([sluice, "query", "--storage", storage, "--format", "csv", *args],
                          capture_output=True, text=True, timeout=120)


def main():
    sluice, scratch = sys.argv[1], sys.argv[2]
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    storage = os.path.join(scratch, "storage")
    failures = []

    def expect_rows(args, rows):
        result = run(sluice, storage, *args)
        if result.returncode != 0 or result.stdout.splitlines() != rows:
            failures.append(f"{args}: exit {result.returncode}, stdout {result.stdout!r}, "
                            f"stderr {result.stderr!r}; expected {rows}")

    def expect_error(args, code, *fragments):
        result = run(sluice, storage, *args)
        missing = [f for f in fragments if f not in result.stderr]
        if result.returncode != code or missing:
            failures.append(f"{args}: exit {result.returncode} (expected {code}), "
                            f"stderr {result.stderr!r} lacks {missing}")

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

    if failures:
        print("\n".join(failures))
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
