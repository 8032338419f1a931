"""Makes the pyspark imports of pipeline files find sluice's modules when pyspark itself is
not importable: pyspark.pipelines, pyspark.sql (functions, types), pyspark.errors and the
legacy dlt module."""

import importlib.util
import sys
import types

import sluice
from sluice import errors, functions, pipelines, sql
from sluice import types as sql_types


def _package(name, attributes, submodules=()):
    module = types.ModuleType(name)
    module.__path__ = []
    for key, value in attributes.items():
        setattr(module, key, value)
    return module


def install():
    sluice.pipelines = pipelines
    sluice.sql = sql
    sluice.functions = functions
    sluice.types = sql_types
    sluice.errors = errors
    sql.functions = functions
    sql.types = sql_types
    if "dlt" not in sys.modules and importlib.util.find_spec("dlt") is None:
        sys.modules["dlt"] = pipelines
    if "pyspark" in sys.modules or importlib.util.find_spec("pyspark") is not None:
        return
    sql_package = _package("pyspark.sql", {
        name: getattr(sql, name) for name in ("DataFrame", "Column", "SparkSession", "GroupedData", "Row")
    })
    sql_package.functions = functions
    sql_package.types = sql_types
    pyspark = _package("pyspark", {"pipelines": pipelines, "sql": sql_package, "errors": errors})
    sys.modules["pyspark"] = pyspark
    sys.modules["pyspark.pipelines"] = pipelines
    sys.modules["pyspark.sql"] = sql_package
    sys.modules["pyspark.sql.functions"] = functions
    sys.modules["pyspark.sql.types"] = sql_types
    sys.modules["pyspark.errors"] = errors
