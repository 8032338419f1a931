# The Python twin of test/pipelines/incremental_refresh (views.sql): a streaming table of the
# source's files and materialized views of several shapes over it.
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


@dp.materialized_view
def totals():
    return (
        spark.read.table("events")
        .groupBy("kind")
        .agg(F.count("*").alias("n"), F.sum("v").alias("total"))
    )


@dp.materialized_view
def big_events():
    return spark.read.table("events").where(F.col("v") > 1).select("kind", "v")


@dp.materialized_view
def sampled():
    return spark.read.table("events").select("kind", "v", (F.rand() < 2).alias("kept"))


@dp.materialized_view
def labels():
    return spark.read.format("csv").option("header", True).load("labels.csv")


# SQL's HAVING is a filter after the aggregate, and its select list a select after that: the
# same aggregate, refreshed the same way.
@dp.materialized_view
def repeated_kinds():
    return (
        spark.read.table("events")
        .groupBy("kind")
        .agg(F.count_distinct("v").alias("distinct_values"), F.count("*").alias("n"))
        .where(F.col("n") > 1)
        .select("kind", "distinct_values")
    )
