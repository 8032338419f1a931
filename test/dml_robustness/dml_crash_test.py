#!/usr/bin/env python3
"""Kills writing statements with SIGKILL at random moments and checks each table afterwards.

Two copies of the same tables (a plain one, one partitioned with deletion vectors and a change
data feed) receive the same seeded sequence of INSERT, INSERT OVERWRITE, REPLACE WHERE, DELETE,
UPDATE and MERGE statements. The reference copy runs each statement to completion. The crashed
copy starts it, kills it with SIGKILL after a random part of the time the statement took on the
reference copy, and then checks that the table holds exactly the rows of the version before
the statement or of the one after it (the reference's), that its log reads back, and that the
name is usable again: when the kill came before the commit, the statement is run again. At the
end both copies hold the same rows, and their change feeds the same changes.

Then statements that change the catalog too are killed the same way: CREATE TABLE ... AS
SELECT (afterwards the table exists with all its rows, or not at all: no entry, no folder, and
the name takes a new CREATE TABLE), CREATE OR REPLACE TABLE ... AS SELECT (the old rows or the
new ones) and ALTER TABLE ... RENAME TO (the rows under one name, never both nor none).

Usage: dml_crash_test.py SLUICE SCRATCH_DIR [--kills N] [--seed S]
"""
import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import time

ROWS = 60000
TABLES = {
    "plain": "CREATE TABLE plain (id BIGINT, k STRING, v INT)",
    "dv": "CREATE TABLE dv (id BIGINT, k STRING, v INT) PARTITIONED BY (k) TBLPROPERTIES "
          "('delta.enableDeletionVectors' = 'true', 'delta.enableChangeDataFeed' = 'true')",
}


def sluice(binary, folder, sql, check=True):
    result = subprocess.run([binary, "query", "--format", "csv", sql], cwd=folder,
                            capture_output=True, text=True)
    if check and result.returncode != 0:
        sys.exit("statement failed in %s: %s\n%s" % (folder, sql, result.stderr))
    return result


def rows(binary, folder, table):
    lines = sluice(binary, folder, "SELECT id, k, v FROM %s" % table).stdout.splitlines()
    return sorted(lines[1:])


def latest_version(binary, folder, table):
    lines = sluice(binary, folder, "DESCRIBE HISTORY %s LIMIT 1" % table).stdout.splitlines()
    return int(lines[1].split(",")[0])


