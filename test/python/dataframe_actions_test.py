"""The `sluice` Python package outside `sluice run`: DataFrame actions in a python3 of its own.

Usage: dataframe_actions_test.py SLUICE_BINARY WORK_FOLDER, with PYTHONPATH naming the
package's build folder (build/<preset>/python). The binary writes a pipeline's table that a
session opened on the pipeline's spec then reads.
"""

import contextlib
import ctypes
import datetime
import decimal
import importlib.util
import io
import os
import shutil
import subprocess
import sys
import unittest

SLUICE, WORK = sys.argv[1], sys.argv[2]
del sys.argv[1:]

import sluice.pipelines as dp  # noqa: E402
from sluice import _actions  # noqa: E402
from sluice.errors import AnalysisException, PySparkException, PySparkImportError  # noqa: E402
from sluice.sql import Row, SparkSession  # noqa: E402
from sluice.types import Geometry, GeographyType, GeometryType, StringType  # noqa: E402


def shown(frame, *args, **kwargs):
    """What frame.show(...) prints."""
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        frame.show(*args, **kwargs)
    return output.getvalue()


class SessionTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.spark = SparkSession.builder.getOrCreate()


class CollectTest(SessionTest):
    def test_values_have_the_python_types_pyspark_gives(self):
        [row] = self.spark.sql(
            "SELECT 1 AS i, CAST(2 AS BIGINT) AS l, 1.5D AS d, 12.30BD AS m, 'x' AS s, "
            "X'0AFF' AS b, true AS t, DATE'2024-02-29' AS dt, "
            "TIMESTAMP_NTZ'2024-01-02 03:04:05.5' AS ntz, TIME'13:04:05.25' AS tm, "
            "array(1, NULL) AS a, map('k', 1) AS mp, named_struct('x', 1, 'y', 'z') AS st, "
            "NULL AS n").collect()
        expected = {
            "i": (1, int), "l": (2, int), "d": (1.5, float),
            "m": (decimal.Decimal("12.30"), decimal.Decimal), "s": ("x", str),
            "b": (b"\x0a\xff", bytes), "t": (True, bool),
            "dt": (datetime.date(2024, 2, 29), datetime.date),
            "ntz": (datetime.datetime(2024, 1, 2, 3, 4, 5, 500000), datetime.datetime),
            "tm": (datetime.time(13, 4, 5, 250000), datetime.time),
            "a": ([1, None], list), "mp": ({"k": 1}, dict), "n": (None, type(None)),
        }
        for name, (value, value_type) in expected.items():
            self.assertEqual(row[name], value, name)
            self.assertIs(type(row[name]), value_type, name)
        self.assertIsInstance(row.st, Row)
        self.assertEqual(row.st.x, 1)
        self.assertEqual(row.st.asDict(), {"x": 1, "y": "z"})
        self.assertEqual(str(row.m), "12.30")

    def test_variants_are_variant_vals(self):
        [row] = self.spark.sql(
            "SELECT parse_json('{\"a\": [1, 2.50, 3e0], \"b\": null}') AS v, "
            "parse_json('\"x\"') AS s").collect()
        self.assertEqual(type(row.v).__name__, "VariantVal")
        self.assertEqual(row.v.toJson(), '{"a":[1,2.5,3.0],"b":null}')
        self.assertEqual(str(row.s), '"x"')
        self.assertEqual(row.v.toPython(), {"a": [1, decimal.Decimal("2.5"), 3.0], "b": None})
        self.assertEqual(row.s.toPython(), "x")
        # Spark's binary encoding: the metadata starts with its header (version 1).
        self.assertEqual(row.v.metadata[0] & 0x0F, 1)
        self.assertEqual(row.s.value, b'\x05x')
        [again] = self.spark.sql("SELECT parse_json('\"x\"') AS s").collect()
        self.assertEqual(again.s, row.s)

    def test_spatial_values_are_geometries_and_geographies(self):
        point = bytes.fromhex("0101000000000000000000F03F0000000000000040")
        df = self.spark.sql(
            "SELECT st_geomfromwkb(X'0101000000000000000000F03F0000000000000040', 3857) AS g, "
            "st_geogfromwkb(X'0101000000000000000000F03F0000000000000040') AS h")
        [row] = df.collect()
        self.assertEqual(type(row.g).__name__, "Geometry")
        self.assertEqual(type(row.h).__name__, "Geography")
        self.assertEqual((row.g.getBytes(), row.g.getSrid()), (point, 3857))
        self.assertEqual((row.h.getBytes(), row.h.getSrid()), (point, 4326))
        self.assertEqual(row.g, Geometry.fromWKB(point, 3857))
        self.assertEqual([field.dataType for field in df.schema.fields],
                         [GeometryType(3857), GeographyType(4326)])

    def test_collated_strings_keep_their_collation_in_the_schema(self):
        df = self.spark.sql("SELECT 'a' COLLATE UTF8_LCASE AS c, 'b' AS d, 'x' COLLATE en_ci AS e")
        self.assertEqual([field.dataType for field in df.schema.fields],
                         [StringType("UTF8_LCASE"), StringType(), StringType("en_CI")])
        self.assertEqual(repr(df.schema.fields[0].dataType), "StringType('UTF8_LCASE')")
        self.assertNotEqual(StringType("UTF8_LCASE"), StringType())
        [row] = self.spark.sql("SELECT count(*) AS n FROM VALUES ('a'), ('A') AS t(c) "
                               "GROUP BY c COLLATE UTF8_LCASE").collect()
        self.assertEqual(row.n, 2)

    def test_timestamps_are_wall_clock_times_of_the_session_time_zone(self):
        session = SparkSession()  # a catalog and settings of its own
        session.sql("SET spark.sql.session.timeZone = America/New_York").collect()
        [row] = session.sql("SELECT TIMESTAMP'2024-01-02 03:04:05Z' AS ts").collect()
        self.assertEqual(row.ts, datetime.datetime(2024, 1, 1, 22, 4, 5))
        self.assertIsNone(row.ts.tzinfo)

    def test_rows_print_and_compare_as_pysparks(self):
        rows = self.spark.createDataFrame([(1, "a"), (2, None)], "id INT, name STRING").collect()
        self.assertEqual([repr(row) for row in rows], ["Row(id=1, name='a')", "Row(id=2, name=None)"])
        self.assertEqual(rows, [(1, "a"), (2, None)])
        self.assertEqual(rows[1].asDict(), {"id": 2, "name": None})

    def test_count_first_head_and_take(self):
        self.assertEqual(self.spark.range(10).count(), 10)
        self.assertEqual(self.spark.range(10).filter("id % 2 = 0").count(), 5)
        self.assertEqual(self.spark.range(3, 6).first(), Row(id=3))
        self.assertIsNone(self.spark.range(0).first())
        self.assertEqual(self.spark.range(3).head(), Row(id=0))
        self.assertEqual(self.spark.range(5).head(2), [Row(id=0), Row(id=1)])
        self.assertEqual([row.id for row in self.spark.range(5).take(3)], [0, 1, 2])
        self.assertEqual(self.spark.range(5).take(0), [])

    def test_engine_errors_keep_their_class(self):
        with self.assertRaises(AnalysisException) as raised:
            self.spark.sql("SELECT * FROM no_such_table").collect()
        self.assertEqual(raised.exception.getErrorClass(), "TABLE_OR_VIEW_NOT_FOUND")
        with self.assertRaises(PySparkException) as raised:
            self.spark.sql("SELECT 1 / 0 AS x").collect()
        self.assertEqual(raised.exception.getErrorClass(), "DIVIDE_BY_ZERO")


