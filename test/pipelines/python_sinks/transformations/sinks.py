# Sinks: append flows write the events outside the pipeline's catalog, to a Delta table by
# path and by name, and to folders of Parquet, JSON and CSV files.
from pyspark import pipelines as dp


@dp.table
def events():
    return (
        spark.readStream.format("cloudFiles")
        .option("cloudFiles.format", "json")
        .load("data/events")
        .selectExpr(
            "CAST(id AS INT) AS id",
            "kind",
            "note",
            "DATE'2024-01-01' + CAST(id AS INT) AS day",
            "timestamp_seconds(1704103200 + 3600 * CAST(id AS INT)) AS at",
            "CAST(id AS DECIMAL(5, 2)) / 4 AS share",
        )
    )


dp.create_sink(name="delta_out", format="delta", options={"path": "out/delta_sink"})
dp.create_sink("table_out", "delta", {"tableName": "outside.events_copy"})
dp.create_sink("parquet_out", "parquet", {"path": "out/parquet_sink"})
dp.create_sink("json_out", "json", {"path": "out/json_sink"})
dp.create_sink("csv_out", "csv", {"path": "out/csv_sink", "header": "true"})


@dp.append_flow(target="delta_out")
def to_delta():
    return spark.readStream.table("events")


@dp.append_flow(target="table_out")
def to_table():
    return spark.readStream.table("events").select("id", "kind")


@dp.append_flow(target="parquet_out")
def to_parquet():
    return spark.readStream.table("events")


@dp.append_flow(target="json_out")
def to_json():
    return spark.readStream.table("events")


@dp.append_flow(target="csv_out")
def to_csv():
    return spark.readStream.table("events")
