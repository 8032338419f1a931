"""pyspark.pipelines: the decorators and functions that define a pipeline's datasets and flows.

Each definition becomes a pipeline statement (CREATE MATERIALIZED VIEW, CREATE FLOW, ...) with
the query of its function, registered into the pipeline's graph beside the statements of its
SQL files. Query functions run when they are defined; one that asks for the columns of what
it reads runs again once the graph has resolved them, as Spark calls query functions during
graph resolution. They describe a query and read no data."""

import re
import sys

from sluice import _schemas
from sluice.errors import PySparkException, PySparkTypeError, PySparkValueError
from sluice.sql import (DataFrame, _condition_sql, _name_sql, _numbered_aliases, _quote,
                        _string_sql)
from sluice.types import _schema_sql

# The registry of the file being registered; None outside a pipeline update.
_active_registry = None
# The dataset or flow whose query function is running, for the rules on actions.
_active_query_function = None


class _Element:
    """A statement for the graph: its SQL text and the line of the file that defined it."""

    def __init__(self, line, sql):
        self.line = line
        self.sql = sql


class _Sink:
    """An external sink for the graph (it has no SQL statement): its name, format, options and
    the line of the file that defined it."""

    def __init__(self, line, name, format, options):
        self.line = line
        self.name = name
        self.format = format
        self.options = options


def _registry():
    if _active_registry is None:
        raise PySparkException(
            errorClass="GRAPH_ELEMENT_DEFINED_OUTSIDE_OF_DECLARATIVE_PIPELINE",
            messageParameters={},
            message="APIs that define elements of a declarative pipeline can only be invoked "
            "within the context of defining a pipeline: run the file with `sluice run`.",
        )
    return _active_registry


def _refuse_action(action):
    """Refuses an action inside a query function; elsewhere (the top level of a pipeline
    file, or outside a pipeline) the action runs."""
    if _active_query_function is not None:
        raise PySparkException(
            errorClass="ATTEMPT_ANALYSIS_IN_PIPELINE_QUERY_FUNCTION",
            messageParameters={},
            message=f"{action}() reads data, which a query function may not do: it only "
            "describes its dataset's query. Return the DataFrame instead.",
        )


def _refuse_session_mutation(method):
    raise PySparkException(
        errorClass="SESSION_MUTATION_IN_DECLARATIVE_PIPELINE",
        messageParameters={"method": method},
        message=f"{method} changes the session, which a pipeline definition may not do: set "
        "configuration in the pipeline spec or with spark_conf on a dataset.",
    )


def _caller_line():
    """The line of the user's file that called into this module."""
    frame = sys._getframe(1)
    while frame is not None and frame.f_code.co_filename.startswith("<sluice>"):
        frame = frame.f_back
    return frame.f_lineno if frame is not None else 0


def _check_str(arg_name, value, optional=True):
    if value is None and optional:
        return
    if not isinstance(value, str):
        raise PySparkTypeError(
            errorClass="NOT_STR",
            messageParameters={"arg_name": arg_name, "arg_type": type(value).__name__},
        )


def _check_dict(arg_name, value):
    if value is not None and not isinstance(value, dict):
        raise PySparkTypeError(
            errorClass="NOT_DICT",
            messageParameters={"arg_name": arg_name, "arg_type": type(value).__name__},
        )


def _check_str_list(arg_name, value):
    if value is None:
        return
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise PySparkTypeError(
            errorClass="NOT_LIST_OF_STR",
            messageParameters={"arg_name": arg_name, "arg_type": type(value).__name__},
        )


def _check_callable(function, decorator):
    if not callable(function):
        raise PySparkTypeError(
            errorClass="DECORATOR_ARGUMENT_NOT_CALLABLE",
            messageParameters={"decorator_name": decorator,
                               "example_usage": f"@{decorator}(name='{decorator}_a')"},
            message=f"The first positional argument passed to @{decorator} must be callable. "
            f"Either add @{decorator} with no parameters to your function, or pass options "
            f"to @{decorator} using keyword arguments (e.g. @{decorator}(name='{decorator}_a')).",
        )