class CommandTest(SessionTest):
    def test_commands_run_when_given_and_queries_when_acted_on(self):
        self.spark.sql("CREATE TABLE people (id INT, name STRING)")
        self.spark.sql("INSERT INTO people VALUES (1, 'ada'), (2, 'bob')")
        self.assertEqual(self.spark.table("people").count(), 2)
        names = [row[1] for row in self.spark.sql("SHOW TABLES").collect()]
        self.assertIn("people", names)
        query = self.spark.sql("SELECT name FROM people ORDER BY id")
        self.spark.conf.set("spark.sql.ansi.enabled", True)
        self.assertEqual(self.spark.conf.get("spark.sql.ansi.enabled"), "true")
        self.spark.sql("INSERT INTO people VALUES (3, 'cy')")
        self.assertEqual([row.name for row in query.collect()], ["ada", "bob", "cy"])


class SchemaTest(SessionTest):
    def test_columns_types_and_schema_of_tables_and_sql_text(self):
        from sluice import functions as F
        from sluice.types import DecimalType, LongType, StringType, StructField, StructType

        self.spark.sql("CREATE TABLE prices (id BIGINT, item STRING, price DECIMAL(8, 2))")
        self.spark.sql("INSERT INTO prices VALUES (1, 'tea', 2.50), (2, 'tea', 3.00)")
        prices = self.spark.table("prices")
        self.assertEqual(prices.columns, ["id", "item", "price"])
        self.assertEqual(prices.dtypes,
                         [("id", "bigint"), ("item", "string"), ("price", "decimal(8,2)")])
        self.assertEqual(prices.schema, StructType([
            StructField("id", LongType()), StructField("item", StringType()),
            StructField("price", DecimalType(8, 2))]))
        self.assertEqual(repr(self.spark.sql("SELECT 1L AS n").schema),
                         "StructType([StructField('n', LongType(), True)])")
        # Column-dependent transformations now know the table's columns.
        doubled = prices.withColumn("price", F.col("price") * 2)
        self.assertEqual(doubled.columns, ["id", "item", "price"])
        self.assertEqual(prices.dropDuplicates(["item"]).count(), 1)
        self.assertEqual(prices.drop("item", "no_such_column").columns, ["id", "price"])

    def test_json_and_csv_functions_take_schemas_and_options_as_pyspark_does(self):
        from sluice import functions as F
        from sluice.types import IntegerType, StringType, StructField, StructType

        frame = self.spark.sql("SELECT '{\"id\": 7, \"tag\": \"x\"}' AS body, '8;y' AS line")
        schema = StructType([StructField("id", IntegerType()), StructField("tag", StringType())])
        parsed = frame.select(
            F.from_json("body", schema).alias("j"),
            F.from_csv(F.col("line"), "id INT, tag STRING", options={"sep": ";"}).alias("c"),
            F.schema_of_json('{"n": 1}').alias("s"))
        row = parsed.collect()[0]
        self.assertEqual((row.j.id, row.j.tag, row.c.id, row.c.tag), (7, "x", 8, "y"))
        self.assertEqual(row.s, "STRUCT<n: BIGINT>")
        written = parsed.select(F.to_csv("c", {"sep": "|"}).alias("t")).collect()[0]
        self.assertEqual(written.t, "8|y")
        with self.assertRaises(TypeError):
            F.from_json("body", schema, mode="FAILFAST")

    def test_print_schema_draws_spark_s_tree(self):
        frame = self.spark.sql(
            "SELECT 1L AS id, array(1) AS a, map('k', 2.5D) AS m, named_struct('x', 1.5BD) AS s")
        output = io.StringIO()
        with contextlib.redirect_stdout(output):
            frame.printSchema()
            frame.printSchema(1)
        self.assertEqual(output.getvalue(), (
            "root\n"
            " |-- id: long (nullable = true)\n"
            " |-- a: array (nullable = true)\n"
            " |    |-- element: integer (containsNull = true)\n"
            " |-- m: map (nullable = true)\n"
            " |    |-- key: string\n"
            " |    |-- value: double (valueContainsNull = true)\n"
            " |-- s: struct (nullable = true)\n"
            " |    |-- x: decimal(2,1) (nullable = true)\n"
            "\n"
            "root\n"
            " |-- id: long (nullable = true)\n"
            " |-- a: array (nullable = true)\n"
            " |-- m: map (nullable = true)\n"
            " |-- s: struct (nullable = true)\n"
            "\n"))


