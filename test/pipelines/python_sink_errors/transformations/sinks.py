# What a sink refuses: formats sluice does not write, missing options, flows that are not
# streaming appends, reads of a sink, and a sink named like a dataset.
from pyspark import pipelines as dp


@dp.table
def numbers():
    return spark.readStream.table("numbers_source")


@dp.materialized_view
def numbers_source():
    return spark.range(5)


dp.create_sink("good_sink", "delta", {"path": "out/good"})
dp.create_sink("kafka_sink", "kafka", {"kafka.bootstrap.servers": "host:9092", "topic": "t"})
dp.create_sink("hub_sink", "eventhubs", {"eventhubs.connectionString": "x"})
dp.create_sink("avro_sink", "avro", {"path": "out/avro"})
dp.create_sink("pathless_sink", "delta", {})
dp.create_sink("numbers", "delta", {"path": "out/numbers"})


@dp.append_flow(target="good_sink")
def batch_into_sink():
    return spark.read.table("numbers_source")


@dp.append_flow(target="good_sink", once=True)
def backfill_once():
    return spark.read.table("numbers_source")


dp.create_auto_cdc_flow(target="good_sink", source="numbers", keys=["id"], sequence_by="id",
                        name="cdc_into_sink")


@dp.materialized_view
def reads_sink():
    return spark.read.table("good_sink")
