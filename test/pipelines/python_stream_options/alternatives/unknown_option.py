# The Python twin of stream_options' alternatives/unknown_option.sql: read options that do
# not apply.
from pyspark import pipelines as dp


@dp.table
def events():
    return spark.readStream.format("json").schema("id BIGINT").load("landing").select("id")


@dp.table
def tolerant():
    return spark.readStream.option("skipChangeCommit", True).table("events").select("id")


@dp.materialized_view
def batch():
    return spark.read.option("skipChangeCommits", True).table("events").select("id")


@dp.temporary_view
def recent():
    return spark.readStream.table("events").select("id")


@dp.table
def through_view():
    return spark.readStream.option("skipChangeCommits", True).table("recent").select("id")


@dp.table
def not_boolean():
    return spark.readStream.option("skipChangeCommits", "yes").table("events").select("id")


@dp.table
def from_version():
    return (
        spark.readStream.option("startingVersion", 3)
        .option("startingTimestamp", "2026-01-01")
        .table("events")
        .select("id")
    )


@dp.table
def from_time():
    return spark.readStream.option("startingTimestamp", "yesterday").table("events").select("id")


@dp.table
def missing():
    return spark.readStream.table("no_such_table").select("id")
