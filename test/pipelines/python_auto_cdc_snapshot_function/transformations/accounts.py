# Versioned snapshots of an account list, one file a snapshot (snapshots/snap_<version>.json):
# the function hands out the first snapshot after the version last processed, and None once
# there is no later one.
import os

from pyspark import pipelines as dp

SNAPSHOTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "snapshots")


def snapshot_versions():
    if not os.path.isdir(SNAPSHOTS):
        return []
    return sorted(int(name[len("snap_"):-len(".json")]) for name in os.listdir(SNAPSHOTS)
                  if name.startswith("snap_") and name.endswith(".json"))


def next_snapshot_and_version(latest_snapshot_version):
    later = [version for version in snapshot_versions()
             if latest_snapshot_version is None or version > latest_snapshot_version]
    if not later:
        return None
    version = later[0]
    snapshot = (
        spark.read.format("json")
        .schema("id INT, name STRING, balance INT")
        .load(os.path.join(SNAPSHOTS, f"snap_{version}.json"))
    )
    return snapshot, version


dp.create_streaming_table("accounts_scd1")

dp.create_auto_cdc_from_snapshot_flow(
    target="accounts_scd1",
    source=next_snapshot_and_version,
    keys=["id"],
    stored_as_scd_type=1,
)

dp.create_streaming_table("accounts_scd2")

dp.apply_changes_from_snapshot(
    target="accounts_scd2",
    source=next_snapshot_and_version,
    keys=["id"],
    stored_as_scd_type=2,
)