class ShowTest(SessionTest):
    def test_cells_are_right_aligned_and_truncated_to_twenty_characters(self):
        frame = self.spark.createDataFrame(
            [(1, "alice", None), (22, "a name longer than twenty", 2.5)],
            "id INT, name STRING, score DOUBLE")
        self.assertEqual(shown(frame), (
            "+---+--------------------+-----+\n"
            "| id|                name|score|\n"
            "+---+--------------------+-----+\n"
            "|  1|               alice| NULL|\n"
            "| 22|a name longer tha...|  2.5|\n"
            "+---+--------------------+-----+\n"
            "\n"))

    def test_without_truncation_cells_are_left_aligned(self):
        frame = self.spark.createDataFrame([(1, "a name longer than twenty")], "id INT, s STRING")
        self.assertEqual(shown(frame, truncate=False), (
            "+---+-------------------------+\n"
            "|id |s                        |\n"
            "+---+-------------------------+\n"
            "|1  |a name longer than twenty|\n"
            "+---+-------------------------+\n"
            "\n"))

    def test_more_rows_than_shown_are_announced(self):
        self.assertEqual(shown(self.spark.range(5), 2), (
            "+---+\n"
            "| id|\n"
            "+---+\n"
            "|  0|\n"
            "|  1|\n"
            "+---+\n"
            "only showing top 2 rows\n"
            "\n"))
        self.assertTrue(shown(self.spark.range(5), 1).endswith("only showing top 1 row\n\n"))

    def test_nested_values_print_as_spark_prints_them(self):
        frame = self.spark.sql(
            "SELECT array(1, NULL) AS a, map('k', 2) AS m, named_struct('x', 1, 'y', 'z') AS s, "
            "X'0AFF' AS b, DATE'2024-02-29' AS d, 'tab\there' AS t")
        self.assertEqual(shown(frame), (
            "+---------+--------+------+-------+----------+---------+\n"
            "|        a|       m|     s|      b|         d|        t|\n"
            "+---------+--------+------+-------+----------+---------+\n"
            "|[1, NULL]|{k -> 2}|{1, z}|[0A FF]|2024-02-29|tab\\there|\n"
            "+---------+--------+------+-------+----------+---------+\n"
            "\n"))

    def test_vertical_prints_one_line_per_column(self):
        frame = self.spark.createDataFrame([(1, "ab")], "id INT, name STRING")
        self.assertEqual(shown(frame, vertical=True), (
            "-RECORD 0---\n"
            " id   | 1   \n"
            " name | ab  \n"
            "\n"))
        self.assertEqual(shown(self.spark.range(0), vertical=True), "(0 rows)\n\n")

    def test_arguments_are_checked_as_pyspark_checks_them(self):
        with self.assertRaises(PySparkException) as raised:
            self.spark.range(1).show("2")
        self.assertEqual(raised.exception.getErrorClass(), "NOT_INT")


