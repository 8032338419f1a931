# Sinks written by streams of raw: a Delta table by path and a folder of JSON files, each row
# of raw once however the updates that write them are interrupted. Then AUTO CDC FROM
# SNAPSHOT from a function: each round's JSON file is a snapshot of the totals by k, its
# version the round's number, each applied once however the updates are interrupted.
import os

from pyspark import pipelines as dp
from pyspark.sql import functions as F

dp.create_sink("raw_copy", "delta", {"path": "sinks/raw_delta"})
dp.create_sink("raw_lines", "json", {"path": "sinks/raw_json"})


@dp.append_flow(target="raw_copy")
def raw_to_delta():
    return spark.readStream.table("raw")


@dp.append_flow(target="raw_lines")
def raw_to_json():
    return spark.readStream.table("raw").select("id", "k", "v")


INCOMING = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "incoming")


def next_round_totals(latest_round):
    names = os.listdir(INCOMING) if os.path.isdir(INCOMING) else []
    rounds = sorted(int(name[len("part-"):-len(".json")]) for name in names
                    if name.startswith("part-") and name.endswith(".json"))
    later = [index for index in rounds if latest_round is None or index > latest_round]
    if not later:
        return None
    totals = (
        spark.read.format("json")
        .schema("id BIGINT, k STRING, v BIGINT")
        .load(os.path.join(INCOMING, "part-%05d.json" % later[0]))
        .groupBy("k")
        .agg(F.count("*").alias("n"), F.sum("v").alias("total"))
    )
    return totals, later[0]


dp.create_streaming_table("round_totals_history")

dp.create_auto_cdc_from_snapshot_flow(
    target="round_totals_history",
    source=next_round_totals,
    keys=["k"],
    stored_as_scd_type=2,
)
