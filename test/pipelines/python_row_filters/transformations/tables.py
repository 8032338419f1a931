# The Python twin of test/pipelines/row_filters (tables.sql): Databricks' row_filter takes the
# clause's text. The functions stay in SQL (functions.sql).
from pyspark import pipelines as dp
from pyspark.sql import functions as F

SALES = "id INT, region STRING, amount INT"


@dp.materialized_view(schema=SALES, row_filter="ROW FILTER emea_only ON (region)")
def sales():
    return spark.createDataFrame([(1, "emea", 10), (2, "amer", 20), (3, None, 30)], SALES)


# The pipeline reads every row of its own table.
@dp.materialized_view
def sales_total():
    return spark.read.table("sales").agg(F.sum("amount").alias("total"))


# call_function calls a SQL function by name: here the pipeline's temporary one.
@dp.materialized_view
def doubled_amounts():
    return spark.read.table("sales").select(
        "id", F.call_function("doubled", "amount").alias("doubled")
    )
