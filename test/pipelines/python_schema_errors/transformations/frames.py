# Query functions that fail once the schemas they read are known.
from pyspark import pipelines as dp


@dp.materialized_view
def misspelt():
    return spark.read.table("fine").filtr("id > 1")


@dp.materialized_view
def waits_for_nothing():
    frame = spark.read.table("nowhere")
    return frame.select(*frame.columns)


@dp.materialized_view
def unknown_key():
    return spark.read.table("fine").dropDuplicates(["no_such_key"])


@dp.materialized_view
def missing_side():
    return spark.read.table("fine").unionByName(spark.range(1).withColumnRenamed("id", "other"))


@dp.materialized_view
def first_half():
    return spark.read.table("second_half").withColumn("id", spark.read.table("second_half").id)


@dp.materialized_view
def second_half():
    frame = spark.read.table("first_half")
    return frame.select(*frame.columns)


@dp.materialized_view
def reads_failed():
    frame = spark.read.table("misspelt")
    return frame.select(*frame.columns)


@dp.materialized_view
def fine():
    return spark.range(3)


dp.create_streaming_table("deduplicated_stream")


@dp.append_flow(target="deduplicated_stream")
def deduplicate_stream():
    return spark.readStream.table("fine").dropDuplicates(["id"])
