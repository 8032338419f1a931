# The Python twin of test/pipelines/row_filters (alternatives/missing_function.sql).
from pyspark import pipelines as dp
from pyspark.sql import functions as F

SALES = "id INT, region STRING, amount INT"


@dp.materialized_view(schema=SALES, row_filter="ROW FILTER no_such_filter ON (region)")
def sales():
    return spark.createDataFrame([(1, "emea", 10)], SALES)


@dp.materialized_view
def sales_total():
    return spark.read.table("sales").agg(F.sum("amount").alias("total"))


@dp.materialized_view
def doubled_amounts():
    return spark.read.table("sales").select(
        "id", F.call_function("doubled", "amount").alias("doubled")
    )
