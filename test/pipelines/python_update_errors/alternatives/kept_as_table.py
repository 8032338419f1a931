# The Python twin of test/pipelines/update_errors (alternatives/kept_as_table.sql).
from pyspark import pipelines as dp


@dp.materialized_view
def numbers():
    return spark.range(3).select("id")


# A stream of a table that is rewritten at every update: its second update meets a commit
# that removed rows.
@dp.table
def numbers_stream():
    return spark.readStream.table("numbers").select("id")


# The same name as a managed table: a streaming table of the catalog cannot become one.
dp.create_table("kept")


@dp.append_flow(target="kept")
def kept_flow():
    return spark.readStream.format("json").schema("id BIGINT").load("data")
