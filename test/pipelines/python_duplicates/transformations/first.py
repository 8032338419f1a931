from pyspark import pipelines as dp


@dp.materialized_view
def a():
    return spark.range(3)
