# The AUTO CDC examples with the pyspark pipelines API: create_auto_cdc_flow and its older
# name apply_changes.
from pyspark import pipelines as dp
from pyspark.sql import functions as F


@dp.table
def users_cdc():
    return (
        spark.readStream.format("cloudFiles")
        .option("cloudFiles.format", "json")
        .load("data/users")
    )


dp.create_streaming_table("users_scd1")

dp.create_auto_cdc_flow(
    target="users_scd1",
    source="users_cdc",
    keys=["userId"],
    sequence_by=F.col("sequenceNum"),
    apply_as_deletes=F.expr("operation = 'DELETE'"),
    except_column_list=["operation", "sequenceNum"],
    stored_as_scd_type=1,
)

dp.create_streaming_table("users_scd2")

dp.apply_changes(
    target="users_scd2",
    source="users_cdc",
    keys=["userId"],
    sequence_by="sequenceNum",
    apply_as_deletes=F.expr("operation = 'DELETE'"),
    except_column_list=["operation", "sequenceNum"],
    stored_as_scd_type=2,
    track_history_except_column_list=["city"],
)
