from pyspark import pipelines as dp


@dp.materialized_view(name="a")
def another_a():
    return spark.range(5)
