"""A DataFrame API that builds sluice query plans.

A DataFrame is the text of a Spark SQL query and a Column the text of an expression; each
method wraps its input in a new query. Names are quoted with backticks and literals are
written by _literal_sql, so no value a user passes can change the shape of a query. The
engine parses and binds the text like any pipeline query: no row ever passes through Python.
"""

import datetime
import decimal
import itertools
import math
import re

from sluice import _actions, _schemas
from sluice.errors import (AnalysisException, PySparkAttributeError, PySparkNotImplementedError,
                           PySparkTypeError, PySparkValueError)
from sluice.types import DataType, StructField, StructType, _parse_type, _type_sql, _schema_sql

# Each DataFrame's alias as a subquery, `__q<n>`: unique in the process, so that the two sides
# of a join are told apart; _numbered_aliases renumbers them within a statement.
_alias_numbers = itertools.count(1)
# The pieces of a query's text an alias is looked for among: string literals and comments
# (passed over), and quoted names (an alias when it is one of the form above).
_TEXT_PIECES = re.compile(r"'(?:[^'\\]|\\.)*'" r'|"(?:[^"\\]|\\.)*"' r"|--[^\n]*|/\*.*?\*/"
                          r"|`(?:[^`]|``)*`", re.DOTALL)
_ALIAS = re.compile(r"`__q[0-9]+`")


def _numbered_aliases(text):
    """`text` with its DataFrames' aliases renumbered from 1 in the order they first appear,
    so that a definition makes the same statement however many DataFrames the process made
    before it (a materialized view's refresh compares its statement with the last one's)."""
    numbers = {}

    def renumber(match):
        piece = match.group(0)
        if _ALIAS.fullmatch(piece) is None:
            return piece
        return numbers.setdefault(piece, f"`__q{len(numbers) + 1}`")

    return _TEXT_PIECES.sub(renumber, text)


def _quote(name):
    return "`" + str(name).replace("`", "``") + "`"


def _string_sql(text):
    return "'" + str(text).replace("\\", "\\\\").replace("'", "\\'") + "'"


def _split_name(name):
    """Splits a multi-part name ("a.b", "`a.b`.c") into its parts."""
    parts = []
    current = ""
    quoted = False
    index = 0
    while index < len(name):
        char = name[index]
        if quoted:
            if char == "`":
                if index + 1 < len(name) and name[index + 1] == "`":
                    current += "`"
                    index += 1
                else:
                    quoted = False
            else:
                current += char
        elif char == "`":
            quoted = True
        elif char == ".":
            parts.append(current)
            current = ""
        else:
            current += char
        index += 1
    parts.append(current)
    if quoted or any(part == "" for part in parts):
        raise PySparkValueError(
            errorClass="INVALID_IDENTIFIER",
            messageParameters={"ident": name},
            message=f"The name {name!r} is not a valid identifier.",
        )
    return parts


def _name_sql(name):
    """A table or column name (possibly qualified) as quoted SQL."""
    return ".".join(_quote(part) for part in _split_name(name))


def _literal_sql(value):
    """A Python value as a Spark SQL literal of the type pyspark gives it."""
    if value is None:
        return "NULL"
    if isinstance(value, Column):
        return value._sql
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        if -(2**31) <= value < 2**31:
            return str(value)
        return f"{value}L"
    if isinstance(value, float):
        if math.isnan(value):
            return "CAST('NaN' AS DOUBLE)"
        if math.isinf(value):
            return "CAST('Infinity' AS DOUBLE)" if value > 0 else "CAST('-Infinity' AS DOUBLE)"
        return f"{value!r}D"
    if isinstance(value, decimal.Decimal):
        return f"{value}BD"
    if isinstance(value, str):
        return _string_sql(value)
    if isinstance(value, datetime.datetime):
        return f"TIMESTAMP {_string_sql(value.isoformat(sep=' '))}"
    if isinstance(value, datetime.date):
        return f"DATE {_string_sql(value.isoformat())}"
    if isinstance(value, (bytes, bytearray)):
        return "X" + _string_sql(bytes(value).hex())
    if isinstance(value, (list, tuple)):
        return "array(" + ", ".join(_literal_sql(item) for item in value) + ")"
    if isinstance(value, dict):
        items = ", ".join(f"{_literal_sql(k)}, {_literal_sql(v)}" for k, v in value.items())
        return f"map({items})"
    raise PySparkTypeError(
        errorClass="UNSUPPORTED_LITERAL",
        messageParameters={"literal": repr(value)},
        message=f"Cannot turn the Python value {value!r} of type {type(value).__name__} into "
        "a literal.",
    )


def _column(value):
    """A column argument: a Column, or a column name."""
    if isinstance(value, Column):
        return value
    if isinstance(value, str):
        return Column("*" if value == "*" else _name_sql(value))
    raise PySparkTypeError(
        errorClass="NOT_COLUMN_OR_STR",
        messageParameters={"arg_name": "col", "arg_type": type(value).__name__},
    )


def _operand(value):
    """The other side of an operator: a Column, else a literal."""
    return value._sql if isinstance(value, Column) else _literal_sql(value)


