"""Runs one pipeline file and returns the statements it defines, the definitions that wait for
the schemas of what they read, and its errors; produces a waiting definition's statement when
the graph analysis asks."""

import builtins
import datetime
import linecache
import os
import sys
import traceback

from sluice import _actions, _schemas, pipelines
from sluice.errors import PySparkException
from sluice.sql import DataFrame, SparkSession, _literal_sql, _numbered_aliases, _split_name


class _Deferred:
    """A definition whose query function asked for the schemas of what it reads."""

    def __init__(self, source_name, line, description, statement):
        self.source_name = source_name
        self.line = line
        self.description = description
        self.statement = statement


class _SnapshotFlow:
    """An AUTO CDC FROM SNAPSHOT flow whose source is a function: its statement, and the
    function, which the graph analysis and each update call (next_snapshot)."""

    def __init__(self, source_name, line, description, function, statement):
        self.source_name = source_name
        self.line = line
        self.description = description
        self.function = function
        self.statement = statement


class _Registry:
    def __init__(self, source_name):
        self.source_name = source_name
        self.elements = []
        self.sinks = []
        self.errors = []
        self.deferred = []
        self.snapshot_flows = []

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

    def defer_snapshot_flow(self, line, description, function, statement, target):
        """Records a flow whose snapshots a function gives: the graph analysis registers it
        once the function has given the snapshot whose columns the flow has."""
        try:
            target_parts = _split_name(target)
        except Exception as error:
            self.add_error(error, description, line)
            return
        line_text = linecache.getline(self.source_name, line).rstrip("\n")
        self.snapshot_flows.append((line, line_text, description, target_parts,
                                    _SnapshotFlow(self.source_name, line, description, function,
                                                  statement)))

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
    """The file's statements [(line, sql)], its sinks [(line, name, format, options, line text)],
    its errors [(error class, message, line, line text)], the definitions that wait for schemas
    and the AUTO CDC flows whose snapshots a function gives. Actions at the top level of the
    file run in the catalog of `storage_dir`, with `catalog` and `schema` current."""
    registry = _Registry(source_name)
    try:
        with open(path, encoding="utf-8") as stream:
            source = stream.read()
    except OSError as error:
        registry.errors.append(("PATH_NOT_FOUND", f"Cannot read the pipeline file {path}: "
                                f"{error.strerror}.", 0, ""))
        return [], [], registry.errors, [], []
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
            registry.errors, registry.deferred, registry.snapshot_flows)


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


def _snapshot_error(sub_class, message):
    return PySparkException(errorClass=f"APPLY_CHANGES_FROM_SNAPSHOT_ERROR.{sub_class}",
                            messageParameters={}, message=message)


def _what(value):
    if isinstance(value, tuple):
        return f"a tuple of {len(value)} items"
    return f"a {type(value).__name__}"


def _version_of(name, version):
    """The kind of a snapshot version and its text: ("BIGINT", "3"), ("STRING", "a"),
    ("DATE", "2024-01-31") or ("TIMESTAMP", "2024-01-31 10:00:00")."""
    if isinstance(version, int) and not isinstance(version, bool):
        if not -(2**63) <= version < 2**63:
            raise _snapshot_error(
                "INVALID_SNAPSHOT_VERSION_TYPE",
                f"The snapshot function {name} returned the version {version}, which does not "
                "fit in a BIGINT.")
        return "BIGINT", str(version)
    if isinstance(version, str):
        return "STRING", version
    if isinstance(version, datetime.datetime):
        return "TIMESTAMP", version.isoformat(sep=" ")
    if isinstance(version, datetime.date):
        return "DATE", version.isoformat()
    raise _snapshot_error(
        "INVALID_SNAPSHOT_VERSION_TYPE",
        f"The snapshot function {name} returned a version of type {type(version).__name__}; "
        "a snapshot version is an int, a str, a datetime.date or a datetime.datetime, whose "
        "values are ordered.")


def _next_snapshot(flow, latest):
    """Calls the flow's function with `latest`: None when it has no new snapshot, or the query
    of the snapshot it returns (its version as __sluice_cdc_sequence), the version's kind and
    text."""
    name = pipelines._function_name(flow.function)
    result = flow.function(latest)
    if result is None:
        if latest is None:
            raise _snapshot_error(
                "FIRST_SNAPSHOT_EMPTY",
                f"The snapshot function {name} returned None for the first snapshot the flow "
                "processes; there must be a snapshot to start from.")
        return None
    if not isinstance(result, tuple) or len(result) != 2:
        raise _snapshot_error(
            "INVALID_SNAPSHOT_VERSION",
            f"The snapshot function {name} returned {_what(result)}; it returns a tuple "
            "(DataFrame, version) of the next snapshot and its version, or None when there is "
            "no new snapshot.")
    frame, version = result
    if not isinstance(frame, DataFrame):
        raise _snapshot_error(
            "INVALID_SNAPSHOT_VERSION",
            f"The snapshot function {name} returned {_what(frame)} as the snapshot; the first "
            "item of the tuple is the snapshot's DataFrame.")
    if version is None:
        raise _snapshot_error(
            "INVALID_TUPLE_NULL_SNAPSHOT_VERSION",
            f"The snapshot function {name} returned a snapshot whose version is None; every "
            "snapshot needs a version, which orders it after the ones before.")
    kind, text = _version_of(name, version)
    literal = _literal_sql(version)
    if kind == "BIGINT":
        literal = f"CAST({literal} AS BIGINT)"
    query = _numbered_aliases(
        f"SELECT *, {literal} AS `__sluice_cdc_sequence` FROM ({frame._sql}) AS `__snapshot`")
    return query, kind, text


def produce_snapshot_flow(flow, latest, describer):
    """Registers a snapshot function's flow for the graph analysis, which calls the function
    with the version of the last snapshot processed, its DataFrames described by `describer`:
    ("registered", line, statement, query, version kind, version text), the query None when
    the function has no new snapshot; ("waiting",) while the snapshot reads a dataset not
    resolved yet; or ("failed", errors)."""
    registry = _Registry(flow.source_name)
    try:
        with _schemas.describing(describer):
            snapshot = _next_snapshot(flow, latest)
    except _schemas.SchemasNotResolved:
        return ("waiting",)
    except Exception as error:
        registry.add_error(error, flow.description, flow.line)
        return ("failed", registry.errors)
    if snapshot is None:
        return ("registered", flow.line, flow.statement, None, None, None)
    return ("registered", flow.line, flow.statement) + snapshot


def next_snapshot(flow, latest):
    """Calls a snapshot function's flow's function in an update: ("none",), ("snapshot", query,
    version kind, version text), or ("failed", errors)."""
    registry = _Registry(flow.source_name)
    try:
        snapshot = _next_snapshot(flow, latest)
    except Exception as error:
        registry.add_error(error, flow.description, flow.line)
        return ("failed", registry.errors)
    if snapshot is None:
        return ("none",)
    return ("snapshot",) + snapshot
