# The Python twin of test/pipelines/names_and_clauses (settings.sql). A Python file has no SET
# or USE for the definitions after it: each definition takes its own spark_conf, and names its
# schema.
import datetime

from pyspark import pipelines as dp
from pyspark.sql import functions as F

PACIFIC = {"spark.sql.session.timeZone": "America/Los_Angeles"}
NOON = datetime.datetime(2024, 3, 10, 12, 0, 0)


# Noon on the Pacific coast is 19:00 UTC that day.
@dp.materialized_view(name="audit.moments", spark_conf=PACIFIC)
def moments():
    return spark.range(1).select(F.lit(NOON).cast("bigint").alias("epoch_seconds"))


# A view's expressions compute in its own time zone, wherever it is read from.
@dp.temporary_view(spark_conf=PACIFIC)
def audit_moments():
    moment = F.col("epoch_seconds").cast("timestamp")
    return spark.read.table("audit.moments").select(
        "epoch_seconds",
        F.hour(moment).alias("pacific_hour"),
        moment.cast("string").alias("pacific_text"),
        (F.lit(NOON).cast("bigint") == F.col("epoch_seconds")).alias("same_instant"),
    )
