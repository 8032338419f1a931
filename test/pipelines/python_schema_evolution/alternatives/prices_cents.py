# The Python twin of schema_evolution's alternatives/prices_cents.sql: prices as DECIMAL(10, 2).
from pyspark import pipelines as dp
from pyspark.sql import functions as F


@dp.table
def prices():
    return (
        spark.readStream.format("cloudFiles")
        .option("cloudFiles.format", "csv")
        .option("header", True)
        .load("prices")
        .select("id", F.col("price").cast("decimal(10, 2)").alias("price"))
    )
