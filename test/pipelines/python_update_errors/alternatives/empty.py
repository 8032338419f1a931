# The Python twin of test/pipelines/update_errors (alternatives/empty.sql): only a temporary
# view, so nothing is published.
from pyspark import pipelines as dp
from pyspark.sql import functions as F


@dp.temporary_view
def alone():
    return spark.range(1).select(F.lit(1).alias("one"))
