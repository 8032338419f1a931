# Columns asked for outside a query function: nothing can wait for them there.
from pyspark import pipelines as dp

columns = spark.read.table("fine").columns


@dp.materialized_view
def never_defined():
    return spark.range(1)
