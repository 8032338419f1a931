# The Python twin of test/pipelines/refresh_matrix (tables.sql). Spark's refresh test: two
# streaming tables read one source, a materialized view reads a.
from pyspark import pipelines as dp


def read_source():
    return spark.readStream.format("json").schema("value INT").load("source").select("value")


@dp.table
def a():
    return read_source()


@dp.table
def b():
    return read_source()


@dp.materialized_view
def mv():
    return spark.read.table("a").select("value")
