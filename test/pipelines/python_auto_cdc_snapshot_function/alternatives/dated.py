# The same snapshots versioned by a timestamp and by a date: the function gets the last one
# back as the datetime or date it returned.
import datetime
import os

from pyspark import pipelines as dp

SNAPSHOTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "snapshots")


def dated_snapshot(latest, version_of):
    numbers = sorted(int(name[len("snap_"):-len(".json")]) for name in os.listdir(SNAPSHOTS)
                     if name.startswith("snap_") and name.endswith(".json"))
    later = [number for number in numbers if latest is None or version_of(number) > latest]
    if not later:
        return None
    snapshot = (
        spark.read.format("json")
        .schema("id INT, name STRING, balance INT")
        .load(os.path.join(SNAPSHOTS, f"snap_{later[0]}.json"))
    )
    return snapshot, version_of(later[0])


def at_time(latest_snapshot_version):
    return dated_snapshot(latest_snapshot_version,
                          lambda number: datetime.datetime(2024, 1, number, 6, 30))


def on_day(latest_snapshot_version):
    return dated_snapshot(latest_snapshot_version, lambda number: datetime.date(2024, 1, number))


dp.create_streaming_table("accounts_at_time")

dp.create_auto_cdc_from_snapshot_flow(
    target="accounts_at_time", source=at_time, keys=["id"], stored_as_scd_type=2)

dp.create_streaming_table("accounts_on_day")

dp.create_auto_cdc_from_snapshot_flow(
    target="accounts_on_day", source=on_day, keys=["id"], stored_as_scd_type=2,
    track_history_column_list=["name"])
