# Query functions that ask for the columns of the datasets they read, defined before the SQL
# file that defines those datasets: they run once the graph has resolved them.
from pyspark import pipelines as dp
from pyspark.sql import functions as F
from pyspark.sql.functions import col, lit
from pyspark.sql.types import DoubleType


@dp.materialized_view
def replaced():
    # withColumn of an existing column replaces it where it stands.
    return spark.read.table("people").withColumn("name", F.upper(col("name")))


@dp.materialized_view
def casted():
    # Every column, the numeric ones cast to strings.
    people = spark.read.table("people")
    numeric = {name for name, kind in people.dtypes if kind in ("int", "bigint", "double")}
    return people.select([col(c).cast("string").alias(c) if c in numeric else col(c)
                          for c in people.columns])


@dp.materialized_view
def shape():
    people = spark.read.table("people")
    doubles = [field.name for field in people.schema.fields
               if isinstance(field.dataType, DoubleType)]
    return spark.range(1).select(
        lit(",".join(people.columns)).alias("columns"),
        lit(",".join(kind for _, kind in people.dtypes)).alias("types"),
        lit(",".join(doubles)).alias("doubles"),
        lit(people.schema["score"].dataType.simpleString()).alias("score_type"),
        lit(str(spark.sql("SELECT k, name AS who FROM people").columns)).alias("sql_columns"),
    )


@dp.materialized_view
def unioned():
    return spark.read.table("left_side").unionByName(spark.read.table("right_side"),
                                                     allowMissingColumns=True)


@dp.materialized_view
def reordered():
    # By name: right_side's columns come in left_side's order.
    return spark.read.table("people").select("k", "name").unionByName(
        spark.read.table("people").select("name", "k"))


@dp.materialized_view
def deduplicated():
    return spark.read.table("people").dropDuplicates(["k"])


@dp.materialized_view
def dropped():
    # A column the DataFrame lacks is ignored, as in Spark.
    return spark.read.table("people").drop("no_such_column", col("weight"))


@dp.materialized_view
def renamed():
    # A renamed column keeps its place; renaming a column the DataFrame lacks does nothing.
    return spark.read.table("people").withColumnRenamed("name", "who").withColumnRenamed(
        "no_such_column", "other")


@dp.materialized_view
def by_attribute():
    people = spark.read.table("people")
    return people.select(people.k, people.name).filter("k > 1")


@dp.table
def stream_word():
    # A batch query with the word "stream" in it: a materialized view, as binding says.
    return spark.sql("SELECT 'stream' AS word, k FROM people")


@dp.table
def streamed():
    # A streaming read in SQL text: a streaming table.
    return spark.sql("SELECT k, name FROM STREAM(events)")


@dp.temporary_view
def lower_people():
    return spark.read.table("people").withColumn("name", F.lower(col("name")))


@dp.materialized_view
def from_view():
    # A deferred query function reading a deferred temporary view.
    view = spark.read.table("lower_people")
    return view.select(*view.columns[:2])


dp.create_streaming_table("doubled")


@dp.append_flow(target="doubled")
def doubled_events():
    return spark.readStream.table("events").withColumn("k", col("k") * 2)
