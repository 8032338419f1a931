# Sinks written by streams of raw: a Delta table by path and a folder of JSON files, each row
# of raw once however the updates that write them are interrupted.
from pyspark import pipelines as dp

dp.create_sink("raw_copy", "delta", {"path": "sinks/raw_delta"})
dp.create_sink("raw_lines", "json", {"path": "sinks/raw_json"})


@dp.append_flow(target="raw_copy")
def raw_to_delta():
    return spark.readStream.table("raw")


@dp.append_flow(target="raw_lines")
def raw_to_json():
    return spark.readStream.table("raw").select("id", "k", "v")
