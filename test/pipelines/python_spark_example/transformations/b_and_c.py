# Spark's example: a Python materialized view over the SQL one, and a Python append flow
# into a streaming table.
from pyspark import pipelines as dp


@dp.materialized_view
def b():
    return spark.read.table("a")


dp.create_streaming_table("c")


@dp.append_flow(target="c")
def c_from_a():
    return spark.readStream.table("a").filter("id >= 3")
