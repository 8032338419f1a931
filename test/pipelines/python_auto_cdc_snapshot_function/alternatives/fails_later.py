# A function that gives its first snapshot, then raises when asked for the next one.
from pyspark import pipelines as dp


def next_snapshot_and_version(latest_snapshot_version):
    if latest_snapshot_version is None:
        return spark.createDataFrame([(7, "gus")], "id INT, name STRING"), 1
    raise ConnectionError("the snapshot store went away")


dp.create_streaming_table("fails_later")

dp.create_auto_cdc_from_snapshot_flow(
    target="fails_later",
    source=next_snapshot_and_version,
    keys=["id"],
)
