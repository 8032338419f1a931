"""Runs one pipeline file and returns the statements it defines, the definitions that wait for
the schemas of what they read, and its errors; produces a waiting definition's statement when
the graph analysis asks."""

import builtins
import linecache
import os
import sys
import traceback

from sluice import _actions, _schemas, pipelines
from sluice.errors import PySparkException
from sluice.sql import SparkSession, _split_name


class _Deferred:
    """A definition whose query function asked for the schemas of what it reads."""

    def __init__(self, source_name, line, description, statement):
        self.source_name = source_name
        self.line = line
        self.description = description
        self.statement = statement


class _Registry:
    def __init__(self, source_name):
        self.source_name = source_name
        self.elements = []
        self.sinks = []
        self.errors = []
        self.deferred = []

    def defer(self, line, description, statement, output, spark_conf):
        """Records a definition that waits for schemas, with what it defines."""
        try:
            dataset = _split_name(output.dataset) if output.dataset is not None else None
            target = _split_name(output.target) if output.target is not None else None
        except Exception as error:
            self.add_error(error, description, line)
            return
        settings = [(str(key), str(value)) for key, value in (spark_conf or {}).items()]
        line_text = linecache.getline(self.source_name, line).rstrip("\n")
        self.deferred.append((line, line_text, description, dataset, output.temporary_view, target,
                              settings, _Deferred(self.source_name, line, description, statement)))

    def add_error(self, error, description, line):
        """Records an error with the frames of the user's file and the line that raised it."""
        error_class = "PYTHON_EXCEPTION"
        if isinstance(error, PySparkException) and error.getErrorClass():
            error_class = error.getErrorClass()
        frames = [frame for frame in traceback.extract_tb(error.__traceback__)
                  if not frame.filename.startswith("<sluice>")]
        if isinstance(error, SyntaxError) and error.filename == self.source_name:
            line = error.lineno or line
        elif frames and frames[-1].filename == self.source_name:
            line = frames[-1].lineno
        if isinstance(error, PySparkException):
            summary = error.getMessage()
        else:
            summary = "".join(traceback.format_exception_only(type(error), error)).strip()
        message = summary
        if description:
            message = f"While defining {description}: {summary}"
        if frames:
            message += "\nTraceback (most recent call last):\n" + "".join(
                traceback.format_list(frames)).rstrip()
        line_text = linecache.getline(self.source_name, line).rstrip("\n") if line else ""
        self.errors.append((error_class, message, line or 0, line_text))


def register_file(path, source_name, root, configuration, storage_dir="", catalog="",
                  schema=""):
    """The file's statements [(line, sql)], its sinks [(line, name, format, options, line text)] and its
    errors [(error class, message, line, line text)]. Actions at the top level of the file run in
    the catalog of `storage_dir`, with `catalog` and `schema` current."""
    registry = _Registry(source_name)
    try:
        with open(path, encoding="utf-8") as stream:
            source = stream.read()
    except OSError as error:
        registry.errors.append(("PATH_NOT_FOUND", f"Cannot read the pipeline file {path}: "
                                f"{error.strerror}.", 0, ""))
        return [], [], registry.errors, []
    # Tracebacks name the file as locations do, relative to the spec.
    linecache.cache[source_name] = (len(source), None, source.splitlines(True), source_name)
    namespace = {
        "__name__": os.path.splitext(os.path.basename(path))[0],
        "__file__": path,
        "__builtins__": builtins,
        # Actions at the top level of the file read the pipeline's catalog.
        "spark": SparkSession(configuration, lambda: _actions.connect(
            storage=storage_dir, catalog=catalog, schema=schema)),
    }
    # Helper modules beside the file or at the pipeline's root are importable, as on Databricks.
    for folder in (os.path.dirname(path), root):
        if folder not in sys.path:
            sys.path.append(folder)
    pipelines._active_registry = registry
    try:
        code = compile(source, source_name, "exec")
        with _schemas.registering():
            exec(code, namespace)
    except _schemas.SchemasNotResolved as error:
        registry.add_error(_schemas.outside_query_function(error), None, 0)
    except Exception as error:
        registry.add_error(error, None, 0)
    finally:
        pipelines._active_registry = None
        pipelines._active_query_function = None
    sinks = [(sink.line, sink.name, sink.format, sink.options,
              linecache.getline(source_name, sink.line).rstrip("\n")) for sink in registry.sinks]
    return ([(element.line, element.sql) for element in registry.elements], sinks,
            registry.errors, registry.deferred)


def produce(deferred, describer):
    """Runs a waiting definition's query function again, its DataFrames described by
    `describer`: ("registered", line, statement), ("waiting",) while it reads a dataset not
    resolved yet, or ("failed", errors)."""
    registry = _Registry(deferred.source_name)
    try:
        with _schemas.describing(describer):
            statement = deferred.statement()
    except _schemas.SchemasNotResolved:
        return ("waiting",)
    except Exception as error:
        registry.add_error(error, deferred.description, deferred.line)
        return ("failed", registry.errors)
    return ("registered", deferred.line, statement)
