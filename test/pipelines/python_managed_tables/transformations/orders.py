# The Python twin of test/pipelines/managed_tables (orders.sql): a managed table with declared
# columns, fed by two append flows (fan-in) and a one-time backfill.
from pyspark import pipelines as dp
from pyspark.sql import functions as F

dp.create_table(
    "orders",
    schema="""order_id BIGINT NOT NULL,
        amount DECIMAL(10, 2),
        channel STRING COMMENT 'where the order was placed',
        note STRING COMMENT 'no flow writes it: NULL'""",
)


@dp.append_flow(target="orders")
def web_orders():
    return (
        spark.readStream.format("json")
        .schema("order_id BIGINT, amount DOUBLE")
        .load("web")
        .select("order_id", "amount", F.lit("web").alias("channel"))
    )


# Columns are matched by name, whatever their case.
@dp.append_flow(target="orders")
def store_orders():
    return (
        spark.readStream.format("csv")
        .option("header", True)
        .schema("order_id BIGINT, amount DOUBLE")
        .load("store")
        .select("Order_Id", "amount", F.lit("store").alias("CHANNEL"))
    )


@dp.append_flow(target="orders", once=True)
def backfill():
    return (
        spark.read.format("json")
        .schema("order_id BIGINT, amount DOUBLE")
        .load("archive")
        .select("order_id", "amount", F.lit("archive").alias("channel"))
    )