# Expectations --------------------------------------------------------------------------------
def _expectation_decorator(action, pairs):
    def decorate(function):
        _check_callable(function, "expect")
        expectations = list(getattr(function, "_sluice_expectations", []))
        for name, condition in pairs:
            _check_str("name", name, optional=False)
            expectations.append((name, _condition_sql(condition), action))
        function._sluice_expectations = expectations
        return function

    return decorate


def expect(name, constraint):
    return _expectation_decorator(None, [(name, constraint)])


def expect_or_drop(name, constraint):
    return _expectation_decorator("DROP ROW", [(name, constraint)])


def expect_or_fail(name, constraint):
    return _expectation_decorator("FAIL UPDATE", [(name, constraint)])


def _all(action, expectations):
    _check_dict("expectations", expectations)
    return _expectation_decorator(action, list(expectations.items()))


def expect_all(expectations):
    return _all(None, expectations)


def expect_all_or_drop(expectations):
    return _all("DROP ROW", expectations)


def expect_all_or_fail(expectations):
    return _all("FAIL UPDATE", expectations)


def _constraints(expectations):
    items = []
    for name, condition, action in expectations:
        item = f"CONSTRAINT {_quote(name)} EXPECT ({condition})"
        if action:
            item += f" ON VIOLATION {action}"
        items.append(item)
    return items


def _keyword_expectations(expect_all=None, expect_all_or_drop=None, expect_all_or_fail=None):
    result = []
    for action, mapping in ((None, expect_all), ("DROP ROW", expect_all_or_drop),
                            ("FAIL UPDATE", expect_all_or_fail)):
        _check_dict("expect_all", mapping)
        for name, condition in (mapping or {}).items():
            result.append((name, _condition_sql(condition), action))
    return result


# Statements ----------------------------------------------------------------------------------
def _table_sql(kind, name, query=None, schema=None, expectations=(), comment=None,
               table_properties=None, partition_cols=None, cluster_by=None, private=False,
               clauses=None):
    text = "CREATE " + ("PRIVATE " if private else "") + f"{kind} {_name_sql(name)}"
    columns = []
    if schema is not None:
        columns.append(_schema_sql(schema))
    columns += _constraints(expectations)
    if columns:
        text += " (" + ", ".join(columns) + ")"
    options = clauses or {}
    if options.get("format") is not None:
        _check_str("format", options["format"])
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", options["format"]):
            raise PySparkValueError(
                errorClass="NOT_SUPPORTED", messageParameters={},
                message=f"The table format {options['format']!r} is not a format name.")
        text += f" USING {options['format']}"
    if partition_cols:
        text += " PARTITIONED BY (" + ", ".join(_quote(c) for c in partition_cols) + ")"
    if cluster_by:
        text += " CLUSTER BY (" + ", ".join(_quote(c) for c in cluster_by) + ")"
    elif options.get("cluster_by_auto"):
        text += " CLUSTER BY AUTO"
    if options.get("path") is not None:
        _check_str("path", options["path"])
        text += f" LOCATION {_string_sql(options['path'])}"
    if options.get("refresh_policy") is not None:
        text += f" REFRESH POLICY {options['refresh_policy']}"
    if options.get("row_filter") is not None:
        # Databricks' row_filter is the clause's text: "ROW FILTER f ON (column, ...)".
        _check_str("row_filter", options["row_filter"])
        text += f" WITH {options['row_filter']}"
    if comment is not None:
        text += f" COMMENT {_string_sql(comment)}"
    if table_properties:
        properties = ", ".join(f"{_string_sql(k)} = {_string_sql(v)}"
                               for k, v in table_properties.items())
        text += f" TBLPROPERTIES ({properties})"
    if query is not None:
        text += f" AS {query}"
    return text


