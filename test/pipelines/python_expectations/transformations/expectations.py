# The Python twin of test/pipelines/expectations: the same datasets, with the expectation
# decorators of pyspark.pipelines.
from pyspark import pipelines as dp
from pyspark.sql.functions import col


@dp.table
@dp.expect_or_drop("valid_timestamp", "ts > '2012-01-01'")
@dp.expect("has_user", col("user_id").isNotNull())
def valid_events():
    return (
        spark.readStream.format("json")
        .schema("ts STRING, user_id BIGINT")
        .load("events")
    )


@dp.table
@dp.expect_all_or_fail({"positive_user": "user_id > 0"})
def strict_events():
    return spark.readStream.table("valid_events").where("user_id IS NOT NULL")


@dp.materialized_view
def event_count():
    return spark.read.table("valid_events").selectExpr("count(*) AS n")


@dp.temporary_view
def my_view():
    return (
        spark.read.format("csv")
        .option("header", True)
        .schema("name STRING, quantity INT")
        .load("sales")
        .select(col("name").alias("item"), col("quantity").alias("qty"))
    )


@dp.view
@dp.expect_or_drop("positive_qty", "qty > 0")
def valid_sales():
    return spark.read.table("my_view")


@dp.materialized_view
def sales_by_item():
    return spark.read.table("valid_sales").groupBy("item").agg({"qty": "sum"}).withColumnRenamed(
        "sum(qty)", "total"
    )
