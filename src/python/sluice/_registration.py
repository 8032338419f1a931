"""Runs one pipeline file and returns the statements it defines and its errors."""

import builtins
import linecache
import os
import sys
import traceback

from sluice import _actions, pipelines
from sluice.errors import PySparkException
from sluice.sql import SparkSession


class _Registry:
    def __init__(self, source_name):
        self.source_name = source_name
        self.elements = []
        self.sinks = []
        self.errors = []

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
        return registry.elements, registry.sinks, registry.errors
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
        exec(code, namespace)
    except Exception as error:
        registry.add_error(error, None, 0)
    finally:
        pipelines._active_registry = None
        pipelines._active_query_function = None
    sinks = [(sink.line, sink.name, sink.format, sink.options,
              linecache.getline(source_name, sink.line).rstrip("\n")) for sink in registry.sinks]
    return ([(element.line, element.sql) for element in registry.elements], sinks,
            registry.errors)
