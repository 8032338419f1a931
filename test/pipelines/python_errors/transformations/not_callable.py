from pyspark import pipelines as dp


@dp.table("named_positionally")
def t():
    return spark.range(1)
