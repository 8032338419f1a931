# One managed table fed by two append flows: each reads its source as a stream, so every
# update appends only the rows that arrived since the last one.
from pyspark import pipelines as dp
from pyspark.sql import functions as F

dp.create_table("combined")


@dp.append_flow(target="combined")
def from_a():
    return spark.readStream.table("source_a").select("id", F.lit("a").alias("origin"))


@dp.append_flow(target="combined")
def from_b():
    return spark.readStream.table("source_b").select("id", F.lit("b").alias("origin"))
