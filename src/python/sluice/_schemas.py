"""The schemas a query function reads, known once the pipeline's graph has resolved them.

Query functions first run when their file is registered, before any dataset is resolved. One
that asks for columns then (df.columns, withColumn over a dataset read, unionByName) raises
SchemasNotResolved, and its definition waits: the graph analysis runs it again with a
describer that binds queries in the graph as resolved so far, as Spark calls a query function
during graph resolution."""

import contextlib

from sluice.errors import AnalysisException, PySparkException, PySparkNotImplementedError


class SchemasNotResolved(BaseException):
    """A query function asked for columns that are not known yet. It derives from
    BaseException so that an `except Exception` in a query function lets it through."""


# A function of a query's SQL text, set while the graph analysis runs a query function.
_describer = None
# Whether a pipeline file is being registered: its definitions can wait for schemas.
_registering = False


def describe(sql):
    """The columns of a query, as [(name, Spark type name)], and whether it reads a stream."""
    if _describer is None:
        if _registering:
            raise SchemasNotResolved()
        raise PySparkNotImplementedError(
            errorClass="NOT_SUPPORTED", messageParameters={},
            message="The columns of a DataFrame that reads a dataset or SQL text are known "
            "inside a pipeline's query functions, once its graph has resolved what they read.")
    result = _describer(sql)
    if result[0] == "waiting":
        raise SchemasNotResolved(result[1])
    if result[0] == "error":
        raise AnalysisException(errorClass=result[1], message=result[2])
    return list(result[1]), bool(result[2])


@contextlib.contextmanager
def registering():
    """Marks the registration of a pipeline file, whose definitions wait for schemas."""
    global _registering
    previous = _registering
    _registering = True
    try:
        yield
    finally:
        _registering = previous


@contextlib.contextmanager
def describing(describer):
    """Makes `describer` answer describe() while the block runs."""
    global _describer
    previous = _describer
    _describer = describer
    try:
        yield
    finally:
        _describer = previous


def outside_query_function(signal):
    """The error of asking for columns where no query function can wait for the graph to
    resolve them (the top level of a file), with the traceback of `signal`."""
    error = PySparkException(
        errorClass="NOT_SUPPORTED", messageParameters={},
        message="The columns of a DataFrame that reads a dataset or SQL text are known inside a "
        "query function, which runs once the pipeline's graph has resolved what it reads; "
        "outside one (at the top level of a file) they are not. Ask for them inside the query "
        "function.")
    return error.with_traceback(signal.__traceback__)