class Column:
    """An expression of a DataFrame, as Spark SQL text."""

    def __init__(self, sql, alias=None):
        self._sql = sql
        self._alias = alias

    def _item_sql(self):
        """The expression as a select item, with its alias."""
        return self._sql if self._alias is None else f"{self._sql} AS {_quote(self._alias)}"

    def _binary(self, operator, other, reverse=False):
        left, right = self._sql, _operand(other)
        if reverse:
            left, right = right, left
        return Column(f"({left} {operator} {right})")

    __add__ = lambda self, other: self._binary("+", other)
    __radd__ = lambda self, other: self._binary("+", other, True)
    __sub__ = lambda self, other: self._binary("-", other)
    __rsub__ = lambda self, other: self._binary("-", other, True)
    __mul__ = lambda self, other: self._binary("*", other)
    __rmul__ = lambda self, other: self._binary("*", other, True)
    __truediv__ = lambda self, other: self._binary("/", other)
    __rtruediv__ = lambda self, other: self._binary("/", other, True)
    __mod__ = lambda self, other: self._binary("%", other)
    __rmod__ = lambda self, other: self._binary("%", other, True)
    __eq__ = lambda self, other: self._binary("=", other)
    __ne__ = lambda self, other: self._binary("<>", other)
    __lt__ = lambda self, other: self._binary("<", other)
    __le__ = lambda self, other: self._binary("<=", other)
    __gt__ = lambda self, other: self._binary(">", other)
    __ge__ = lambda self, other: self._binary(">=", other)
    __and__ = lambda self, other: self._binary("AND", other)
    __rand__ = lambda self, other: self._binary("AND", other, True)
    __or__ = lambda self, other: self._binary("OR", other)
    __ror__ = lambda self, other: self._binary("OR", other, True)
    __pow__ = lambda self, other: Column(f"power({self._sql}, {_operand(other)})")
    __hash__ = None

    def __neg__(self):
        return Column(f"(- {self._sql})")

    def __invert__(self):
        return Column(f"(NOT {self._sql})")

    def __bool__(self):
        raise PySparkValueError(
            errorClass="CANNOT_CONVERT_COLUMN_INTO_BOOL",
            messageParameters={},
            message="Cannot convert a Column into bool: use '&' for 'and', '|' for 'or', '~' "
            "for 'not' when building DataFrame boolean expressions.",
        )

    def __getitem__(self, key):
        if isinstance(key, slice):
            raise PySparkValueError(
                errorClass="NOT_SUPPORTED", messageParameters={}, message="Column slices")
        return Column(f"{self._sql}[{_operand(key)}]")

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return self.getField(name)

    def __repr__(self):
        return f"Column<'{self._item_sql()}'>"

    def eqNullSafe(self, other):
        return self._binary("<=>", other)

    def getField(self, name):
        return Column(f"{self._sql}.{_quote(name)}")

    def getItem(self, key):
        return Column(f"{self._sql}[{_operand(key)}]")

    def alias(self, *names, **kwargs):
        if len(names) != 1:
            raise PySparkValueError(
                errorClass="NOT_SUPPORTED", messageParameters={},
                message="alias takes one name here.")
        return Column(self._sql, alias=names[0])

    name = alias

    def cast(self, dataType):
        return Column(f"CAST({self._sql} AS {_type_sql(dataType)})")

    astype = cast

    def try_cast(self, dataType):
        return Column(f"TRY_CAST({self._sql} AS {_type_sql(dataType)})")

    def isNull(self):
        return Column(f"({self._sql} IS NULL)")

    def isNotNull(self):
        return Column(f"({self._sql} IS NOT NULL)")

    def isNaN(self):
        return Column(f"isnan({self._sql})")

    def isin(self, *values):
        if len(values) == 1 and isinstance(values[0], (list, tuple, set)):
            values = tuple(values[0])
        if not values:
            return Column("FALSE")
        return Column(f"({self._sql} IN ({', '.join(_operand(v) for v in values)}))")

    def between(self, lowerBound, upperBound):
        return Column(f"({self._sql} BETWEEN {_operand(lowerBound)} AND {_operand(upperBound)})")

    def like(self, other):
        return Column(f"({self._sql} LIKE {_operand(other)})")

    def ilike(self, other):
        return Column(f"({self._sql} ILIKE {_operand(other)})")

    def rlike(self, other):
        return Column(f"({self._sql} RLIKE {_operand(other)})")

    def contains(self, other):
        return Column(f"contains({self._sql}, {_operand(other)})")

    def startswith(self, other):
        return Column(f"startswith({self._sql}, {_operand(other)})")

    def endswith(self, other):
        return Column(f"endswith({self._sql}, {_operand(other)})")

    def substr(self, startPos, length):
        return Column(f"substring({self._sql}, {_operand(startPos)}, {_operand(length)})")

    def asc(self):
        return Column(f"{self._sql} ASC")

    def asc_nulls_first(self):
        return Column(f"{self._sql} ASC NULLS FIRST")

    def asc_nulls_last(self):
        return Column(f"{self._sql} ASC NULLS LAST")

    def desc(self):
        return Column(f"{self._sql} DESC")

    def desc_nulls_first(self):
        return Column(f"{self._sql} DESC NULLS FIRST")

    def desc_nulls_last(self):
        return Column(f"{self._sql} DESC NULLS LAST")

    def when(self, condition, value):
        if not isinstance(self, _CaseColumn):
            raise PySparkValueError(
                errorClass="INVALID_WHEN_USAGE", messageParameters={},
                message="when() can only be applied on a Column previously generated by "
                "when() function.")
        return _CaseColumn(self._branches + [(_operand(condition), _operand(value))])

    def otherwise(self, value):
        if not isinstance(self, _CaseColumn) or self._else is not None:
            raise PySparkValueError(
                errorClass="INVALID_WHEN_USAGE", messageParameters={},
                message="otherwise() can only be applied once on a Column previously generated "
                "by when().")
        return _CaseColumn(self._branches, _operand(value))

    def over(self, window):
        return Column(f"{self._sql} OVER ({window._sql})")


