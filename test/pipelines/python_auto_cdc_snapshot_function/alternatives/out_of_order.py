# A function whose second snapshot has a version below the first's.
from pyspark import pipelines as dp


def next_snapshot_and_version(latest_snapshot_version):
    snapshot = spark.createDataFrame([(1, "ann")], "id INT, name STRING")
    if latest_snapshot_version is None:
        return snapshot, "2024-02"
    if latest_snapshot_version == "2024-02":
        return snapshot, "2024-01"
    return None


dp.create_streaming_table("out_of_order")

dp.create_auto_cdc_from_snapshot_flow(
    target="out_of_order",
    source=next_snapshot_and_version,
    keys=["id"],
)
