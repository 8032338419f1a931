from pyspark import pipelines as dp
from pyspark.errors import AnalysisException

# Actions at the top level of a pipeline file run while the file registers, in the pipeline's
# catalog: `numbers` is there from the second update on.
greeting = spark.sql("SELECT 1 AS one, 'a' AS letter").collect()[0]
total = spark.range(4).count()
first_id = spark.range(7, 9).first().id
taken = [row.id for row in spark.range(10).take(2)]
try:
    previous = spark.read.table("numbers").count()
    missing = "none"
except AnalysisException as error:
    previous = -1
    missing = error.getErrorClass()


@dp.materialized_view
def top_level():
    return spark.createDataFrame(
        [(greeting.one, greeting["letter"], total, first_id, sum(taken), previous, missing)],
        "one INT, letter STRING, total BIGINT, first_id BIGINT, taken BIGINT, previous BIGINT, "
        "missing STRING")
