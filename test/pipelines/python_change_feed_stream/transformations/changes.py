# The Python twin of test/pipelines/change_feed_stream (changes.sql).
from pyspark import pipelines as dp
from pyspark.sql import functions as F

CHANGE_FEED = {"delta.enableChangeDataFeed": "true"}


# Every change of the catalog table src, each commit read once: its rows as they stood at the
# first update (inserts of that version), then what each later commit changed.
@dp.table
def changes():
    return (
        spark.readStream.option("readChangeFeed", "true")
        .table("src")
        .select("Id", "v", "_change_type", "_commit_version")
    )


# The changes from version 2 on (none yet at the first update).
@dp.table
def from_version_2():
    return (
        spark.readStream.option("readChangeFeed", "true")
        .option("startingVersion", 2)
        .table("src")
        .select("Id", "_change_type", "_commit_version")
    )


# A materialized view that records its changes: each refresh replaces its rows, and its change
# data feed shows the old ones deleted and the new ones inserted.
@dp.materialized_view(table_properties=CHANGE_FEED)
def id_total():
    return spark.read.table("src").agg(F.sum("Id").alias("total"))


# A streaming table that records its changes: its appends are its inserts, and a full
# refresh deletes its rows and inserts them again.
@dp.table(table_properties=CHANGE_FEED)
def inserted_ids():
    return spark.readStream.table("changes").where(F.col("_change_type") == "insert").select("Id")
