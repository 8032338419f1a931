# The Python twin of test/pipelines/refresh_policy (views.sql): materialized views with each
# refresh policy (the refresh_policy keyword of @dp.materialized_view, SQL's REFRESH POLICY)
# over one streaming table.
from pyspark import pipelines as dp
from pyspark.sql import functions as F


@dp.table
def events():
    return (
        spark.readStream.format("json")
        .schema("kind STRING, v INT")
        .load("source")
        .select("kind", "v")
    )


@dp.materialized_view(refresh_policy="incremental_strict")
def strict_totals():
    return (
        spark.read.table("events")
        .groupBy("kind")
        .agg(F.count("*").alias("n"), F.sum("v").alias("total"))
    )


@dp.materialized_view(refresh_policy="full")
def always_full():
    return spark.read.table("events").select("kind", "v")


@dp.materialized_view(refresh_policy="incremental")
def sampled():
    return spark.read.table("events").where(F.rand() >= 0).select("kind", "v")
