# The Python API passes a stream's options on: only the deleted rows of src.
from pyspark import pipelines as dp
from pyspark.sql import functions as F


@dp.table
def deleted_ids():
    return (
        spark.readStream.option("readChangeFeed", "true")
        .table("src")
        .where(F.col("_change_type") == "delete")
        .select("Id")
    )


@dp.materialized_view
def change_kinds():
    # A batch read of the change data feed (table_changes), from version 1 on.
    return (
        spark.read.option("readChangeFeed", "true")
        .option("startingVersion", 1)
        .table("src")
        .groupBy("_change_type")
        .agg(F.count("*").alias("n"))
    )
