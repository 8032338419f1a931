#!/usr/bin/env python3
"""Lists Spark's built-in functions that sluice does not list in SHOW FUNCTIONS.

Usage: scripts/missing-functions.py [build/release/sluice]

scripts/spark-4.1-functions.txt holds the names Spark 4.1 registers in FunctionRegistry.scala
(functions, aliases and operators), one a line. Every name SHOW FUNCTIONS lists resolves (a unit
test checks it), so the difference is what is left to implement.
"""
import csv
import io
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def listed_functions(sluice):
    output = subprocess.run([sluice, "query", "--format", "csv", "SHOW SYSTEM FUNCTIONS"],
                            check=True, capture_output=True, text=True).stdout
    rows = list(csv.reader(io.StringIO(output)))
    return {row[0] for row in rows[1:] if row}


def main():
    sluice = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "build/release/sluice")
    spark = [line.strip() for line in (ROOT / "scripts/spark-4.1-functions.txt").read_text().splitlines()
             if line.strip()]
    listed = listed_functions(sluice)
    missing = [name for name in spark if name not in listed]
    print(f"{len(listed)} functions listed by sluice; {len(missing)} of Spark's {len(spark)} missing:")
    for name in missing:
        print(f"  {name}")


if __name__ == "__main__":
    main()
