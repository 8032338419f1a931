#!/usr/bin/env python3
"""AUTO CDC against a reference model of its semantics, through real pipeline updates.

Random change streams (upserts and deletes of a few keys, replayed and out-of-order sequences,
ties of one sequence) are cut into random updates, one JSON file an update, and applied by
`sluice run` to four targets: SCD type 1 and 2, each with deletion vectors and without, one of
each pair applying its batches a slice of three events at a time. After every update each
target must hold the rows a simple model of the semantics gives for the events so far:
SCD type 1 keeps per key the first event of its highest sequence, its row unless it deletes;
SCD type 2 orders a key's events by sequence (the first of a sequence wins), opens a version
at an upsert, closes it at a delete or at an upsert that changes the value, and updates it in
place otherwise.

Usage: property_test.py SLUICE SCRATCH_DIR [--streams N] [--seed S]
"""
import argparse
import csv
import io
import json
import os
import random
import shutil
import subprocess
import sys

PIPELINE = """
SET sluice.cdc.eventsPerSlice = {per_slice};

CREATE TEMPORARY VIEW events AS
SELECT * FROM STREAM read_files('data', format => 'json', schema => 'id INT, v STRING, op STRING, seq INT, arrival INT');

CREATE STREAMING TABLE latest {properties};
CREATE FLOW latest_flow AS AUTO CDC INTO latest FROM STREAM(events) KEYS (id)
APPLY AS DELETE WHEN op = 'DELETE' SEQUENCE BY seq COLUMNS id, v STORED AS SCD TYPE 1;

CREATE STREAMING TABLE history {properties};
CREATE FLOW history_flow AS AUTO CDC INTO history FROM STREAM(events) KEYS (id)
APPLY AS DELETE WHEN op = 'DELETE' SEQUENCE BY seq COLUMNS id, v STORED AS SCD TYPE 2;
"""

VARIANTS = {
    "vectors": {"per_slice": 1 << 20,
                "properties": "TBLPROPERTIES (delta.enableDeletionVectors = true)"},
    "rewrites_sliced": {"per_slice": 3, "properties": ""},
}


def random_stream(rng):
    events = []
    for arrival in range(rng.randint(1, 60)):
        if events and rng.random() < 0.15:
            replayed = dict(rng.choice(events))
            replayed["arrival"] = arrival
            events.append(replayed)
            continue
        op = "DELETE" if rng.random() < 0.25 else "UPSERT"
        events.append({"id": rng.randint(0, 7), "v": rng.choice(["a", "b", "c", None]),
                       "op": op, "seq": rng.randint(0, 20), "arrival": arrival})
    return events


def winners(events):
    """Per key, per sequence, the first event (in arrival order) of that sequence."""
    kept = {}
    for event in events:
        kept.setdefault(event["id"], {}).setdefault(event["seq"], event)
    return kept


def model_scd1(events):
    rows = set()
    for key, by_sequence in winners(events).items():
        last = by_sequence[max(by_sequence)]
        if last["op"] == "UPSERT":
            rows.add((str(key), last["v"] or "NULL"))
    return rows


def model_scd2(events):
    rows = set()
    for key, by_sequence in winners(events).items():
        open_value = None
        opened_at = None
        is_open = False
        for sequence in sorted(by_sequence):
            event = by_sequence[sequence]
            if event["op"] == "DELETE":
                if is_open:
                    rows.add((str(key), open_value, str(opened_at), str(sequence)))
                    is_open = False
                continue
            value = event["v"] or "NULL"
            if not is_open:
                is_open, open_value, opened_at = True, value, sequence
            elif value != open_value:
                rows.add((str(key), open_value, str(opened_at), str(sequence)))
                open_value, opened_at = value, sequence
        if is_open:
            rows.add((str(key), open_value, str(opened_at), "NULL"))
    return rows


def sluice_run(sluice, folder, *arguments):
    result = subprocess.run([sluice, *arguments], cwd=folder, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("sluice %s failed (exit %d):\n%s\n%s" %
                 (" ".join(arguments), result.returncode, result.stdout, result.stderr))
    return result.stdout


def query(sluice, folder, sql):
    text = sluice_run(sluice, folder, "query", "--format", "csv", sql)
    rows = list(csv.reader(io.StringIO(text)))[1:]
    return {tuple(value if value != "" else "NULL" for value in row) for row in rows}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sluice")
    parser.add_argument("scratch")
    parser.add_argument("--streams", type=int, default=6)
    parser.add_argument("--seed", type=int, default=20261205)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    for stream_index in range(options.streams):
        events = random_stream(rng)
        cuts = sorted(rng.sample(range(1, len(events)), min(len(events) - 1, rng.randint(0, 4))))
        updates = [events[start:end] for start, end in zip([0] + cuts, cuts + [len(events)])]
        for variant, settings in VARIANTS.items():
            folder = os.path.join(options.scratch, "stream%d_%s" % (stream_index, variant))
            shutil.rmtree(folder, ignore_errors=True)
            os.makedirs(os.path.join(folder, "data"))
            os.makedirs(os.path.join(folder, "transformations"))
            with open(os.path.join(folder, "spark-pipeline.yml"), "w") as out:
                out.write("name: cdc_property\nlibraries:\n  - glob:\n"
                          "      include: transformations/**\n")
            with open(os.path.join(folder, "transformations", "cdc.sql"), "w") as out:
                out.write(PIPELINE.format(**settings))
            applied = []
            for update_index, update in enumerate(updates):
                with open(os.path.join(folder, "data", "update%02d.json" % update_index),
                          "w") as out:
                    out.write("".join(json.dumps(event) + "\n" for event in update))
                sluice_run(options.sluice, folder, "run")
                applied += update
                context = "stream %d (%s), after update %d of %d, events %s" % (
                    stream_index, variant, update_index + 1, len(updates), json.dumps(applied))
                got = query(options.sluice, folder, "SELECT id, v FROM latest")
                if got != model_scd1(applied):
                    sys.exit("SCD type 1 differs in %s:\n got      %s\n expected %s" %
                             (context, sorted(got), sorted(model_scd1(applied))))
                got = query(options.sluice, folder,
                            "SELECT id, v, __START_AT, __END_AT FROM history")
                if got != model_scd2(applied):
                    sys.exit("SCD type 2 differs in %s:\n got      %s\n expected %s" %
                             (context, sorted(got), sorted(model_scd2(applied))))
        print("stream %d: %d events in %d updates, every target as the model says" %
              (stream_index, len(events), len(updates)))


if __name__ == "__main__":
    main()