class _CaseColumn(Column):
    def __init__(self, branches, otherwise=None):
        self._branches = branches
        self._else = otherwise
        text = "CASE" + "".join(f" WHEN {c} THEN {v}" for c, v in branches)
        if otherwise is not None:
            text += f" ELSE {otherwise}"
        super().__init__(text + " END")


def _flatten(columns):
    if len(columns) == 1 and isinstance(columns[0], (list, tuple)):
        return list(columns[0])
    return list(columns)


def _condition_sql(condition):
    if isinstance(condition, str):
        return f"({condition})"
    if isinstance(condition, Column):
        return condition._sql
    raise PySparkTypeError(
        errorClass="NOT_COLUMN_OR_STR",
        messageParameters={"arg_name": "condition", "arg_type": type(condition).__name__},
    )


_JOIN_TYPES = {
    "inner": "INNER JOIN", "cross": "CROSS JOIN",
    "outer": "FULL OUTER JOIN", "full": "FULL OUTER JOIN", "fullouter": "FULL OUTER JOIN",
    "full_outer": "FULL OUTER JOIN",
    "left": "LEFT OUTER JOIN", "leftouter": "LEFT OUTER JOIN", "left_outer": "LEFT OUTER JOIN",
    "right": "RIGHT OUTER JOIN", "rightouter": "RIGHT OUTER JOIN",
    "right_outer": "RIGHT OUTER JOIN",
    "semi": "LEFT SEMI JOIN", "leftsemi": "LEFT SEMI JOIN", "left_semi": "LEFT SEMI JOIN",
    "anti": "LEFT ANTI JOIN", "leftanti": "LEFT ANTI JOIN", "left_anti": "LEFT ANTI JOIN",
}


# A column reference as Column text: `name`, or `frame`.`name`.
_REFERENCE = re.compile(r"(?:`(?:[^`]|``)*`\.)?`((?:[^`]|``)*)`")


def _either_streaming(left, right):
    """Whether a query of two inputs reads a stream: None while either side is not known."""
    if left._streaming or right._streaming:
        return True
    if left._streaming is None or right._streaming is None:
        return None
    return False


