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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sluice")
    parser.add_argument("scratch")
    parser.add_argument("--kills", type=int, default=24)
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
    changes = "SELECT id, k, v, _change_type FROM table_changes('dv', 1)"
    feeds = [sorted(sluice(binary, folder, changes).stdout.splitlines())
             for folder in (crashed, reference)]
    if feeds[0] != feeds[1]:
        failures.append("the change feed of dv differs from the uninterrupted copy's")
    print("dml crash test: %d statements, %d killed mid-run (%d before their commit)"
          % (round_index, killed, before_commit))
    if failures:
        sys.exit("\n".join(failures))
    print("every table holds the previous or the next version's rows after each kill")


if __name__ == "__main__":
    main()
