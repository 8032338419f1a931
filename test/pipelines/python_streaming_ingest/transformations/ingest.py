# The Python twin of test/pipelines/streaming_ingest: the same tables, defined with the
# pyspark pipelines API.
from pyspark import pipelines as dp
from pyspark.sql import functions as F


@dp.table(comment="Raw events, each JSON file read once.")
def raw_events():
    return (
        spark.readStream.format("cloudFiles")
        .option("cloudFiles.format", "json")
        .load("data/events")
    )


@dp.table(comment="Cleaned events, read incrementally from raw_events.")
def events():
    return (
        spark.readStream.table("raw_events")
        .where(F.col("id").isNotNull())
        .select("id", F.upper(F.col("kind")).alias("kind"))
    )


@dp.materialized_view
def kind_counts():
    return spark.read.table("events").groupBy("kind").agg(F.count("*").alias("n"))
