# The DataFrame API over datasets of the pipeline: each query runs in sluice.
import dlt
import sluice.pipelines as dp
from pyspark.sql import functions as F
from pyspark.sql.functions import col, expr, lit, when
from pyspark.sql.types import LongType, StringType, StructField, StructType


@dp.materialized_view
def labelled():
    people = spark.read.table("people")
    return (
        people.where(col("name").isNotNull())
        .withColumn("size", when(col("id") > int(spark.conf.get("threshold")), "big")
                    .otherwise("small"))
        .withColumnRenamed("name", "who")
        .select("id", "who", col("size"), (col("id") * 10 + 1).alias("score"),
                col("team").isin("eng").alias("is_eng"), col("id").cast("string").alias("sid"))
        .orderBy(F.desc("id"))
        .limit(2)
    )


@dlt.table(comment="per team")
def per_team():
    return (
        dlt.read("people")
        .groupBy("team")
        .agg(F.count("*").alias("n"), F.max("id").alias("top"), F.sum(col("id")).alias("total"))
    )


@dp.materialized_view
def joined():
    people = spark.read.table("people").alias("p")
    teams = spark.read.table("teams").alias("t")
    return people.join(teams, people.team == teams.team, "inner").select(
        people.id, teams.title, F.upper(F.coalesce(people.name, lit("?"))).alias("shout")
    )


@dp.materialized_view
def using_join():
    return spark.table("people").join(spark.table("teams"), "team").selectExpr(
        "id", "title", "length(team) AS len"
    )


@dp.materialized_view
def combined():
    low = spark.range(3).withColumn("kind", lit("low"))
    high = spark.range(2, 5).select(col("id"), lit("high").alias("kind"))
    return low.union(high).distinct().unionByName(spark.range(1).select(lit("x").alias("kind"), "id"))


@dp.materialized_view
def from_sql():
    return spark.sql("SELECT team, count(*) AS n FROM people GROUP BY team").filter(
        expr("n > 1")
    ).drop("n")


@dp.materialized_view(schema=StructType([StructField("id", LongType()), StructField("note", StringType())]))
def typed():
    return spark.range(2).select("id", F.concat_ws("-", lit("n"), col("id").cast("string")).alias("note"))


@dp.materialized_view
def frames_columns():
    frame = spark.range(3).withColumn("twice", col("id") * 2).drop("id")
    return frame.select(*[col(name) for name in frame.columns], lit(len(frame.columns)).alias("n"))


@dp.materialized_view
def created():
    rows = spark.createDataFrame([(1, "a", 1.5), (2, None, None)], "id INT, label STRING, x DOUBLE")
    named = spark.createDataFrame([{"id": 3, "label": "c", "x": 2.0}])
    return rows.unionByName(named.select("id", "label", "x"))


@dp.materialized_view(spark_conf={"spark.sql.session.timeZone": "America/Los_Angeles"})
def local_time():
    return spark.range(1).select(
        expr("CAST(TIMESTAMP '2024-01-01 00:00:00 UTC' AS STRING)").alias("t")
    )


from naming import prefixed  # noqa: E402  (a module beside this file)


@dp.materialized_view(name=prefixed("ids"))
def ids():
    return spark.range(2)
