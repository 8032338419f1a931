#!/usr/bin/env python3
"""Concurrent writers on one Delta table: every commit valid, the result a serial replay's.

Forked `sluice query` processes write one table at the same time, each running its own seeded
list of appends, deletes, updates and merges (on a table with deletion vectors, so that DML
commits replace files in place). A statement may fail only with one of Delta's concurrency
errors (DELTA_CONCURRENT_*), as Delta's optimistic concurrency rules say; blind appends never
fail. Afterwards every version of the table reads back, each commit is matched to the statement
that made it (an append by its unique row count, other statements by a tag in their
predicate), and the statements are replayed one at a time on a fresh copy of the table in the
order WriteSerializable (the table's isolation level) gives them: a DELETE, UPDATE or MERGE
right after the version it read, before the blind appends that committed while it ran. Some
updates touch appended rows, so replaying in plain commit order would differ. The replayed
table's rows must equal the concurrently written table's.

Usage: dml_concurrency_test.py SLUICE SCRATCH_DIR [--writers N] [--statements N] [--seed S]
"""
import argparse
import json
import os
import random
import shlex
import shutil
import subprocess
import sys

ROWS = 20000
SCRATCH = ["."]
CREATE = ("CREATE TABLE {name} (id BIGINT, k STRING, v INT) USING DELTA LOCATION '{path}' "
          "TBLPROPERTIES ('delta.enableDeletionVectors' = 'true')")
FILL = ("INSERT INTO delta.`{path}` SELECT id, 'k' || (id %% 5), CAST(id %% 97 AS INT) "
        "FROM range(%d)" % ROWS)


def sluice(binary, sql, check=True):
    # The catalog of CREATE TABLE lives in the scratch folder (the working directory).
    result = subprocess.run([binary, "query", "--format", "csv", sql], capture_output=True,
                            text=True, cwd=SCRATCH[0])
    if check and result.returncode != 0:
        sys.exit("statement failed: %s\n%s" % (sql, result.stderr))
    return result


def statement_list(writer, count, rng, appends):
    """`count` statements for `writer`: (tag, kind, sql with {path}). An append's row count is
    unique over all writers (taken from `appends`), so that its commit names it."""
    listed = []
    for index in range(count):
        tag = "w%dn%d" % (writer, index)
        kind = rng.choice(["append", "append", "delete", "update", "merge"])
        low = rng.randrange(0, ROWS)
        if kind == "append":
            rows = appends.pop()
            first = 1_000_000 * (writer + 1) + index * 1000
            sql = ("INSERT INTO delta.`{path}` SELECT %d + id, 'a', %d FROM range(%d)"
                   % (first, index, rows))
        elif kind == "delete":
            sql = ("DELETE FROM delta.`{path}` WHERE id BETWEEN %d AND %d AND '%s' <> ''"
                   % (low, low + 300, tag))
        elif kind == "update":
            # Appended rows have k = 'a' and v = the index of their statement.
            sql = ("UPDATE delta.`{path}` SET v = v + %d WHERE (id BETWEEN %d AND %d "
                   "OR (k = 'a' AND v < 3)) AND '%s' <> ''" % (writer + 1, low, low + 300, tag))
        else:
            sql = ("MERGE INTO delta.`{path}` AS t USING (SELECT id + %d AS id, 'm' AS k, "
                   "%d AS v FROM range(200)) AS s ON t.id = s.id AND '%s' <> '' "
                   "WHEN MATCHED THEN UPDATE SET v = s.v "
                   "WHEN NOT MATCHED THEN INSERT *" % (low, writer, tag))
        listed.append((tag, kind, sql, rows if kind == "append" else None))
    return listed


def rows(binary, path, version=None):
    at = "" if version is None else " VERSION AS OF %d" % version
    lines = sluice(binary, "SELECT id, k, v FROM delta.`%s`%s" % (path, at)).stdout.splitlines()
    return sorted(lines[1:])


