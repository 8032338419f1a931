# A Python dataset over the variant columns: pyspark's variant functions, and the schema it
# reads shows the VARIANT type.
import sluice.pipelines as dp
from pyspark.sql import functions as F
from pyspark.sql.types import VariantType


@dp.materialized_view
def item_counts():
    silver = spark.read.table("silver_events")
    assert silver.schema["payload"].dataType == VariantType()
    return silver.select(
        "id",
        F.variant_get("payload", "$.items[0].price", "double").alias("first"),
        F.try_variant_get("payload", "$.user", "int").alias("not_a_number"),
        F.schema_of_variant(F.expr("payload:items")).alias("items_type"),
    )