class ArrowAndPandasTest(SessionTest):
    def test_arrow_export_reads_back_through_the_c_data_interface(self):
        result = self.spark._connect().execute("SELECT CAST(id AS INT) AS n FROM range(3)")
        schema = _actions._ArrowSchema()
        result.export_schema(ctypes.addressof(schema))
        self.assertEqual(schema.format, b"+s")
        child = ctypes.cast(schema.children, ctypes.POINTER(ctypes.POINTER(_actions._ArrowSchema)))
        self.assertEqual(child[0].contents.format, b"i")
        self.assertEqual(child[0].contents.name, b"n")
        array = _actions._ArrowArray()
        result.export_batch(0, ctypes.addressof(array))
        self.assertEqual(array.length, 3)
        column = ctypes.cast(array.children, ctypes.POINTER(ctypes.POINTER(_actions._ArrowArray)))
        buffers = ctypes.cast(column[0].contents.buffers, ctypes.POINTER(ctypes.c_void_p))
        values = ctypes.cast(buffers[1], ctypes.POINTER(ctypes.c_int32))
        self.assertEqual([values[index] for index in range(3)], [0, 1, 2])
        release = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
        release(array.release)(ctypes.addressof(array))
        release(schema.release)(ctypes.addressof(schema))
        self.assertIsNone(array.release)
        self.assertIsNone(schema.release)

    @unittest.skipUnless(importlib.util.find_spec("pyarrow"), "pyarrow is not installed")
    def test_to_arrow_gives_a_table(self):
        table = self.spark.sql("SELECT id, CAST(id AS STRING) AS s FROM range(3)").toArrow()
        self.assertEqual(table.column_names, ["id", "s"])
        self.assertEqual(table.column("s").to_pylist(), ["0", "1", "2"])

    @unittest.skipIf(importlib.util.find_spec("pyarrow"), "pyarrow is installed")
    def test_to_arrow_without_pyarrow_names_the_package(self):
        with self.assertRaises(PySparkImportError) as raised:
            self.spark.range(1).toArrow()
        self.assertEqual(raised.exception.getErrorClass(), "PACKAGE_NOT_INSTALLED")

    @unittest.skipUnless(importlib.util.find_spec("pandas"), "pandas is not installed")
    def test_to_pandas_gives_a_data_frame(self):
        table = self.spark.sql("SELECT CAST(id AS INT) AS id, 'x' AS s FROM range(2)").toPandas()
        self.assertEqual(list(table.columns), ["id", "s"])
        self.assertEqual(str(table["id"].dtype), "int32")
        self.assertEqual(table["s"].tolist(), ["x", "x"])

    @unittest.skipIf(importlib.util.find_spec("pandas"), "pandas is installed")
    def test_to_pandas_without_pandas_names_the_package(self):
        with self.assertRaises(PySparkImportError) as raised:
            self.spark.range(1).toPandas()
        self.assertEqual(raised.exception.getErrorClass(), "PACKAGE_NOT_INSTALLED")