class DataFrame:
    """A query of a pipeline, as Spark SQL text. `columns` is known when the query says it
    (range, select); the columns of a dataset read, and whether a SQL text reads a stream, are
    known once the graph has resolved what it reads (sluice._schemas)."""

    def __init__(self, session, sql, streaming=False, columns=None, name=None, join=None):
        self._session = session
        self._sql = sql
        # None: decided by binding the query.
        self._streaming = streaming
        self._columns = columns
        self._shape = None
        self._name = name or f"__q{next(_alias_numbers)}"
        # A join's FROM clause: the next query reads it as is, so that the columns of both
        # sides (df1.id, df2.id) stay addressable through their DataFrames.
        self._join = join

    def _source(self):
        if self._join is not None:
            return self._join
        return f"({self._sql}) AS {_quote(self._name)}"

    def _derive(self, sql, columns=None, streaming=None):
        return DataFrame(self._session, sql,
                         self._streaming if streaming is None else streaming, columns)

    def _check_action(self, action):
        from sluice import pipelines

        pipelines._refuse_action(action)

    # Columns and schema --------------------------------------------------------------------
    def _described(self):
        """The query's columns with their Spark type names, and whether it reads a stream, as
        the graph binds it."""
        if self._shape is None:
            if self._session._runs_commands:
                # A session of the sluice package has its catalog at hand: binding the query
                # and running it for no rows gives its columns.
                self._shape = (_actions.describe(self), False)
            else:
                self._shape = _schemas.describe(self._sql)
        return self._shape

    @property
    def columns(self):
        if self._columns is None:
            self._columns = [name for name, _ in self._described()[0]]
        return list(self._columns)

    @property
    def dtypes(self):
        return list(self._described()[0])

    @property
    def schema(self):
        return StructType([StructField(name, _parse_type(type_name))
                           for name, type_name in self._described()[0]])

    def printSchema(self, level=None):
        print(self.schema.treeString(level))

    @property
    def isStreaming(self):
        if self._streaming is None:
            self._streaming = self._described()[1]
        return self._streaming

    def _column_named(self, name):
        """The column of this DataFrame named `name` (any case), or None."""
        lowered = name.lower()
        return next((column for column in self.columns if column.lower() == lowered), None)

    def __getitem__(self, item):
        if isinstance(item, str):
            if self._join is not None:
                return Column(_name_sql(item))
            return Column(f"{_quote(self._name)}.{_name_sql(item)}")
        if isinstance(item, Column):
            return self.filter(item)
        if isinstance(item, (list, tuple)):
            return self.select(*item)
        if isinstance(item, int):
            return self[self.columns[item]]
        raise PySparkTypeError(
            errorClass="NOT_COLUMN_OR_INT_OR_LIST_OR_STR",
            messageParameters={"arg_name": "item", "arg_type": type(item).__name__},
        )

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        # A misspelt method reads as a column name: only a column of the DataFrame is one.
        if self._column_named(name) is None:
            raise PySparkAttributeError(
                errorClass="ATTRIBUTE_NOT_SUPPORTED", messageParameters={"attr_name": name},
                message=f"Attribute `{name}` is not supported.")
        return self[name]

    def __repr__(self):
        return f"DataFrame<{self._sql}>"

    # Transformations -----------------------------------------------------------------------
    def alias(self, alias):
        return DataFrame(self._session, self._sql, self._streaming, self._columns, alias)

    def select(self, *cols):
        cols = _flatten(cols)
        items = [_column(c)._item_sql() for c in cols]
        known = None
        if all(isinstance(c, str) and c != "*" and "." not in c or
               isinstance(c, Column) and c._alias is not None for c in cols):
            known = [c if isinstance(c, str) else c._alias for c in cols]
        return self._derive(f"SELECT {', '.join(items)} FROM {self._source()}", known)

    def selectExpr(self, *exprs):
        exprs = _flatten(exprs)
        return self._derive(f"SELECT {', '.join(exprs)} FROM {self._source()}")

    def filter(self, condition):
        return self._derive(f"SELECT * FROM {self._source()} WHERE {_condition_sql(condition)}",
                            self._columns)

    where = filter

    def withColumns(self, *colsMap):
        mapping = colsMap[0] if len(colsMap) == 1 else {}
        result = self
        for name, column in mapping.items():
            result = result.withColumn(name, column)
        return result

    def withColumn(self, colName, col):
        if not isinstance(col, Column):
            raise PySparkTypeError(
                errorClass="NOT_COLUMN",
                messageParameters={"arg_name": "col", "arg_type": type(col).__name__},
            )
        value = f"{col._sql} AS {_quote(colName)}"
        # A column of that name is replaced where it stands; a new one goes last.
        existing = self.columns
        lowered = colName.lower()
        if any(c.lower() == lowered for c in existing):
            items = [value if c.lower() == lowered else _quote(c) for c in existing]
            columns = [colName if c.lower() == lowered else c for c in existing]
        else:
            items = [_quote(c) for c in existing] + [value]
            columns = existing + [colName]
        return self._derive(f"SELECT {', '.join(items)} FROM {self._source()}", columns)

    def withColumnRenamed(self, existing, new):
        return self.withColumnsRenamed({existing: new})

    def withColumnsRenamed(self, colsMap):
        # Renamed columns keep their place; a name the DataFrame lacks is ignored, as in Spark.
        lowered = {old.lower(): new for old, new in colsMap.items()}
        items = []
        columns = []
        for column in self.columns:
            new = lowered.get(column.lower())
            items.append(_quote(column) if new is None else f"{_quote(column)} AS {_quote(new)}")
            columns.append(column if new is None else new)
        return self._derive(f"SELECT {', '.join(items)} FROM {self._source()}", columns)

    def drop(self, *cols):
        names = []
        for column in cols:
            if isinstance(column, Column):
                # A column reference drops that column; any other expression drops nothing.
                reference = _REFERENCE.fullmatch(column._sql)
                if reference:
                    names.append(reference.group(1).replace("``", "`"))
            elif isinstance(column, str):
                names.append(column)
            else:
                raise PySparkTypeError(
                    errorClass="NOT_COLUMN_OR_STR",
                    messageParameters={"arg_name": "cols", "arg_type": type(column).__name__})
        # A name the DataFrame lacks is ignored, as in Spark.
        present = [name for name in names if self._column_named(name) is not None]
        if not present:
            return self
        if self._join is not None:
            # A join's columns may repeat a name: both sides' columns of that name go.
            excluded = ", ".join(_quote(name) for name in present)
            return self._derive(f"SELECT * EXCEPT ({excluded}) FROM {self._source()}")
        dropped = {name.lower() for name in present}
        return self.select(*[c for c in self.columns if c.lower() not in dropped])

    def distinct(self):
        return self._derive(f"SELECT DISTINCT * FROM {self._source()}", self._columns)

    def dropDuplicates(self, subset=None):
        if self.isStreaming:
            # Spark keeps the keys of every earlier batch; a per-batch GROUP BY would let a
            # later batch's duplicates through.
            raise PySparkNotImplementedError(
                errorClass="NOT_SUPPORTED", messageParameters={},
                message="dropDuplicates on a streaming DataFrame is not supported yet: it keeps "
                "the keys of every earlier batch. Deduplicate in a materialized view, or apply "
                "the changes by key with an AUTO CDC flow.")
        if subset is None:
            return self.distinct()
        if isinstance(subset, str) or not isinstance(subset, (list, tuple)):
            raise PySparkTypeError(
                errorClass="NOT_LIST_OR_TUPLE",
                messageParameters={"arg_name": "subset", "arg_type": type(subset).__name__})
        # One row of each key, as Spark plans it: the keys grouped, every other column the
        # first value of its group, in the DataFrame's column order.
        keys = []
        for name in subset:
            column = self._column_named(name)
            if column is None:
                raise AnalysisException(
                    errorClass="UNRESOLVED_COLUMN_AMONG_FIELD_NAMES",
                    messageParameters={"colName": name, "fieldNames": ", ".join(self.columns)},
                    message=f'Cannot resolve column name "{name}" among '
                    f'({", ".join(self.columns)}).')
            if column not in keys:
                keys.append(column)
        if not keys:
            return self.distinct()
        items = [_quote(c) if c in keys else f"first({_quote(c)}) AS {_quote(c)}"
                 for c in self.columns]
        grouping = ", ".join(_quote(key) for key in keys)
        return self._derive(
            f"SELECT {', '.join(items)} FROM {self._source()} GROUP BY {grouping}",
            self.columns)

    drop_duplicates = dropDuplicates

    def orderBy(self, *cols, ascending=None):
        cols = [_column(c) for c in _flatten(cols)]
        if ascending is not None:
            flags = ascending if isinstance(ascending, (list, tuple)) else [ascending] * len(cols)
            keys = [f"{c._sql} {'ASC' if flag else 'DESC'}" for c, flag in zip(cols, flags)]
        else:
            keys = [c._sql for c in cols]
        return self._derive(f"SELECT * FROM {self._source()} ORDER BY {', '.join(keys)}",
                            self._columns)

    sort = orderBy

    def limit(self, num):
        if not isinstance(num, int) or isinstance(num, bool):
            raise PySparkTypeError(
                errorClass="NOT_INT",
                messageParameters={"arg_name": "num", "arg_type": type(num).__name__})
        return self._derive(f"SELECT * FROM {self._source()} LIMIT {num}", self._columns)

    def union(self, other):
        return self._derive(
            f"SELECT * FROM {self._source()} UNION ALL SELECT * FROM {other._source()}",
            self._columns, _either_streaming(self, other))

    unionAll = union

    def unionByName(self, other, allowMissingColumns=False):
        # The columns of this DataFrame, then those only the other has; with
        # allowMissingColumns, a side lacking a column gives NULLs.
        mine = self.columns
        theirs = other.columns
        names = list(mine)
        for column in theirs:
            if column.lower() not in {n.lower() for n in names}:
                names.append(column)
        if not allowMissingColumns:
            for name in mine:
                if name.lower() not in {c.lower() for c in theirs}:
                    raise AnalysisException(
                        errorClass="UNRESOLVED_COLUMN_AMONG_FIELD_NAMES",
                        messageParameters={"colName": name, "fieldNames": ", ".join(theirs)},
                        message=f'Cannot resolve column name "{name}" among '
                        f'({", ".join(theirs)}).')
            if len(names) != len(mine):
                raise AnalysisException(
                    errorClass="NUM_COLUMNS_MISMATCH",
                    messageParameters={"operator": "UNION"},
                    message=f"UNION can only be performed on inputs with the same number of "
                    f"columns, but the first input has {len(mine)} columns and the second "
                    f"input has {len(theirs)} columns.")

        def side(frame, own_columns):
            own = {c.lower() for c in own_columns}
            items = [_quote(name) if name.lower() in own else f"NULL AS {_quote(name)}"
                     for name in names]
            return f"SELECT {', '.join(items)} FROM {frame._source()}"

        return self._derive(f"{side(self, mine)} UNION ALL {side(other, theirs)}", names,
                            _either_streaming(self, other))

    def join(self, other, on=None, how=None):
        kind = _JOIN_TYPES.get((how or "inner").lower().replace(" ", ""))
        if kind is None:
            raise PySparkValueError(
                errorClass="UNSUPPORTED_JOIN_TYPE", messageParameters={"join_type": how},
                message=f"Unsupported join type {how!r}.")
        text = f"{self._source()} {kind} {other._source()}"
        if on is not None:
            if isinstance(on, str):
                on = [on]
            if isinstance(on, Column):
                text += f" ON {on._sql}"
            elif all(isinstance(name, str) for name in on):
                text += f" USING ({', '.join(_quote(name) for name in on)})"
            else:
                condition = " AND ".join(c._sql for c in on)
                text += f" ON {condition}"
        return DataFrame(self._session, f"SELECT * FROM {text}", _either_streaming(self, other),
                         join=text)

    def crossJoin(self, other):
        return self.join(other, how="cross")

    def groupBy(self, *cols):
        return GroupedData(self, [_column(c) for c in _flatten(cols)])

    groupby = groupBy

    def agg(self, *exprs):
        return self.groupBy().agg(*exprs)

    def withWatermark(self, eventTime, delayThreshold):
        return self

    # Actions: they run the query, except in a query function, which only describes it -------
    def collect(self):
        self._check_action("collect")
        return _actions.collect(self)

    def count(self):
        self._check_action("count")
        return _actions.count(self)

    def show(self, n=20, truncate=True, vertical=False):
        self._check_action("show")
        print(_actions.show_string(self, n, truncate, vertical))

    def toPandas(self):
        self._check_action("toPandas")
        return _actions.to_pandas(self)

    def toArrow(self):
        self._check_action("toArrow")
        return _actions.to_arrow(self)

    def first(self):
        self._check_action("first")
        return _actions.head(self, None)

    def head(self, n=None):
        self._check_action("head")
        return _actions.head(self, n)

    def take(self, num):
        self._check_action("take")
        return _actions.head(self, num)


