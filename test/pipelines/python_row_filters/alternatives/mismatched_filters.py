# The Python twin of test/pipelines/row_filters (alternatives/mismatched_filters.sql). Its
# function region_code stays in SQL (alternatives/region_code.sql).
from pyspark import pipelines as dp
from pyspark.sql import functions as F

SALES = "id INT, region STRING, amount INT"


# Two columns for a function of one parameter.
@dp.materialized_view(schema=SALES, row_filter="ROW FILTER emea_only ON (region, amount)")
def sales():
    return spark.createDataFrame([(1, "emea", 10)], SALES)


# A column the table does not have.
@dp.materialized_view(row_filter="ROW FILTER emea_only ON (country)")
def sales_total():
    return spark.read.table("sales").agg(F.sum("amount").alias("total"))


# A function that does not return a BOOLEAN.
@dp.materialized_view(row_filter="ROW FILTER region_code ON (region)")
def doubled_amounts():
    return spark.read.table("sales").select(
        "id", "region", F.call_function("doubled", "amount").alias("doubled")
    )
