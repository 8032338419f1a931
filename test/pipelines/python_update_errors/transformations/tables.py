# The Python twin of test/pipelines/update_errors (tables.sql).
from pyspark import pipelines as dp
from pyspark.sql import functions as F


# Recomputed at every update: rand() makes it non-deterministic, so it is never left as it is.
@dp.materialized_view
def numbers():
    return spark.range(3).where(F.rand() >= 0).select("id")


# A stream of a table that is rewritten at every update: its second update meets a commit
# that removed rows.
@dp.table
def numbers_stream():
    return spark.readStream.table("numbers").select("id")


@dp.table
def kept():
    return spark.readStream.format("json").schema("id BIGINT").load("data")