class GroupedData:
    def __init__(self, frame, keys):
        self._frame = frame
        self._keys = keys

    def agg(self, *exprs):
        if len(exprs) == 1 and isinstance(exprs[0], dict):
            exprs = [Column(f"{function}({_name_sql(name)})", alias=f"{function}({name})")
                     for name, function in exprs[0].items()]
        items = [key._item_sql() for key in self._keys] + [e._item_sql() for e in exprs]
        text = f"SELECT {', '.join(items)} FROM {self._frame._source()}"
        if self._keys:
            text += " GROUP BY " + ", ".join(key._sql for key in self._keys)
        return self._frame._derive(text)

    def count(self):
        return self.agg(Column("count(1)", alias="count"))

    def _each(self, function, cols):
        return self.agg(*[Column(f"{function}({_name_sql(c)})", alias=f"{function}({c})")
                          for c in cols])

    def sum(self, *cols):
        return self._each("sum", cols)

    def avg(self, *cols):
        return self._each("avg", cols)

    mean = avg

    def min(self, *cols):
        return self._each("min", cols)

    def max(self, *cols):
        return self._each("max", cols)


class RuntimeConfig:
    """spark.conf: the pipeline's configuration (the spec's `configuration`), which a
    pipeline may not change; a session of the `sluice` package sets its settings."""

    def __init__(self, values, session=None):
        self._values = dict(values)
        self._session = session

    def get(self, key, default=None):
        if key in self._values:
            return self._values[key]
        if default is None:
            from sluice.errors import PySparkException

            raise PySparkException(
                errorClass="SQL_CONF_NOT_FOUND", messageParameters={"sqlConf": key},
                message=f"The SQL config {key!r} cannot be found.")
        return default

    def set(self, key, value):
        if self._session is None:
            from sluice import pipelines

            pipelines._refuse_session_mutation("spark.conf.set")
        value = "true" if value is True else "false" if value is False else str(value)
        self._session.sql(f"SET {key} = {value}")
        self._values[key] = value

    def unset(self, key):
        from sluice import pipelines

        pipelines._refuse_session_mutation("spark.conf.unset")


