# The Python twin of test/pipelines/validation_errors (names.sql).
from pyspark import pipelines as dp


# A source every valid flow below reads.
@dp.materialized_view
def source():
    return spark.range(3).select("id")


# Unresolved names, and a flow that reads a dataset whose flow failed.
@dp.materialized_view
def missing_table():
    return spark.read.table("no_such_table")


@dp.materialized_view
def missing_column():
    return spark.read.table("source").select("no_such_column")


@dp.materialized_view
def downstream():
    return spark.read.table("missing_column")


# Two datasets that read each other.
@dp.materialized_view
def ping():
    return spark.read.table("pong")


@dp.materialized_view
def pong():
    return spark.read.table("ping")
