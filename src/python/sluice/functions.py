"""pyspark.sql.functions: each function builds a call of sluice's function of the same name.

Functions not written out here are found by name (`F.upper`, `F.date_format`, ...): string
arguments name columns, except the arguments listed in _LITERAL_ARGUMENTS, which Spark takes
as values (patterns, formats, separators)."""

from sluice.sql import Column, _CaseColumn, _column, _literal_sql, _name_sql, _operand, _quote
from sluice.types import DataType, _type_sql


def col(col):
    return _column(col)


column = col


def lit(col):
    if isinstance(col, Column):
        return col
    return Column(_literal_sql(col))


def expr(str):
    return Column(f"({str})")


def when(condition, value):
    return _CaseColumn([(_operand(condition), _operand(value))])


def asc(col):
    return _column(col).asc()


def desc(col):
    return _column(col).desc()


def count(col):
    if isinstance(col, str) and col == "*":
        return Column("count(*)", alias="count(1)")
    return _call("count", [col])


def countDistinct(col, *cols):
    arguments = ", ".join(_column(c)._sql for c in (col,) + cols)
    return Column(f"count(DISTINCT {arguments})")


count_distinct = countDistinct


def sum_distinct(col):
    return Column(f"sum(DISTINCT {_column(col)._sql})")


sumDistinct = sum_distinct


def struct(*cols):
    if len(cols) == 1 and isinstance(cols[0], (list, tuple)):
        cols = cols[0]
    return Column("struct(" + ", ".join(_column(c)._item_sql() for c in cols) + ")")


def call_function(funcName, *cols):
    """Calls a function by its name, which may be qualified: a built-in one, or one of the
    catalog or of the pipeline's SQL files (CREATE [TEMPORARY] FUNCTION)."""
    arguments = ", ".join(_column(c)._sql for c in cols)
    return Column(f"{_name_sql(funcName)}({arguments})")


def current_timestamp():
    return Column("current_timestamp()")


def current_date():
    return Column("current_date()")


# The positions of the arguments Spark takes as values rather than column names.
_LITERAL_ARGUMENTS = {
    "date_format": {1}, "to_date": {1}, "to_timestamp": {1}, "from_unixtime": {1},
    "unix_timestamp": {1}, "date_trunc": {0}, "trunc": {1}, "regexp_replace": {1, 2},
    "regexp_extract": {1, 2}, "regexp_extract_all": {1, 2}, "regexp_like": {1}, "rlike": {1},
    "split": {1, 2}, "concat_ws": {0}, "format_string": {0}, "format_number": {1},
    "instr": {1}, "locate": {0, 2}, "lpad": {1, 2}, "rpad": {1, 2}, "translate": {1, 2},
    "substring": {1, 2}, "substring_index": {1, 2}, "round": {1}, "bround": {1},
    "get_json_object": {1}, "json_tuple": {1, 2, 3, 4, 5, 6, 7, 8}, "from_json": {1},
    "sha2": {1}, "date_add": {1}, "date_sub": {1}, "add_months": {1}, "next_day": {1},
    "months_between": {2}, "element_at": {1}, "array_contains": {1}, "array_position": {1},
    "array_remove": {1}, "array_join": {1, 2}, "repeat": {1}, "left": {1}, "right": {1},
    "like": {1}, "ilike": {1}, "startswith": {1}, "endswith": {1}, "contains": {1},
    "from_utc_timestamp": {1}, "to_utc_timestamp": {1}, "conv": {1, 2}, "shiftleft": {1},
    "shiftright": {1}, "overlay": {2, 3}, "percentile_approx": {1, 2}, "percentile": {1},
    "ntile": {0}, "lag": {1, 2}, "lead": {1, 2}, "nth_value": {1}, "try_to_timestamp": {1},
    "variant_get": {1, 2}, "try_variant_get": {1, 2}, "from_csv": {1}, "schema_of_json": {0},
    "schema_of_csv": {0},
}


def _call(name, arguments):
    literal_positions = _LITERAL_ARGUMENTS.get(name, set())
    rendered = []
    for position, argument in enumerate(arguments):
        if isinstance(argument, Column):
            rendered.append(argument._sql)
        elif isinstance(argument, DataType):
            # A schema (from_json(col, StructType([...]))) is its DDL text.
            rendered.append(_literal_sql(_type_sql(argument)))
        elif isinstance(argument, str) and position not in literal_positions:
            rendered.append(_column(argument)._sql)
        else:
            rendered.append(_literal_sql(argument))
    return Column(f"{name}({', '.join(rendered)})")


def _function(name):
    def call(*arguments, **keywords):
        # The options map of the JSON and CSV functions may come by name, as in pyspark.
        options = keywords.pop("options", None)
        if keywords:
            raise TypeError(f"{name}() got an unexpected keyword argument "
                            f"'{next(iter(keywords))}'")
        arguments = list(arguments)
        if options is not None:
            arguments.append(options)
        return _call(name, arguments)

    call.__name__ = name
    return call


def __getattr__(name):
    # Names Python would not take as a function (dunders, private names) are not functions.
    if name.startswith("_"):
        raise AttributeError(name)
    return _function(name.lower())


sum = _function("sum")
avg = _function("avg")
mean = _function("avg")
min = _function("min")
max = _function("max")
abs = _function("abs")
round = _function("round")
upper = _function("upper")
lower = _function("lower")
concat = _function("concat")
coalesce = _function("coalesce")