def _is_true(value):
    return value is True or str(value).lower() == "true"


def _table_changes_sql(table_name, options):
    """A batch read of a table's change data feed: table_changes from the starting version or
    timestamp to the ending one (the latest without one)."""
    def bound(version_key, timestamp_key):
        if options.get(version_key) is not None:
            return str(int(options[version_key]))
        if options.get(timestamp_key) is not None:
            return _string_sql(options[timestamp_key])
        return None

    start = bound("startingVersion", "startingTimestamp")
    if start is None:
        raise PySparkValueError(
            errorClass="DELTA_NO_START_FOR_CDC_READ", messageParameters={},
            message="No startingVersion or startingTimestamp provided for CDC read.")
    arguments = [_string_sql(table_name), start]
    end = bound("endingVersion", "endingTimestamp")
    if end is not None:
        arguments.append(end)
    return f"SELECT * FROM table_changes({', '.join(arguments)})"


def _reader_sql(format_name, options, schema, path, streaming):
    arguments = [_string_sql(path)]
    if format_name:
        arguments.append(f"format => {_string_sql(format_name)}")
    if schema is not None:
        arguments.append(f"schema => {_string_sql(_schema_sql(schema))}")
    for key, value in options.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        arguments.append(f"{_quote(key)} => {_string_sql(value)}")
    stream = "STREAM " if streaming else ""
    return f"SELECT * FROM {stream}read_files({', '.join(arguments)})"