def statements(table, rng, round_index):
    """One writing statement of a kind picked at random, over ids that exist or are new."""
    low = rng.randrange(0, ROWS)
    span = rng.choice([10, 1000, 20000])
    new_id = 10_000_000 + round_index * 100_000
    kind = rng.choice(["insert", "overwrite", "replace_where", "delete", "update", "merge",
                       "merge", "update"])
    if kind == "insert":
        return ("INSERT INTO %s SELECT %d + id, 'k' || (id %% 5), CAST(id %% 97 AS INT) "
                "FROM range(%d)" % (table, new_id, span))
    if kind == "overwrite":
        return ("INSERT OVERWRITE %s SELECT id, k, v + 1 FROM %s WHERE id %% 3 <> %d"
                % (table, table, round_index % 3))
    if kind == "replace_where":
        return ("INSERT INTO %s REPLACE WHERE id BETWEEN %d AND %d SELECT id, k, v * 2 FROM %s "
                "WHERE id BETWEEN %d AND %d AND v %% 2 = 0"
                % (table, low, low + span, table, low, low + span))
    if kind == "delete":
        return "DELETE FROM %s WHERE id BETWEEN %d AND %d" % (table, low, low + span)
    if kind == "update":
        return "UPDATE %s SET v = v + 7 WHERE id BETWEEN %d AND %d" % (table, low, low + span)
    return ("MERGE INTO %s AS t USING (SELECT id * 3 AS id, 'k' || (id %% 5) AS k, "
            "CAST(id AS INT) AS v FROM range(%d, %d)) AS s ON t.id = s.id "
            "WHEN MATCHED AND s.v %% 4 = 0 THEN DELETE "
            "WHEN MATCHED THEN UPDATE SET v = s.v "
            "WHEN NOT MATCHED THEN INSERT *"
            % (table, low // 3, low // 3 + span))


def count_of(binary, folder, table):
    """The table's row count, or None when the name is not found."""
    result = sluice(binary, folder, "SELECT count(*) FROM %s" % table, check=False)
    if result.returncode != 0:
        if "TABLE_OR_VIEW_NOT_FOUND" not in result.stderr:
            sys.exit("reading %s failed: %s" % (table, result.stderr))
        return None
    return int(result.stdout.splitlines()[1])


def kill_during(binary, folder, sql, window, kill_rng):
    """Runs `sql` and kills it after a random part of `window` seconds; True when killed."""
    process = subprocess.Popen([binary, "query", sql], cwd=folder,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(kill_rng.uniform(0, window))
    killed = process.poll() is None
    if killed:
        process.send_signal(signal.SIGKILL)
    process.wait()
    return killed


def timed(binary, folder, sql):
    started = time.monotonic()
    sluice(binary, folder, sql)
    return time.monotonic() - started


def catalog_statements(binary, folder, rounds, kill_rng, failures):
    """Kills CREATE TABLE AS, CREATE OR REPLACE TABLE AS and RENAME TO; returns the kills and
    how many killed CREATE TABLE AS left no table."""
    killed = 0
    undone = 0
    folders = os.path.join(folder, "tables", "spark_catalog", "default")
    for index in range(rounds):
        kind = ["ctas", "replace", "rename"][index % 3]
        name = "made_%d" % index
        size = 50000 + 1000 * index
        ctas = ("CREATE TABLE %s AS SELECT id, 'k' || (id %% 5) AS k, CAST(id %% 97 AS INT) AS v "
                "FROM range(%d)" % (name, size))
        if kind == "ctas":
            # The same statement on a scratch name gives the window.
            window = timed(binary, folder, ctas.replace(name, name + "_timing", 1))
            killed += kill_during(binary, folder, ctas, window, kill_rng)
            found = count_of(binary, folder, name)
            if found is None:
                undone += 1
                if os.path.exists(os.path.join(folders, name)):
                    failures.append("a killed %s left its folder without a table" % name)
                sluice(binary, folder, ctas)  # the name takes a new CREATE TABLE
                found = count_of(binary, folder, name)
            if found != size:
                failures.append("%s holds %s rows after a killed CREATE TABLE AS, %d expected"
                                % (name, found, size))
        elif kind == "replace":
            sluice(binary, folder, ctas)
            replace = ctas.replace("CREATE TABLE", "CREATE OR REPLACE TABLE", 1).replace(
                "range(%d)" % size, "range(%d)" % (size * 2), 1)
            window = timed(binary, folder, replace.replace(name, name + "_timing", 1))
            killed += kill_during(binary, folder, replace, window, kill_rng)
            found = count_of(binary, folder, name)
            if found not in (size, size * 2):
                failures.append("%s holds %s rows after a killed CREATE OR REPLACE, %d or %d "
                                "expected" % (name, found, size, size * 2))
        else:
            sluice(binary, folder, ctas)
            rename = "ALTER TABLE %s RENAME TO %s_renamed" % (name, name)
            window = timed(binary, folder, "ALTER TABLE made_0 RENAME TO made_0_timing_%d" % index)
            sluice(binary, folder, "ALTER TABLE made_0_timing_%d RENAME TO made_0" % index)
            killed += kill_during(binary, folder, rename, window * 2, kill_rng)
            counts = [count_of(binary, folder, name), count_of(binary, folder, name + "_renamed")]
            if sorted(counts, key=lambda count: count is None) != [size, None]:
                failures.append("after a killed RENAME TO, %s and %s_renamed hold %s rows"
                                % (name, name, counts))
    return killed, undone


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sluice")
    parser.add_argument("scratch")
    parser.add_argument("--kills", type=int, default=24)
    parser.add_argument("--catalog-kills", type=int, default=12)
    parser.add_argument("--seed", type=int, default=20261204)
    args = parser.parse_args()
    binary = os.path.abspath(args.sluice)
    shutil.rmtree(args.scratch, ignore_errors=True)
    reference = os.path.join(args.scratch, "reference")
    crashed = os.path.join(args.scratch, "crashed")
    for folder in (reference, crashed):
        os.makedirs(folder)
        for table, create in TABLES.items():
            sluice(binary, folder, create)
            sluice(binary, folder, "INSERT INTO %s SELECT id, 'k' || (id %% 5), "
                                   "CAST(id %% 97 AS INT) FROM range(%d)" % (table, ROWS))

    rng = random.Random(args.seed)
    kill_rng = random.Random(args.seed * 7)
    killed = 0
    before_commit = 0
    failures = []
    round_index = 0
    while killed < args.kills and round_index < args.kills * 4:
        table = list(TABLES)[round_index % len(TABLES)]
        sql = statements(table, rng, round_index)
        before = rows(binary, crashed, table)
        version = latest_version(binary, crashed, table)
        started = time.monotonic()
        sluice(binary, reference, sql)
        window = time.monotonic() - started
        after = rows(binary, reference, table)

        process = subprocess.Popen([binary, "query", sql], cwd=crashed,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(kill_rng.uniform(0, window))
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            killed += 1
        process.wait()

        now = rows(binary, crashed, table)
        committed = latest_version(binary, crashed, table)
        if committed == version and now == before:
            before_commit += 1
            sluice(binary, crashed, sql)  # the name is usable again: the statement runs
            now = rows(binary, crashed, table)
        elif committed != version + 1 and committed != version:
            failures.append("round %d (%s): version %d after version %d"
                            % (round_index, sql, committed, version))
        if now != after:
            failures.append("round %d (%s): %d rows, %d expected"
                            % (round_index, sql, len(now), len(after)))
            break
        round_index += 1
    if killed < args.kills:
        failures.append("only %d of %d statements could be killed mid-run" % (killed, args.kills))

    for table in TABLES:
        if rows(binary, crashed, table) != rows(binary, reference, table):
            failures.append("%s differs from the uninterrupted copy" % table)
    catalog_killed, undone = catalog_statements(binary, crashed, args.catalog_kills, kill_rng,
                                                failures)
    changes = "SELECT id, k, v, _change_type FROM table_changes('dv', 1)"
    feeds = [sorted(sluice(binary, folder, changes).stdout.splitlines())
             for folder in (crashed, reference)]
    if feeds[0] != feeds[1]:
        failures.append("the change feed of dv differs from the uninterrupted copy's")
    print("dml crash test: %d statements, %d killed mid-run (%d before their commit); "
          "%d catalog statements, %d killed (%d CREATE TABLE AS left no table)"
          % (round_index, killed, before_commit, args.catalog_kills, catalog_killed, undone))
    if failures:
        sys.exit("\n".join(failures))
    print("every table holds the previous or the next version's rows after each kill")


if __name__ == "__main__":
    main()
