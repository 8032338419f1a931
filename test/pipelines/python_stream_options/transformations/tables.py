# The Python twin of test/pipelines/stream_options (tables.sql): streams of tables, with read
# options.
from pyspark import pipelines as dp


@dp.table
def events():
    return spark.readStream.format("json").schema("id BIGINT").load("landing").select("id")


# Passes over the commits of events that change rows (its full refresh) and takes the rows
# appended after them.
@dp.table
def tolerant():
    return (
        spark.readStream.option("skipChangeCommits", "true")
        .option("maxFilesPerTrigger", 10)
        .table("events")
        .select("id")
    )


# Fails on the same commits.
@dp.table
def strict():
    return spark.readStream.table("events").select("id")


# A table of the catalog that no dataset of this pipeline writes (a query session or another
# pipeline does), read as a stream: each update takes its new commits.
@dp.table
def from_catalog():
    return spark.readStream.table("landing_table").select("id")