class DataFrameReader:
    """spark.read and spark.readStream."""

    def __init__(self, session, streaming):
        self._session = session
        self._streaming = streaming
        self._format = None
        self._options = {}
        self._schema = None

    def format(self, source):
        self._format = source
        return self

    def option(self, key, value):
        self._options[key] = value
        return self

    def options(self, **options):
        self._options.update(options)
        return self

    def schema(self, schema):
        self._schema = schema
        return self

    def table(self, tableName):
        source = _name_sql(tableName)
        if not self._streaming and _is_true(self._options.get("readChangeFeed")):
            return DataFrame(self._session, _table_changes_sql(tableName, self._options), False)
        # A batch read's readChangeFeed chose table_changes above, or is false.
        read_options = {key: value for key, value in self._options.items()
                        if self._streaming or key.lower() != "readchangefeed"}
        if read_options:
            # The read options go with the table, as pyspark passes them to its relation: a
            # stream's (readChangeFeed, skipChangeCommits, ...), and a batch read's, which the
            # engine takes or refuses as it does SQL's `t WITH (...)`.
            options = []
            for key, value in read_options.items():
                if isinstance(value, bool):
                    value = "true" if value else "false"
                options.append(f"{_string_sql(key)} = {_string_sql(value)}")
            stream = "STREAM " if self._streaming else ""
            source = f"{stream}{source} WITH ({', '.join(options)})"
        elif self._streaming:
            source = f"STREAM({source})"
        return DataFrame(self._session, f"SELECT * FROM {source}", self._streaming)

    def load(self, path=None, format=None, schema=None, **options):
        if format is not None:
            self._format = format
        if schema is not None:
            self._schema = schema
        self._options.update(options)
        if path is None:
            raise PySparkValueError(
                errorClass="NOT_SUPPORTED", messageParameters={},
                message="load() reads files: give it a path.")
        format_name = self._format
        options = dict(self._options)
        if format_name is not None and format_name.lower() == "cloudfiles":
            # Auto Loader: its cloudFiles.* options are read_files' options.
            format_name = options.pop("cloudFiles.format", None)
            options = {key[len("cloudFiles."):] if key.startswith("cloudFiles.") else key: value
                       for key, value in options.items()}
        return DataFrame(self._session,
                         _reader_sql(format_name, options, self._schema, path, self._streaming),
                         self._streaming)

    def _format_load(format_name):
        def load(self, path, **options):
            return self.format(format_name).load(path, **options)

        return load

    json = _format_load("json")
    csv = _format_load("csv")
    parquet = _format_load("parquet")
    text = _format_load("text")


# The text of a query, as opposed to a command.
_QUERY_START = re.compile(r"(\s|--[^\n]*\n|/\*.*?\*/)*(SELECT|WITH|VALUES|FROM|TABLE|\()",
                          re.IGNORECASE | re.DOTALL)


class Row(tuple):
    """A row of values, by position or by field name: Row(id=1, name="a")."""

    def __new__(cls, *values, **fields):
        if values and fields:
            raise PySparkValueError(
                errorClass="CANNOT_SET_TOGETHER", messageParameters={},
                message="A Row takes values or named fields, not both.")
        row = tuple.__new__(cls, values or tuple(fields.values()))
        row.__fields__ = list(fields) if fields else None
        return row

    def asDict(self):
        return dict(zip(self.__fields__ or [], self))

    def __getattr__(self, name):
        fields = self.__dict__.get("__fields__")
        if fields and name in fields:
            return self[fields.index(name)]
        raise AttributeError(name)

    def __getitem__(self, item):
        if isinstance(item, str):
            fields = self.__fields__ or []
            if item not in fields:
                raise PySparkValueError(
                    errorClass="KEY_NOT_EXISTS", messageParameters={"key": item},
                    message=f"Key `{item}` is not in the Row.")
            item = fields.index(item)
        return tuple.__getitem__(self, item)

    def __repr__(self):
        if self.__fields__ is not None:
            items = ", ".join(f"{name}={value!r}" for name, value in zip(self.__fields__, self))
            return f"Row({items})"
        return f"<Row({', '.join(repr(value) for value in self)})>"


def _split_top_level(ddl):
    """Splits "a INT, b MAP<STRING, INT>" at the commas outside brackets."""
    parts = []
    depth = 0
    current = ""
    for char in ddl:
        if char in "<(":
            depth += 1
        elif char in ">)":
            depth -= 1
        if char == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    if current.strip():
        parts.append(current.strip())
    return parts


def _schema_columns(schema):
    """(name, DDL type or None) for each column of a createDataFrame schema."""
    if isinstance(schema, StructType):
        return [(field.name, field.dataType.simpleString()) for field in schema.fields]
    if isinstance(schema, (list, tuple)):
        return [(name, None) for name in schema]
    if isinstance(schema, str):
        columns = []
        for part in _split_top_level(schema):
            pieces = part.replace(":", " ", 1).split(None, 1)
            if len(pieces) != 2:
                raise PySparkValueError(
                    errorClass="CANNOT_PARSE_DATATYPE", messageParameters={"msg": part},
                    message=f"Cannot parse the column {part!r} of the schema {schema!r}.")
            columns.append((pieces[0].strip("`"), pieces[1]))
        return columns
    raise PySparkTypeError(
        errorClass="NOT_LIST_OR_STR_OR_STRUCT",
        messageParameters={"arg_name": "schema", "arg_type": type(schema).__name__},
    )


