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
