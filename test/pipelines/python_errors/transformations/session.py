from pyspark import pipelines as dp

spark.conf.set("spark.sql.shuffle.partitions", "1")