class _Builder:
    """SparkSession.builder: sluice's session options are spark.sluice.storage (a storage
    folder) and spark.sluice.spec (a pipeline's spec: its storage, catalog and schema); with
    neither, the session has a temporary catalog of its own."""

    _active = None

    def __init__(self):
        self._options = {}

    def config(self, key=None, value=None, conf=None, map=None):
        if key is not None:
            self._options[key] = str(value)
        for options in (conf, map):
            self._options.update({k: str(v) for k, v in dict(options or {}).items()})
        return self

    def appName(self, name):
        return self.config("spark.app.name", name)

    def master(self, master):
        return self.config("spark.master", master)

    def enableHiveSupport(self):
        return self

    def getOrCreate(self):
        if _Builder._active is None:
            options = dict(self._options)
            _Builder._active = SparkSession(options, lambda: _actions.connect(
                storage=options.get("spark.sluice.storage", ""),
                spec=options.get("spark.sluice.spec", "")), runs_commands=True)
        return _Builder._active


class _BuilderProperty:
    def __get__(self, instance, owner):
        return _Builder()


class SparkSession:
    """`spark`: it builds DataFrames; their actions run in the catalog `connect` opens (a
    pipeline's, for the top level of a pipeline file; by default a temporary one)."""

    builder = _BuilderProperty()

    def __init__(self, configuration=None, connect=None, runs_commands=False):
        self.conf = RuntimeConfig(configuration or {}, self if runs_commands else None)
        self._open = connect or _actions.connect
        self._connection = None
        # A session of the `sluice` package runs spark.sql's commands when they are given; a
        # pipeline file's only describes queries.
        self._runs_commands = runs_commands

    def _connect(self):
        """The session's catalog, opened on the first action."""
        if self._connection is None:
            self._connection = self._open()
        return self._connection

    @classmethod
    def getActiveSession(cls):
        return _Builder._active

    def stop(self):
        self._connection = None
        if _Builder._active is self:
            _Builder._active = None

    @property
    def read(self):
        return DataFrameReader(self, streaming=False)

    @property
    def readStream(self):
        return DataFrameReader(self, streaming=True)

    def table(self, tableName):
        return self.read.table(tableName)

    def sql(self, sqlQuery, args=None, **kwargs):
        if args or kwargs:
            raise PySparkNotImplementedError(
                errorClass="NOT_SUPPORTED", messageParameters={},
                message="spark.sql with parameters is not supported yet.")
        text = sqlQuery.strip().rstrip(";")
        if self._runs_commands and not _QUERY_START.match(text):
            # As in pyspark, a command (CREATE, INSERT, SET, SHOW, ...) runs now, once; its
            # DataFrame holds the rows it returned.
            return _actions.command_frame(self, text)
        # Whether it reads a stream is known by binding it, when asked.
        return DataFrame(self, text, None)

    def createDataFrame(self, data, schema=None, samplingRatio=None, verifySchema=True):
        rows = list(data)
        if schema is None:
            first = rows[0] if rows else None
            if isinstance(first, dict):
                schema = list(first)
            elif isinstance(first, Row) and first.__fields__:
                schema = list(first.__fields__)
            else:
                raise PySparkValueError(
                    errorClass="CANNOT_INFER_EMPTY_SCHEMA" if not rows else "CANNOT_INFER_SCHEMA",
                    messageParameters={},
                    message="createDataFrame needs a schema (a DDL string, a StructType or a "
                    "list of column names) unless its rows are dicts or Rows with names.")
        columns = _schema_columns(schema)
        names = [name for name, _ in columns]
        values = []
        for row in rows:
            if isinstance(row, dict):
                row = [row.get(name) for name in names]
            elif isinstance(row, Row) and row.__fields__:
                row = [row.asDict().get(name) for name in names]
            elif not isinstance(row, (list, tuple)):
                row = [row]
            if len(row) != len(columns):
                raise PySparkValueError(
                    errorClass="AXIS_LENGTH_MISMATCH",
                    messageParameters={"expected_length": str(len(columns)),
                                       "actual_length": str(len(row))},
                    message=f"A row has {len(row)} values for {len(columns)} columns.")
            values.append("(" + ", ".join(_literal_sql(value) for value in row) + ")")
        items = [f"CAST({_quote(name)} AS {data_type}) AS {_quote(name)}" if data_type
                 else _quote(name) for name, data_type in columns]
        column_list = ", ".join(_quote(name) for name in names)
        if values:
            source = f"VALUES {', '.join(values)} AS t({column_list})"
        else:
            nulls = ", ".join(f"NULL AS {_quote(name)}" for name in names)
            source = f"(SELECT {nulls} WHERE FALSE) AS t"
        return DataFrame(self, f"SELECT {', '.join(items)} FROM {source}", False, names)

    def range(self, start, end=None, step=1, numPartitions=None):
        if end is None:
            start, end = 0, start
        arguments = [_literal_sql(start), _literal_sql(end), _literal_sql(step)]
        return DataFrame(self, f"SELECT id FROM range({', '.join(arguments)})", False, ["id"])
