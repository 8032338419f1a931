# Snapshot functions that break the rules, one flow each.
import datetime

from pyspark import pipelines as dp


def snapshot():
    return spark.createDataFrame([(1, "ann")], "id INT, name STRING")


def raises(latest_snapshot_version):
    raise RuntimeError("the snapshot store is offline")


def returns_frame(latest_snapshot_version):
    return snapshot()


def returns_float_version(latest_snapshot_version):
    return snapshot(), 1.5


def returns_no_version(latest_snapshot_version):
    return snapshot(), None


def returns_nothing(latest_snapshot_version):
    return None


def returns_no_frame(latest_snapshot_version):
    return "accounts", datetime.date(2024, 1, 31)


for index, function in enumerate([raises, returns_frame, returns_float_version,
                                  returns_no_version, returns_nothing, returns_no_frame]):
    dp.create_streaming_table(f"broken_{index}")
    dp.create_auto_cdc_from_snapshot_flow(
        target=f"broken_{index}", source=function, keys=["id"])
