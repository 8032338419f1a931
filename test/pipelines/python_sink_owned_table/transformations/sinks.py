# A sink's tableName names a table outside every pipeline: this pipeline's own streaming table
# is refused when the flow first writes it.
from pyspark import pipelines as dp

dp.create_sink("own_table_sink", "delta", {"tableName": "default.numbers"})
