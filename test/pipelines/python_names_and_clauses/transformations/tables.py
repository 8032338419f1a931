# The Python twin of test/pipelines/names_and_clauses (tables.sql).
from pyspark import pipelines as dp
from pyspark.sql import functions as F


# spark.conf.get reads the spec's configuration, as ${key} does in SQL.
@dp.materialized_view(
    comment=f"Orders of {spark.conf.get('region')}",
    table_properties={"quality": "gold", "owner.team": "sales"},
)
def orders():
    return spark.range(1, 6).select("id", (F.col("id") * 5).alias("amount"))


# A dataset of the pipeline wins over a catalog table of the same name; other tables of the
# catalog are read by their two- and three-part names.
@dp.materialized_view
def big_orders():
    orders = spark.read.table("orders")
    reference = spark.read.table("spark_catalog.default.reference")
    return (
        orders.join(reference, orders["id"] == reference["id"])
        .select(orders["id"], orders["amount"], reference["label"])
        .where(F.col("amount") >= int(spark.conf.get("min_amount")))
    )


# path writes the table there; private keeps it out of the catalog.
@dp.materialized_view(private=True, path="tables/scratch_totals")
def scratch_totals():
    return spark.read.table("LIVE.orders").agg(F.sum("amount").alias("total"))


@dp.materialized_view
def totals():
    return spark.read.table("scratch_totals").select("total")


# cluster_by: the table is written in the order of its clustering columns.
@dp.materialized_view(cluster_by=["amount"])
def orders_by_amount():
    return spark.read.table("orders").select("id", (30 - F.col("amount")).alias("amount"))


# Reads the view over audit.moments. The view computes in its own zone
# (America/Los_Angeles), this definition's expressions in the spec's (Asia/Tokyo).
@dp.materialized_view
def moment_copy():
    return spark.read.table("audit_moments").select(
        "epoch_seconds",
        "pacific_hour",
        "pacific_text",
        "same_instant",
        F.hour(F.col("epoch_seconds").cast("timestamp")).alias("tokyo_hour"),
    )
