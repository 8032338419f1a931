# A streaming table declared with its schema, fed by an append flow defined before it.
import pyspark.pipelines as dp
from pyspark.sql.functions import col


@dp.append_flow(target="a", name="ids_into_a")
def ids():
    return spark.readStream.table("raw").select(col("id").cast("int").alias("id"))


dp.create_streaming_table(name="a", schema="id LONG", comment="ids, from every file once")


@dp.table(name="raw")
def raw_ids():
    return (
        spark.readStream.format("cloudFiles")
        .option("cloudFiles.format", "json")
        .option("cloudFiles.schemaHints", "id STRING")
        .load("data/ids")
    )