def _query_of(function, description):
    """Runs a query function and returns its query's text."""
    global _active_query_function
    previous = _active_query_function
    _active_query_function = description
    try:
        frame = function()
    finally:
        _active_query_function = previous
    if not isinstance(frame, DataFrame):
        raise PySparkTypeError(
            errorClass="INVALID_FLOW_QUERY_TYPE",
            messageParameters={"flow_name": description, "actual_type": type(frame).__name__},
            message=f"The query function returned a {type(frame).__name__}, not a DataFrame: "
            "it must return the DataFrame of its query.",
        )
    return frame


def _settings_sql(spark_conf):
    """SET statements for a definition's spark_conf, which apply to its query."""
    _check_dict("spark_conf", spark_conf)
    return "".join(f"SET {key} = {value}; " for key, value in (spark_conf or {}).items())


class _Output:
    """What a definition defines, known before its query function runs: a dataset (a
    temporary view by its bare name), or a flow into `target`."""

    def __init__(self, dataset=None, temporary_view=False, target=None):
        self.dataset = dataset
        self.temporary_view = temporary_view
        self.target = target


def _define(line, description, build, spark_conf=None, output=None):
    """Registers the statement `build` returns; an error names what was being defined. A
    query function that asks for the schemas of what it reads waits for the graph to resolve
    them (sluice._schemas), and is run again then."""
    registry = _registry()

    def statement():
        return _numbered_aliases(_settings_sql(spark_conf) + build())

    try:
        registry.elements.append(_Element(line, statement()))
    except _schemas.SchemasNotResolved as signal:
        if output is None:
            registry.add_error(_schemas.outside_query_function(signal), description, line)
        else:
            registry.defer(line, description, statement, output, spark_conf)
    except Exception as error:
        registry.add_error(error, description, line)


def _dataset_decorator(decorator, query_function, name, make_statement):
    _check_str("name", name)

    def outer(function):
        _check_callable(function, decorator)
        resolved = name or function.__name__
        line = function.__code__.co_firstlineno
        expectations = list(getattr(function, "_sluice_expectations", []))
        make_statement(resolved, function, expectations, line)

    if query_function is not None:
        outer(query_function)
        return None
    return outer


def table(query_function=None, *, name=None, comment=None, spark_conf=None,
          table_properties=None, partition_cols=None, cluster_by=None, cluster_by_auto=None,
          schema=None, path=None, row_filter=None, private=False, format=None, temporary=None):
    """A table and the flow of its query: a streaming table when the query reads a stream,
    else a materialized view (Databricks' @dlt.table)."""
    clauses = dict(format=format, path=path, row_filter=row_filter,
                   cluster_by_auto=cluster_by_auto)
    _check_dict("table_properties", table_properties)
    _check_str_list("partition_cols", partition_cols)

    def statement(resolved, function, expectations, line):
        def build():
            frame = _query_of(function, f"table `{resolved}`")
            kind = "STREAMING TABLE" if frame.isStreaming else "MATERIALIZED VIEW"
            return _table_sql(kind, resolved, frame._sql, schema, expectations, comment,
                              table_properties, partition_cols, cluster_by,
                              private or bool(temporary), clauses)

        _define(line, f"table `{resolved}`", build, spark_conf, _Output(dataset=resolved))

    return _dataset_decorator("table", query_function, name, statement)


# Databricks' refresh_policy values and the REFRESH POLICY each is.
_REFRESH_POLICIES = {"auto": "AUTO", "incremental": "INCREMENTAL",
                     "incremental_strict": "INCREMENTAL STRICT", "full": "FULL"}


