# The Python twin of test/pipelines/schema_evolution (events.sql), with Auto Loader.
from pyspark import pipelines as dp
from pyspark.sql import functions as F


# The schema is inferred from every file: a field that appears in a new file becomes a new
# column of the table.
@dp.table
def events():
    return (
        spark.readStream.format("cloudFiles")
        .option("cloudFiles.format", "json")
        .load("data")
        .drop("_rescued_data")
    )


@dp.materialized_view
def event_columns():
    return spark.read.table("events").agg(F.count("*").alias("n"))


# v is inferred INT from the first file and DOUBLE once a file holds 2.5: the column widens
# (Delta type widening) and the rows written before read as DOUBLE.
@dp.table
def readings():
    return (
        spark.readStream.format("cloudFiles")
        .option("cloudFiles.format", "csv")
        .option("header", True)
        .load("readings")
        .drop("_rescued_data")
    )
