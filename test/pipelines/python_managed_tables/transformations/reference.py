# The Python twin of test/pipelines/managed_tables (reference.sql).
from pyspark import pipelines as dp
from pyspark.sql import functions as F


# The first example of Databricks' CREATE TABLE ... FLOW page: a batch flow appends its
# query's rows at every update. The FLOW clause's flow has the table's name; a flow of
# append_flow may not (FLOW_NAME_CONFLICTS_WITH_TABLE), so this one is output_flow.
@dp.materialized_view
def source():
    return spark.range(3)


dp.create_table("output")


@dp.append_flow(target="output")
def output_flow():
    return spark.read.table("source").select("id")


# A partitioned managed table written from streaming JSON files.
dp.create_table(
    "events_by_day",
    partition_cols=["day"],
    comment="events, a folder a day",
    table_properties={"quality": "bronze"},
)


@dp.append_flow(target="events_by_day")
def events_by_day_flow():
    return (
        spark.readStream.format("json")
        .load("events")
        .select("id", F.col("ts").cast("date").alias("day"))
    )