def _refresh_policy_sql(refresh_policy):
    """The REFRESH POLICY of a materialized view's refresh_policy ("auto", "incremental",
    "incremental_strict" or "full", in any case), or None when it has none."""
    if refresh_policy is None:
        return None
    _check_str("refresh_policy", refresh_policy)
    policy = _REFRESH_POLICIES.get(refresh_policy.strip().lower().replace(" ", "_"))
    if policy is None:
        raise PySparkValueError(
            errorClass="VALUE_NOT_ALLOWED",
            messageParameters={"arg_name": "refresh_policy",
                               "allowed_values": ", ".join(_REFRESH_POLICIES)},
            message=f"refresh_policy is {refresh_policy!r}; it must be one of "
            f"{', '.join(repr(name) for name in _REFRESH_POLICIES)}.")
    return policy


def materialized_view(query_function=None, *, name=None, comment=None, spark_conf=None,
                      table_properties=None, partition_cols=None, cluster_by=None,
                      cluster_by_auto=None, schema=None, path=None, row_filter=None,
                      private=False, format=None, refresh_policy=None):
    _check_dict("table_properties", table_properties)
    _check_str_list("partition_cols", partition_cols)
    clauses = dict(format=format, path=path, row_filter=row_filter,
                   cluster_by_auto=cluster_by_auto,
                   refresh_policy=_refresh_policy_sql(refresh_policy))

    def statement(resolved, function, expectations, line):
        description = f"materialized view `{resolved}`"

        def build():
            frame = _query_of(function, description)
            return _table_sql("MATERIALIZED VIEW", resolved, frame._sql, schema, expectations,
                              comment, table_properties, partition_cols, cluster_by, private,
                              clauses)

        _define(line, description, build, spark_conf, _Output(dataset=resolved))

    return _dataset_decorator("materialized_view", query_function, name, statement)


def temporary_view(query_function=None, *, name=None, comment=None, spark_conf=None):
    def statement(resolved, function, expectations, line):
        description = f"temporary view `{resolved}`"

        def build():
            frame = _query_of(function, description)
            text = f"CREATE TEMPORARY VIEW {_quote(resolved)}"
            constraints = _constraints(expectations)
            if constraints:
                text += " (" + ", ".join(constraints) + ")"
            if comment is not None:
                text += f" COMMENT {_string_sql(comment)}"
            return f"{text} AS {frame._sql}"

        _define(line, description, build, spark_conf,
                _Output(dataset=resolved, temporary_view=True))

    return _dataset_decorator("temporary_view", query_function, name, statement)


view = temporary_view


def create_streaming_table(name, *, comment=None, spark_conf=None, table_properties=None,
                           partition_cols=None, cluster_by=None, cluster_by_auto=None,
                           schema=None, expect_all=None, expect_all_or_drop=None,
                           expect_all_or_fail=None, path=None, row_filter=None, private=False,
                           format=None):
    _declare_table("STREAMING TABLE", f"streaming table `{name}`", _caller_line(), locals())


def create_table(name, *, comment=None, spark_conf=None, table_properties=None,
                 partition_cols=None, path=None, schema=None, expect_all=None,
                 expect_all_or_drop=None, expect_all_or_fail=None, cluster_by=None,
                 cluster_by_auto=None, row_filter=None, private=False, format=None):
    """A managed table, written by the append flows that name it as their target."""
    _declare_table("TABLE", f"table `{name}`", _caller_line(), locals())


def _declare_table(kind, description, line, arguments):
    """Registers a table with no query of its own (create_streaming_table, create_table),
    from the keyword arguments both take."""
    a = arguments
    _check_str("name", a["name"], optional=False)
    _check_dict("table_properties", a["table_properties"])
    _check_str_list("partition_cols", a["partition_cols"])
    clauses = dict(format=a["format"], path=a["path"], row_filter=a["row_filter"],
                   cluster_by_auto=a["cluster_by_auto"])
    expectations = _keyword_expectations(a["expect_all"], a["expect_all_or_drop"],
                                         a["expect_all_or_fail"])
    _define(line, description,
            lambda: _table_sql(kind, a["name"], None, a["schema"], expectations, a["comment"],
                               a["table_properties"], a["partition_cols"], a["cluster_by"],
                               a["private"], clauses))


