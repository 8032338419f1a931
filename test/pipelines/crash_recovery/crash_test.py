#!/usr/bin/env python3
"""Kills `sluice run` with SIGKILL at random moments and checks that nothing is lost or repeated.

Two copies of the pipeline in ./pipeline receive the same input files, one round at a time.
The crashed copy starts an update each round, kills it with SIGKILL after a random part of the
time the last complete update took, then runs an update to completion; rounds go on until N
updates were killed mid-run. The reference copy then runs one uninterrupted update per round. At the end every table of both copies must hold the same rows,
each streaming table and sink without a duplicated id, and every Delta log must read back.

Usage: crash_test.py SLUICE SCRATCH_DIR [--kills N] [--seed S]
"""
import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import time

TABLES = {
    "raw": "SELECT id, k, v FROM raw",
    "clean": "SELECT id, k, v FROM clean",
    "everything": "SELECT id, k, v, origin FROM everything",
    "totals": "SELECT k, n, total FROM totals",
    "distinct_by_k": "SELECT k, distinct_v, top FROM distinct_by_k",
    "latest_by_k": "SELECT k, id, v FROM latest_by_k",
    "history_by_k": "SELECT k, id, v, __START_AT, __END_AT FROM history_by_k",
    "totals_snapshot": "SELECT k, n, total FROM totals_snapshot",
    "round_totals_history": "SELECT k, n, total, __START_AT, __END_AT FROM round_totals_history",
    # The sinks, outside the catalog; {root} is the copy's folder.
    "raw_copy": "SELECT id, k, v FROM delta.`{root}/sinks/raw_delta`",
    "raw_lines": "SELECT id, k, v FROM read_files('{root}/sinks/raw_json', format => 'json')",
}


def write_round(folder, round_index, rng):
    """One JSON file a round, and a CSV file every third round."""
    os.makedirs(os.path.join(folder, "incoming"), exist_ok=True)
    os.makedirs(os.path.join(folder, "incoming_b"), exist_ok=True)
    lines = []
    for row in range(200):
        identifier = round_index * 1000 + row
        value = rng.randint(-5, 100)
        lines.append('{"id": %d, "k": "k%d", "v": %d}' % (identifier, value % 7, value))
    with open(os.path.join(folder, "incoming", "part-%05d.json" % round_index), "w") as out:
        out.write("\n".join(lines) + "\n")
    if round_index % 3 == 0:
        with open(os.path.join(folder, "incoming_b", "part-%05d.csv" % round_index), "w") as out:
            out.write("id,k,v\n")
            for row in range(50):
                out.write("%d,c%d,%d\n" % (500000 + round_index * 100 + row, row % 3, row))


def run(sluice, folder, *options):
    result = subprocess.run([sluice, "run", *options], cwd=folder, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("an update after a crash failed (exit %d):\n%s\n%s" %
                 (result.returncode, result.stdout, result.stderr))


def crash_at(sluice, folder, point, *options):
    """Runs an update that kills itself at `point`; 1 when it did."""
    environment = dict(os.environ, SLUICE_CRASH_POINT=point)
    result = subprocess.run([sluice, "run", *options], cwd=folder, env=environment,
                            capture_output=True, text=True)
    return 1 if result.returncode == -signal.SIGKILL else 0


def query(sluice, folder, sql):
    sql = sql.replace("{root}", folder)
    result = subprocess.run([sluice, "query", "--format", "csv", sql], cwd=folder,
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("query failed in %s: %s\n%s" % (folder, sql, result.stderr))
    return result.stdout.splitlines()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sluice")
    parser.add_argument("scratch")
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=20261203)
    args = parser.parse_args()
    args.sluice = os.path.abspath(args.sluice)
    here = os.path.dirname(os.path.abspath(__file__))
    shutil.rmtree(args.scratch, ignore_errors=True)
    reference = os.path.join(args.scratch, "reference")
    crashed = os.path.join(args.scratch, "crashed")
    shutil.copytree(os.path.join(here, "pipeline"), reference)
    shutil.copytree(os.path.join(here, "pipeline"), crashed)

    # The crashed copy first: rounds go on until enough updates were killed mid-run. A kill
    # comes after a random part of the time the last complete update took.
    kill_rng = random.Random(args.seed * 7)
    killed = 0
    rounds = 0
    window = None
    while killed < args.kills and rounds < args.kills * 4:
        write_round(crashed, rounds, random.Random(args.seed + rounds))
        if window is not None:
            process = subprocess.Popen([args.sluice, "run"], cwd=crashed,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(kill_rng.uniform(0, window))
            if process.poll() is None:
                process.send_signal(signal.SIGKILL)
                killed += 1
            process.wait()
        started = time.monotonic()
        run(args.sluice, crashed)
        window = time.monotonic() - started
        rounds += 1
    if killed < args.kills:
        sys.exit("only %d of %d updates could be killed mid-run" % (killed, args.kills))

    # Then kills at the named crash points (SLUICE_CRASH_POINT), the moments hardest to
    # recover from, which random kills rarely hit: after a batch is recorded, after an AUTO
    # CDC batch's state is committed but not its target, after its rows are committed but
    # before the batch is marked done, after a sink's batch is written but not marked done,
    # after a materialized view's count(DISTINCT) state is written but not the view.
    point_kills = 0
    # Four AUTO CDC flows reach cdc-state-written in an update (the snapshot function's once a
    # snapshot).
    # Two flows write sinks (sink-written); one of them a folder of files, killed between its
    # file and its commit log (sink-file-written).
    for point, occurrences in (("batch-planned", 3), ("cdc-state-written", 3),
                               ("batch-written", 3), ("sink-written", 2),
                               ("sink-file-written", 1), ("view-state-written", 1)):
        for occurrence in range(1, occurrences + 1):
            write_round(crashed, rounds, random.Random(args.seed + rounds))
            point_kills += crash_at(args.sluice, crashed, "%s:%d" % (point, occurrence))
            run(args.sluice, crashed)
            rounds += 1
    # A full refresh killed after the truncation: the next update finishes it.
    point_kills += crash_at(args.sluice, crashed, "table-truncated", "--full-refresh", "clean")
    run(args.sluice, crashed)

    for round_index in range(rounds):
        write_round(reference, round_index, random.Random(args.seed + round_index))
        run(args.sluice, reference)
    run(args.sluice, reference, "--full-refresh", "clean")

    failures = []
    for table, sql in TABLES.items():
        expected = sorted(query(args.sluice, reference, sql))
        actual = sorted(query(args.sluice, crashed, sql))
        if expected != actual:
            missing = len(set(expected) - set(actual))
            extra = len(actual) - len(expected)
            failures.append("%s differs: %d rows expected, %d found (%d expected rows missing)" %
                            (table, len(expected), len(actual), missing))
        if table != "raw_lines":
            history_of = "delta.`{root}/sinks/raw_delta`" if table == "raw_copy" else table
            query(args.sluice, crashed, "DESCRIBE HISTORY %s" % history_of)
    for table in ("raw", "clean", "raw_copy", "raw_lines"):
        counts = query(args.sluice, crashed,
                       "SELECT count(*) = count(DISTINCT id) FROM (%s)" % TABLES[table])
        if counts[-1] != "true":
            failures.append("%s holds a duplicated id" % table)
    print("crash test: %d rounds, %d updates killed at random moments, %d at crash points" %
          (rounds, killed, point_kills))
    if point_kills < 14:
        failures.append("only %d of the 14 crash points were reached" % point_kills)
    if failures:
        sys.exit("\n".join(failures))
    print("every table equals the uninterrupted run's")


if __name__ == "__main__":
    main()
