from pyspark import pipelines as dp


@dp.materialized_view
def not_a_frame():
    return [1, 2, 3]


@dp.materialized_view
def broken():
    return spark.range(3).select(undefined_name)


@dp.materialized_view
def reads_rows():
    rows = spark.read.table("fine").collect()
    return spark.range(len(rows))


@dp.materialized_view
def bad_filter():
    return spark.range(3).filter("id >= ")


@dp.materialized_view
def bad_column():
    return spark.read.table("fine").select("no_such_column")


@dp.materialized_view
def fine():
    return spark.range(3)