def append_flow(*, target, name=None, once=False, spark_conf=None, comment=None):
    _check_str("target", target, optional=False)
    _check_str("name", name)

    def outer(function):
        _check_callable(function, "append_flow")
        flow_name = name or function.__name__
        line = function.__code__.co_firstlineno
        description = f"flow `{flow_name}`"

        def build():
            frame = _query_of(function, description)
            # A name with a dot has parts, as Spark parses it: MULTIPART_FLOW_NAME_NOT_SUPPORTED.
            text = f"CREATE FLOW {_name_sql(flow_name)}"
            if comment is not None:
                text += f" COMMENT {_string_sql(comment)}"
            insert = "INSERT ONCE INTO" if once else "INSERT INTO"
            return f"{text} AS {insert} {_name_sql(target)} BY NAME {frame._sql}"

        _define(line, description, build, spark_conf, _Output(target=target))
        return None

    return outer


def create_sink(name, format, options=None):
    """An external sink that append flows write (target=name), outside the pipeline's catalog:
    format "delta" with a "path" or "tableName" option, or "parquet", "json", "csv" with a
    "path" folder. The pipeline never reads it."""
    _check_str("name", name, optional=False)
    _check_str("format", format, optional=False)
    _check_dict("options", options)
    if any(not isinstance(key, str) or not isinstance(value, str)
           for key, value in (options or {}).items()):
        raise PySparkTypeError(
            errorClass="NOT_DICT",
            messageParameters={"arg_name": "options", "arg_type": type(options).__name__},
            message="create_sink's options map strings to strings.")
    _registry().sinks.append(_Sink(_caller_line(), name, format, dict(options or {})))


def read(name):
    """dlt.read: a batch read of a dataset of the pipeline."""
    from sluice.sql import SparkSession

    return SparkSession().read.table(name)


def read_stream(name):
    """dlt.read_stream: a streaming read of a dataset of the pipeline."""
    from sluice.sql import SparkSession

    return SparkSession().readStream.table(name)


def _columns_sql(arg_name, columns):
    from sluice.sql import Column, _column

    if isinstance(columns, (str, Column)):
        columns = [columns]
    if not isinstance(columns, (list, tuple)):
        raise PySparkTypeError(
            errorClass="NOT_LIST_OF_COLUMN_OR_STR",
            messageParameters={"arg_name": arg_name, "arg_type": type(columns).__name__},
        )
    return ", ".join(_column(c)._sql for c in columns)


def create_auto_cdc_flow(target, source, keys, sequence_by, ignore_null_updates=False,
                         apply_as_deletes=None, apply_as_truncates=None, column_list=None,
                         except_column_list=None, stored_as_scd_type=1,
                         track_history_column_list=None, track_history_except_column_list=None,
                         name=None, once=False):
    """An AUTO CDC flow from `source` into `target`: the CREATE FLOW ... AS AUTO CDC INTO
    statement of SQL, with its rules."""
    from sluice.sql import _column

    _check_str("target", target, optional=False)
    _check_str("source", source, optional=False)
    _check_str("name", name)
    line = _caller_line()
    flow_name = name or target

    def build():
        text = _auto_cdc_head(flow_name, once, target) + f" FROM STREAM({_name_sql(source)})"
        text += f" KEYS ({_columns_sql('keys', keys)})"
        if ignore_null_updates:
            text += " IGNORE NULL UPDATES"
        if apply_as_deletes is not None:
            text += f" APPLY AS DELETE WHEN {_condition_sql(apply_as_deletes)}"
        if apply_as_truncates is not None:
            text += f" APPLY AS TRUNCATE WHEN {_condition_sql(apply_as_truncates)}"
        text += f" SEQUENCE BY {_column(sequence_by)._sql}"
        if column_list is not None:
            text += f" COLUMNS {_columns_sql('column_list', column_list)}"
        elif except_column_list is not None:
            text += f" COLUMNS * EXCEPT ({_columns_sql('except_column_list', except_column_list)})"
        text += f" STORED AS SCD TYPE {int(stored_as_scd_type)}"
        text += _track_history_sql(track_history_column_list, track_history_except_column_list)
        return text

    _define(line, f"flow `{flow_name}`", build)


