"""DataFrame actions outside query functions: the query runs on sluice's engine through the
compiled bridge (sluice._sluice) and comes back as pyspark returns it: Rows of Python values,
show()'s text table, a pandas DataFrame or a pyarrow Table."""

import ctypes

from sluice.errors import (AnalysisException, PySparkImportError, PySparkRuntimeError,
                           PySparkTypeError)


def _bridge():
    try:
        from sluice import _sluice
    except ImportError as error:
        raise PySparkRuntimeError(
            errorClass="NOT_SUPPORTED", messageParameters={},
            message="DataFrame actions need sluice's compiled module (sluice._sluice), which "
            f"this Python cannot import: {error}. Put build/<preset>/python on PYTHONPATH.")
    return _sluice


def connect(storage="", spec="", catalog="", schema=""):
    """Opens a session over a catalog: a storage folder, a pipeline's spec, or neither (a
    temporary catalog of its own)."""
    return _bridge().Connection(storage=storage, spec=spec, catalog=catalog, schema=schema)


def execute(frame, sql):
    """Runs `sql` in the catalog of `frame`'s session; sluice's errors become pyspark's."""
    return _bridge_execute(frame._session, sql)


def _bridge_execute(session, sql):
    bridge = _bridge()
    try:
        return session._connect().execute(sql)
    except bridge.EngineError as error:
        error_class, message, sql_state = error.args
        exception = AnalysisException if sql_state.startswith("42") else PySparkRuntimeError
        raise exception(errorClass=error_class, messageParameters={}, message=message) from None


def command_frame(session, sql):
    """Runs a command now and returns a DataFrame of the rows it returned (none for most)."""
    from sluice.sql import DataFrame, _quote

    result = _bridge_execute(session, sql)
    names = list(result.columns)
    if not names:
        return DataFrame(session, "SELECT * FROM VALUES (1) AS t(c) WHERE FALSE", False)
    schema = ", ".join(f"{_quote(name)} {type_name}"
                       for name, type_name in zip(names, result.types))
    return session.createDataFrame([tuple(row) for row in result.rows(make_row, result.num_rows)],
                                   schema)


def describe(frame):
    """The columns of `frame` as [(name, Spark type name)], from its query run for no rows."""
    result = execute(frame, f"SELECT * FROM {frame._source()} LIMIT 0")
    return list(zip(result.columns, result.types))


def make_row(names, values):
    from sluice.sql import Row

    row = Row(*values)
    row.__fields__ = list(names)
    return row


def collect(frame, limit=None):
    sql = frame._sql if limit is None else frame.limit(limit)._sql
    result = execute(frame, sql)
    return result.rows(make_row, result.num_rows)


def count(frame):
    result = execute(frame, f"SELECT count(1) FROM {frame._source()}")
    return result.rows(make_row, 1)[0][0]


def head(frame, n):
    if n is None:
        rows = collect(frame, 1)
        return rows[0] if rows else None
    _check_int("n", n)
    return collect(frame, max(n, 0))


# show() -------------------------------------------------------------------------------------
_META_CHARACTERS = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\f": "\\f", "\b": "\\b",
                    "\v": "\\v", "\a": "\\a"}

# The code points Spark's show() counts as two columns wide (East Asian full-width forms).
_FULL_WIDTH_RANGES = ((0x1100, 0x115F), (0x2E80, 0xA4CF), (0xAC00, 0xD7A3), (0xF900, 0xFAFF),
                      (0xFE10, 0xFE19), (0xFE30, 0xFE6F), (0xFF00, 0xFF60), (0xFFE0, 0xFFE6))


def _escape(text):
    """Control characters as escapes, so that a value cannot break the table's lines."""
    return "".join(_META_CHARACTERS.get(char, char) for char in text)


def _width(text):
    return sum(2 if any(low <= ord(char) <= high for low, high in _FULL_WIDTH_RANGES) else 1
               for char in text)


def _truncated(text, truncate):
    if truncate <= 0 or len(text) <= truncate:
        return text
    # Fewer than 4 characters leave no room for the ellipsis.
    return text[:truncate] if truncate < 4 else text[:truncate - 3] + "..."


def _pad(text, width, left):
    padding = " " * max(width - _width(text), 0)
    return padding + text if left else text + padding


def _check_int(name, value):
    if not isinstance(value, int) or isinstance(value, bool):
        raise PySparkTypeError(
            errorClass="NOT_INT",
            messageParameters={"arg_name": name, "arg_type": type(value).__name__})


