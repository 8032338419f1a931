# A function that hands out versioned snapshots, but has none yet.
from pyspark import pipelines as dp


def next_snapshot_and_version(latest_snapshot_version):
    return None


dp.create_auto_cdc_from_snapshot_flow(
    target="products_versions",
    source=next_snapshot_and_version,
    keys=["id"],
)
