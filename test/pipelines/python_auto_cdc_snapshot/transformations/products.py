# Snapshots of a product list, delivered as a file replaced before each update:
# create_auto_cdc_from_snapshot_flow and its older name apply_changes_from_snapshot compare
# each with the one before.
from pyspark import pipelines as dp


@dp.materialized_view
def products():
    return (
        spark.read.format("json")
        .schema("id INT, name STRING, price INT")
        .load("data/products")
    )


dp.create_streaming_table("products_scd1")

dp.create_auto_cdc_from_snapshot_flow(
    target="products_scd1",
    source="products",
    keys=["id"],
    stored_as_scd_type=1,
)

dp.create_streaming_table("products_scd2")

dp.apply_changes_from_snapshot(
    target="products_scd2",
    source="products",
    keys=["id"],
    stored_as_scd_type="2",
    track_history_column_list=["price"],
)