def show_string(frame, n=20, truncate=True, vertical=False):
    """The text DataFrame.show() prints, as Spark's Dataset.showString lays it out."""
    _check_int("n", n)
    if not isinstance(vertical, bool):
        raise PySparkTypeError(
            errorClass="NOT_BOOL",
            messageParameters={"arg_name": "vertical", "arg_type": type(vertical).__name__})
    if isinstance(truncate, bool):
        truncate = 20 if truncate else 0
    elif not isinstance(truncate, int):
        raise PySparkTypeError(
            errorClass="NOT_BOOL",
            messageParameters={"arg_name": "truncate", "arg_type": type(truncate).__name__})
    num_rows = max(n, 0)
    # One row more than shown tells whether to say that there are more.
    result = execute(frame, frame.limit(num_rows + 1)._sql)
    cells = result.pretty_rows(num_rows + 1)
    has_more = len(cells) > num_rows
    header = [_escape(name) for name in result.columns]
    data = [[_truncated(_escape(cell), truncate) for cell in row] for row in cells[:num_rows]]
    lines = _vertical_lines(header, data) if vertical else _table_lines(header, data, truncate)
    text = "".join(line + "\n" for line in lines)
    if vertical and not data:
        text += "(0 rows)\n"
    elif has_more:
        text += f"only showing top {num_rows} {'row' if num_rows == 1 else 'rows'}\n"
    return text


def _table_lines(header, data, truncate):
    widths = [3] * len(header)
    for row in [header] + data:
        for index, cell in enumerate(row):
            widths[index] = max(widths[index], _width(cell))
    separator = "+" + "+".join("-" * width for width in widths) + "+"

    def line(row):
        # Cells are right-aligned when truncating, as Spark does.
        cells = [_pad(cell, widths[index], truncate > 0) for index, cell in enumerate(row)]
        return "|" + "|".join(cells) + "|"

    return [separator, line(header), separator] + [line(row) for row in data] + [separator]


def _vertical_lines(header, data):
    name_width = max([3] + [_width(name) for name in header])
    data_width = max([3] + [_width(cell) for row in data for cell in row])
    lines = []
    for index, row in enumerate(data):
        title = f"-RECORD {index}"
        lines.append(title + "-" * max(name_width + data_width + 5 - len(title), 0))
        for name, cell in zip(header, row):
            lines.append(f" {_pad(name, name_width, False)} | {_pad(cell, data_width, False)} ")
    return lines


# pandas and Arrow -----------------------------------------------------------------------------
def _require(module_name, package_name, minimum_version):
    try:
        return __import__(module_name)
    except ImportError:
        raise PySparkImportError(
            errorClass="PACKAGE_NOT_INSTALLED",
            messageParameters={"package_name": package_name,
                               "minimum_version": minimum_version},
            message=f"{package_name} >= {minimum_version} must be installed; however, it was "
            "not found.") from None


# The pandas dtypes pyspark gives columns without NULLs.
_PANDAS_TYPES = {"tinyint": "int8", "smallint": "int16", "int": "int32", "bigint": "int64",
                 "float": "float32", "double": "float64", "boolean": "bool"}


def to_pandas(frame):
    pandas = _require("pandas", "Pandas", "2.0.0")
    result = execute(frame, frame._sql)
    rows = result.rows(make_row, result.num_rows)
    table = pandas.DataFrame.from_records([tuple(row) for row in rows],
                                          columns=list(result.columns))
    for index, type_name in enumerate(result.types):
        column = table.iloc[:, index]
        if type_name in _PANDAS_TYPES and not column.isnull().any():
            table.isetitem(index, column.astype(_PANDAS_TYPES[type_name]))
        elif type_name.startswith("timestamp"):
            table.isetitem(index, pandas.to_datetime(column))
    return table


class _ArrowSchema(ctypes.Structure):
    _fields_ = [("format", ctypes.c_char_p), ("name", ctypes.c_char_p),
                ("metadata", ctypes.c_char_p), ("flags", ctypes.c_int64),
                ("n_children", ctypes.c_int64), ("children", ctypes.c_void_p),
                ("dictionary", ctypes.c_void_p), ("release", ctypes.c_void_p),
                ("private_data", ctypes.c_void_p)]


class _ArrowArray(ctypes.Structure):
    _fields_ = [("length", ctypes.c_int64), ("null_count", ctypes.c_int64),
                ("offset", ctypes.c_int64), ("n_buffers", ctypes.c_int64),
                ("n_children", ctypes.c_int64), ("buffers", ctypes.c_void_p),
                ("children", ctypes.c_void_p), ("dictionary", ctypes.c_void_p),
                ("release", ctypes.c_void_p), ("private_data", ctypes.c_void_p)]


def to_arrow(frame):
    """A pyarrow Table of the result, handed over batch by batch through the Arrow C Data
    Interface."""
    pyarrow = _require("pyarrow", "PyArrow", "11.0.0")
    result = execute(frame, frame._sql)
    schema_struct = _ArrowSchema()
    result.export_schema(ctypes.addressof(schema_struct))
    schema = pyarrow.Schema._import_from_c(ctypes.addressof(schema_struct))
    batches = []
    for index in range(result.num_batches):
        array_struct = _ArrowArray()
        batch_schema = _ArrowSchema()
        result.export_schema(ctypes.addressof(batch_schema))
        result.export_batch(index, ctypes.addressof(array_struct))
        batches.append(pyarrow.RecordBatch._import_from_c(ctypes.addressof(array_struct),
                                                          ctypes.addressof(batch_schema)))
    return pyarrow.Table.from_batches(batches, schema=schema)
