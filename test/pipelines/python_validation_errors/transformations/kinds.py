# The Python twin of test/pipelines/validation_errors (kinds.sql). Its published views, a
# temporary view's column list and REFRESH POLICY have no Python form: they stay in
# sql_only.sql.
from pyspark import pipelines as dp
from pyspark.sql import functions as F

# Streaming tables read streams; materialized views read tables. @dp.table over a batch query
# is a materialized view, so the batch flow into a streaming table is an append flow.
dp.create_streaming_table("batch_into_streaming")


@dp.append_flow(target="batch_into_streaming")
def batch_into_streaming_flow():
    return spark.read.table("source")


@dp.materialized_view
def stream_into_view():
    return spark.readStream.table("events")


# Views are read the way they read.
@dp.temporary_view
def batch_view():
    return spark.read.table("source")


@dp.temporary_view
def stream_view():
    return spark.readStream.table("events")


@dp.table
def reads_batch_view():
    return spark.readStream.table("batch_view")


@dp.materialized_view
def reads_stream_view():
    return spark.read.table("stream_view")


# Declared columns the query does not fit (the flow of CREATE TABLE ... FLOW takes the table's
# name, an append flow may not: declared_flow); clauses that exclude each other.
dp.create_table("declared", schema="id BIGINT")


@dp.append_flow(target="declared")
def declared_flow():
    return spark.read.table("source").select("id", F.lit("x").alias("extra"))


@dp.materialized_view(partition_cols=["id"], cluster_by=["id"])
def both_layouts():
    return spark.read.table("source").select("id")


# AUTO CDC: never into a managed table; into a streaming table it is valid.
dp.create_table("managed_cdc", schema="id BIGINT")
dp.create_auto_cdc_flow(
    target="managed_cdc", source="events", keys=["id"], sequence_by="id", name="cdc_into_managed"
)
dp.create_streaming_table("cdc_target")
dp.create_auto_cdc_flow(
    target="cdc_target", source="events", keys=["id"], sequence_by="id", name="cdc_into_streaming"
)

# The hive_metastore catalog holds no managed tables of a pipeline.
dp.create_table("hive_metastore.default.legacy")


@dp.append_flow(target="hive_metastore.default.legacy")
def legacy_flow():
    return spark.read.table("spark_catalog.default.source").select("id")