class PipelineCatalogTest(unittest.TestCase):
    """A session opened on a pipeline's spec reads the tables its updates wrote.

    The pipeline mixes SQL and Python files, so `sluice run` loads its Python plugin.
    """

    @classmethod
    def setUpClass(cls):
        folder = os.path.join(WORK, "pipeline")
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(os.path.join(folder, "transformations"))
        cls.spec = os.path.join(folder, "spark-pipeline.yml")
        with open(cls.spec, "w") as spec:
            spec.write("name: numbers\nlibraries:\n  - glob:\n      include: transformations/**\n")
        with open(os.path.join(folder, "transformations", "numbers.sql"), "w") as source:
            source.write("CREATE MATERIALIZED VIEW numbers AS "
                         "SELECT id, id * 10 AS tens FROM range(3);\n")
        with open(os.path.join(folder, "transformations", "hundreds.py"), "w") as source:
            # decimal imports _decimal, an extension module that takes libpython's symbols
            # from the process.
            source.write("import decimal\n"
                         "from pyspark import pipelines as dp\n"
                         "from pyspark.sql import functions as F\n\n"
                         "@dp.materialized_view\n"
                         "def hundreds():\n"
                         "    step = int(decimal.Decimal('100'))\n"
                         "    return spark.read.table('numbers').select((F.col('id') * step)"
                         ".alias('h'))\n")
        # The sluice binary of a sanitizer build loads its runtime itself.
        environment = {key: value for key, value in os.environ.items()
                       if key not in ("LD_PRELOAD", "ASAN_OPTIONS")}
        subprocess.run([SLUICE, "run", "--spec", cls.spec], check=True, env=environment,
                       stdout=subprocess.DEVNULL)

    def test_read_table_of_a_pipeline(self):
        session = SparkSession({}, lambda: _actions.connect(spec=self.spec))
        frame = session.read.table("numbers").orderBy("id")
        self.assertEqual(frame.collect(), [Row(id=0, tens=0), Row(id=1, tens=10),
                                           Row(id=2, tens=20)])
        self.assertEqual(shown(frame.select("tens")), (
            "+----+\n"
            "|tens|\n"
            "+----+\n"
            "|   0|\n"
            "|  10|\n"
            "|  20|\n"
            "+----+\n"
            "\n"))

    def test_read_table_of_a_python_file(self):
        session = SparkSession({}, lambda: _actions.connect(spec=self.spec))
        self.assertEqual(session.read.table("hundreds").orderBy("h").collect(),
                         [Row(h=0), Row(h=100), Row(h=200)])

    def test_builder_opens_the_catalog_of_a_spec(self):
        active = SparkSession.getActiveSession()
        if active is not None:
            active.stop()
        session = SparkSession.builder.config("spark.sluice.spec", self.spec).getOrCreate()
        try:
            self.assertEqual(session.table("numbers").count(), 3)
            self.assertIs(SparkSession.builder.getOrCreate(), session)
        finally:
            session.stop()


class PipelinesModuleTest(unittest.TestCase):
    def test_definitions_outside_a_pipeline_are_refused(self):
        with self.assertRaises(PySparkException) as raised:
            dp.create_streaming_table("t")
        self.assertEqual(raised.exception.getErrorClass(),
                         "GRAPH_ELEMENT_DEFINED_OUTSIDE_OF_DECLARATIVE_PIPELINE")


if __name__ == "__main__":
    unittest.main(verbosity=2)
