from pyspark import pipelines as dp

dp.create_streaming_table("cdc_target")
dp.create_auto_cdc_flow(target="cdc_target", source="changes", keys=["id"], sequence_by="ts")

dp.create_table("managed_cdc")
dp.apply_changes("managed_cdc", "changes", ["id"], "ts")


@dp.table
def changes():
    return spark.readStream.format("json").schema("id INT, ts INT").load("data")
