# The Python twin of test/pipelines/validation_errors (definitions.sql).
from pyspark import pipelines as dp
from pyspark.sql import functions as F


# Defined twice.
@dp.materialized_view(name="twice")
def twice_once():
    return spark.range(1).select(F.lit(1).alias("a"))


@dp.materialized_view(name="twice")
def twice_again():
    return spark.range(1).select(F.lit(2).alias("a"))


# Flows: two of one name, one named like a table, one with a two-part name.
dp.create_streaming_table("fan_in")


@dp.append_flow(target="fan_in", name="into_fan_in")
def into_fan_in_once():
    return spark.readStream.table("events")


@dp.append_flow(target="fan_in", name="into_fan_in")
def into_fan_in_again():
    return spark.readStream.table("events")


@dp.append_flow(target="fan_in", name="source")
def named_like_a_table():
    return spark.readStream.table("events")


@dp.append_flow(target="fan_in", name="other_schema.flow")
def two_part_name():
    return spark.readStream.table("events")


# A table that no flow writes, and a materialized view with a second query.
dp.create_table("no_flow", schema="id BIGINT")


@dp.append_flow(target="source")
def extra():
    return spark.range(1).select(F.lit(5).alias("id"))


@dp.table
def events():
    return spark.readStream.format("json").schema("id BIGINT").load("data")
