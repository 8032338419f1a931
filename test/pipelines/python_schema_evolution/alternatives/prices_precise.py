# The Python twin of schema_evolution's alternatives/prices_precise.sql: two more digits, both
# after the point: DECIMAL(10, 2) widens to DECIMAL(14, 4).
from pyspark import pipelines as dp
from pyspark.sql import functions as F


@dp.table
def prices():
    return (
        spark.readStream.format("cloudFiles")
        .option("cloudFiles.format", "csv")
        .option("header", True)
        .load("prices")
        .select("id", F.col("price").cast("decimal(14, 4)").alias("price"))
    )
