from pyspark import pipelines as dp


@dp.table
def plain_changes():
    return (
        spark.readStream.option("readChangeFeed", "true")
        .table("plain")
        .select("Id", "_change_type")
    )