def apply_changes(target, source, keys, sequence_by, **options):
    """The older name of create_auto_cdc_flow."""
    return create_auto_cdc_flow(target, source, keys, sequence_by, **options)


def _auto_cdc_head(flow_name, once, target):
    """CREATE FLOW f AS AUTO CDC [ONCE] INTO target: what both AUTO CDC flows start with."""
    once_sql = "ONCE " if once else ""
    return f"CREATE FLOW {_quote(flow_name)} AS AUTO CDC {once_sql}INTO {_name_sql(target)}"


def _track_history_sql(track_history_column_list, track_history_except_column_list):
    if track_history_column_list is not None:
        return f" TRACK HISTORY ON {_columns_sql('track_history_column_list', track_history_column_list)}"
    if track_history_except_column_list is not None:
        columns = _columns_sql("track_history_except_column_list",
                               track_history_except_column_list)
        return f" TRACK HISTORY ON * EXCEPT ({columns})"
    return ""


def create_auto_cdc_from_snapshot_flow(target, source, keys, stored_as_scd_type=1,
                                       track_history_column_list=None,
                                       track_history_except_column_list=None, name=None,
                                       once=False):
    """An AUTO CDC FROM SNAPSHOT flow into `target`, comparing each snapshot with the previous
    one by `keys`. `source` names a table or view that each update reads whole, or is a
    function next_snapshot_and_version(latest_snapshot_version) that returns the next snapshot
    and its version as (DataFrame, version), or None when there is no new snapshot: each update
    calls it with the version of the last snapshot processed (None on the first run) and
    processes the snapshots it gives, in turn, until it returns None."""
    _check_str("target", target, optional=False)
    _check_str("name", name)
    if not callable(source) and not isinstance(source, str):
        raise PySparkTypeError(
            errorClass="NOT_STR",
            messageParameters={"arg_name": "source", "arg_type": type(source).__name__},
            message="create_auto_cdc_from_snapshot_flow takes the name of a table or view as "
            "its source, or a function that returns the next snapshot and its version, not a "
            f"{type(source).__name__}.",
        )
    line = _caller_line()
    flow_name = name or target
    description = f"flow `{flow_name}`"

    def build():
        if callable(source):
            # The function stands in the clause as a call; each update calls it (see
            # sluice._registration.next_snapshot).
            text = _auto_cdc_head(flow_name, once, target)
            text += f" FROM SNAPSHOT {_quote(_function_name(source))}()"
        else:
            text = _auto_cdc_head(flow_name, once, target) + f" FROM SNAPSHOT {_name_sql(source)}"
        text += f" KEYS ({_columns_sql('keys', keys)})"
        text += f" STORED AS SCD TYPE {int(stored_as_scd_type)}"
        text += _track_history_sql(track_history_column_list, track_history_except_column_list)
        return text

    if not callable(source):
        _define(line, description, build)
        return
    registry = _registry()
    try:
        statement = build()
    except Exception as error:
        registry.add_error(error, description, line)
        return
    registry.defer_snapshot_flow(line, description, source, statement, target)


def _function_name(function):
    return getattr(function, "__name__", type(function).__name__)


def apply_changes_from_snapshot(target, source, keys, **options):
    """The older name of create_auto_cdc_from_snapshot_flow."""
    return create_auto_cdc_from_snapshot_flow(target, source, keys, **options)
