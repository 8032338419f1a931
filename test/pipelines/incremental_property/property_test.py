#!/usr/bin/env python3
"""A property of materialized views: whichever technique refreshes a view, it holds the rows of
its query over its inputs as they stand.

A pipeline has a streaming table `src` over a folder of JSON files, a dimension view `dim`, and
random materialized views of the shapes the incremental techniques cover (projections, filters,
joins with `dim`, grouped aggregates with count, sum, min, max, avg, count(DISTINCT), HAVING)
and of some they do not (ORDER BY ... LIMIT, a global aggregate). Each round appends a random
file, or now and then fully refreshes `src` (its rows change, so the views must recompute), runs
an update, and compares each view's rows with its query run on the spot. At the end, the
incremental techniques must have been chosen at least once each (from the event log).

Usage: property_test.py SLUICE SCRATCH_DIR [--seed S] [--rounds N] [--views N]
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys

KEYS = ["k", "g", "k, g"]
MEASURES = ["count(*) AS n", "sum(v) AS s", "min(v) AS lo", "max(v) AS hi", "avg(v) AS mean",
            "count(DISTINCT u) AS users", "sum(w) AS sw", "max(name) AS top_name",
            "count(DISTINCT u, name) AS pairs", "count(DISTINCT w) FILTER (WHERE v > 10) AS ws"]
FILTERS = ["v > 10", "v IS NOT NULL", "k <> 'k1'", "w < 0.5 OR g IS NULL", "true"]


def random_view(rng, index):
    """A view's query over `src` (and `dim`). The first two are aggregates with and without
    HAVING, so that every seed has views for both aggregate techniques."""
    shape = rng.choice(["rowwise", "rowwise", "aggregate", "aggregate", "aggregate", "joined",
                        "other"])
    if index < 2:
        shape = "aggregate"
    where = rng.choice(FILTERS)
    if shape == "rowwise":
        columns = rng.sample(["k", "g", "v", "u", "w", "v * 2 AS v2", "upper(k) AS uk"], 3)
        return "SELECT %s FROM src WHERE %s" % (", ".join(columns), where)
    if shape == "joined":
        if rng.random() < 0.5:
            return ("SELECT s.k, d.label, s.v FROM src s JOIN dim d ON s.u = d.u WHERE %s"
                    % where.replace("v", "s.v").replace("k", "s.k").replace("w", "s.w")
                    .replace("g", "s.g"))
        return ("SELECT d.label, count(*) AS n, sum(s.v) AS s, count(DISTINCT s.k) AS ks "
                "FROM src s JOIN dim d USING (u) GROUP BY d.label")
    if shape == "aggregate":
        keys = rng.choice(KEYS)
        measures = rng.sample(MEASURES, rng.randint(1, 4))
        having = " HAVING count(*) > 1" if rng.random() < 0.3 else ""
        if index < 2:
            having = " HAVING count(*) > 1" if index == 0 else ""
        return "SELECT %s, %s FROM src WHERE %s GROUP BY %s%s" % (
            keys, ", ".join(measures), where, keys, having)
    return rng.choice([
        "SELECT k, v FROM src ORDER BY v DESC, k LIMIT 5",
        "SELECT count(*) AS n, sum(v) AS s FROM src",
    ])


def write_file(folder, index, rng):
    rows = []
    for _ in range(rng.randint(1, 40)):
        row = {
            "k": "k%d" % rng.randint(0, 6),
            "g": None if rng.random() < 0.1 else rng.randint(0, 3),
            "v": None if rng.random() < 0.1 else rng.randint(-20, 100),
            "u": rng.randint(1, 12),
            "w": rng.randint(0, 100) / 100,
            "name": "n%d" % rng.randint(0, 50),
        }
        rows.append(json.dumps(row))
    with open(os.path.join(folder, "source", "part-%05d.json" % index), "w") as out:
        out.write("\n".join(rows) + "\n")


def sluice_call(sluice, folder, *arguments):
    result = subprocess.run([sluice, *arguments], cwd=folder, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("sluice %s failed (exit %d):\n%s\n%s" %
                 (" ".join(arguments), result.returncode, result.stdout, result.stderr))
    return result.stdout


def normalized(field):
    """DOUBLE sums depend on the order rows are added in: compared to 9 significant digits."""
    if "." in field or "e" in field:
        try:
            return "%.9g" % float(field)
        except ValueError:
            return field
    return field


def rows_of(sluice, folder, query):
    lines = sluice_call(sluice, folder, "query", "--format", "csv", query).splitlines()
    return sorted(",".join(normalized(field) for field in line.split(",")) for line in lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sluice")
    parser.add_argument("scratch")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--views", type=int, default=8)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    sluice = os.path.abspath(args.sluice)
    folder = os.path.abspath(args.scratch)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, "source"))
    os.makedirs(os.path.join(folder, "transformations"))
    with open(os.path.join(folder, "spark-pipeline.yml"), "w") as out:
        out.write("name: incremental_property\nlibraries:\n  - glob:\n"
                  "      include: transformations/**\n")
    views = {"v%d" % index: random_view(rng, index) for index in range(args.views)}
    with open(os.path.join(folder, "transformations", "views.sql"), "w") as out:
        out.write("CREATE STREAMING TABLE src AS SELECT * FROM STREAM read_files('source', "
                  "format => 'json', schema => 'k STRING, g INT, v INT, u INT, w DOUBLE, "
                  "name STRING');\n")
        out.write("CREATE MATERIALIZED VIEW dim AS SELECT id AS u, concat('label', id % 4) "
                  "AS label FROM range(1, 10) AS r(id);\n")
        for name, query in views.items():
            out.write("CREATE MATERIALIZED VIEW %s AS %s;\n" % (name, query))

    for round_index in range(args.rounds):
        if round_index > 2 and rng.random() < 0.15:
            sluice_call(sluice, folder, "run", "--full-refresh", "src")
            step = "full refresh of src"
        else:
            for extra in range(rng.randint(1, 2)):
                write_file(folder, round_index * 10 + extra, rng)
            sluice_call(sluice, folder, "run")
            step = "new files"
        for name, query in views.items():
            stored = rows_of(sluice, folder, "SELECT * FROM %s" % name)
            recomputed = rows_of(sluice, folder, query)
            if stored != recomputed:
                sys.exit("round %d (%s): the view %s (%s) holds\n%s\nbut its query gives\n%s" %
                         (round_index, step, name, query, "\n".join(stored),
                          "\n".join(recomputed)))

    chosen = rows_of(sluice, folder,
                     "SELECT DISTINCT element_at(split(message, ' '), -1) FROM "
                     "event_log('incremental_property') WHERE event_type = 'planning_information'")
    print("techniques chosen: %s" % ", ".join(chosen))
    for technique in ["APPEND_ONLY.", "GROUP_AGGREGATE.", "GENERIC_AGGREGATE.", "COMPLETE_RECOMPUTE.",
                      "NO_OP."]:
        if technique not in chosen:
            sys.exit("no view was refreshed by %s" % technique.rstrip("."))
    print("%d views, %d rounds: every view equals its query" % (len(views), args.rounds))


if __name__ == "__main__":
    main()