def commits(path):
    """(version, commitInfo) of every commit, in version order."""
    log = os.path.join(path, "_delta_log")
    found = []
    for name in sorted(os.listdir(log)):
        if not name.endswith(".json") or not name[:20].isdigit():
            continue
        with open(os.path.join(log, name)) as lines:
            for line in lines:
                action = json.loads(line)
                if "commitInfo" in action:
                    found.append((int(name[:20]), action["commitInfo"]))
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sluice")
    parser.add_argument("scratch")
    parser.add_argument("--writers", type=int, default=3)
    parser.add_argument("--statements", type=int, default=8)
    parser.add_argument("--seed", type=int, default=20261204)
    args = parser.parse_args()
    binary = os.path.abspath(args.sluice)
    shutil.rmtree(args.scratch, ignore_errors=True)
    os.makedirs(args.scratch)
    SCRATCH[0] = args.scratch
    table = os.path.join(args.scratch, "concurrent")
    replay = os.path.join(args.scratch, "replayed")
    for path in (table, replay):
        sluice(binary, CREATE.format(name=os.path.basename(path), path=path))
        sluice(binary, FILL.format(path=path))

    rng = random.Random(args.seed)
    appends = list(range(1, args.writers * args.statements + 1))
    rng.shuffle(appends)
    plans = [statement_list(writer, args.statements, random.Random(args.seed + writer), appends)
             for writer in range(args.writers)]
    # Each writer is a shell running its statements one after the other; the writers run at once.
    outcomes = {}
    processes = []
    for writer, plan in enumerate(plans):
        script = "".join("%s query %s > %s 2>&1; echo $? > %s\n" % (
            shlex.quote(binary), shlex.quote(sql.format(path=table)),
            shlex.quote(os.path.join(args.scratch, tag + ".out")),
            shlex.quote(os.path.join(args.scratch, tag + ".status")))
            for tag, _, sql, _ in plan)
        processes.append(subprocess.Popen(["bash", "-c", script], cwd=args.scratch))
    for process in processes:
        process.wait()

    failures = []
    committed_tags = set()
    for plan in plans:
        for tag, kind, sql, _ in plan:
            base = os.path.join(args.scratch, tag)
            status = int(open(base + ".status").read().strip())
            output = open(base + ".out").read()
            outcomes[tag] = status
            if status == 0:
                continue
            if kind == "append":
                failures.append("the blind append %s failed: %s" % (tag, output.strip()))
            elif "DELTA_CONCURRENT_" not in output:
                failures.append("%s failed with another error than a conflict: %s"
                                % (tag, output.strip()))

    # Match each commit after the two setup commits to its statement.
    by_tag = {tag: (kind, sql, count) for plan in plans for tag, kind, sql, count in plan}
    by_rows = {count: tag for tag, (kind, _, count) in by_tag.items() if kind == "append"}
    order = []  # (place in the serial order, tag)
    for version, info in commits(table):
        if version < 2:
            continue
        if info.get("operation") == "WRITE":
            count = int(info["operationMetrics"]["numOutputRows"])
            tag = by_rows.get(count)
        else:
            predicate = json.dumps(info.get("operationParameters", {}))
            tag = next((t for t in by_tag if "'%s'" % t in predicate), None)
        if tag is None or outcomes.get(tag) != 0 or tag in committed_tags:
            failures.append("version %d matches no statement that succeeded once: %s"
                            % (version, info.get("operation")))
            continue
        committed_tags.add(tag)
        blind = info.get("isBlindAppend", False)
        order.append((version if blind else info["readVersion"] + 0.5, tag))
        rows(binary, table, version)  # every version reads back
    missing = [tag for tag, status in outcomes.items() if status == 0 and tag not in committed_tags]
    # A DML statement that changed nothing commits nothing.
    for tag in missing:
        kind = by_tag[tag][0]
        if kind == "append":
            failures.append("the append %s succeeded but no commit holds it" % tag)

    for _, tag in sorted(order):
        sluice(binary, by_tag[tag][1].format(path=replay))
    if rows(binary, table) != rows(binary, replay):
        failures.append("the table differs from the serial replay of its %d commits" % len(order))
    conflicts = sum(1 for status in outcomes.values() if status != 0)
    print("dml concurrency test: %d writers, %d statements, %d commits, %d conflicts"
          % (args.writers, len(outcomes), len(order), conflicts))
    if failures:
        sys.exit("\n".join(failures))
    print("every version reads back and the table equals the serial replay of its commits")


if __name__ == "__main__":
    main()
