"""Spark's data types as pyspark.sql.types names them; each renders as Spark SQL DDL."""


class DataType:
    _ddl = None

    def simpleString(self):
        return self._ddl

    def typeName(self):
        """The name printSchema shows: "long" for LongType, "decimal(10,2)", "array"."""
        name = type(self).__name__
        if name.endswith("Type") and not name.startswith("_"):
            return name[:-len("Type")].lower()
        return self.simpleString()

    def __repr__(self):
        return f"{type(self).__name__}()"

    def __eq__(self, other):
        return type(self) is type(other) and self.simpleString() == other.simpleString()

    def __hash__(self):
        return hash(self.simpleString())


def _atomic(class_name, ddl, type_name=None):
    members = {"_ddl": ddl}
    if type_name is not None:
        members["typeName"] = lambda self: type_name
    return type(class_name, (DataType,), members)


NullType = _atomic("NullType", "void", "void")


class StringType(DataType):
    """STRING under a collation: pyspark's StringType(collation), UTF8_BINARY when not
    given."""

    _ddl = "string"

    def __init__(self, collation="UTF8_BINARY"):
        self.collation = collation

    def simpleString(self):
        if self.collation == "UTF8_BINARY":
            return "string"
        return f"string collate {self.collation}"

    def __repr__(self):
        if self.collation == "UTF8_BINARY":
            return "StringType()"
        return f"StringType('{self.collation}')"


BinaryType = _atomic("BinaryType", "binary")
BooleanType = _atomic("BooleanType", "boolean")
DateType = _atomic("DateType", "date")
TimestampType = _atomic("TimestampType", "timestamp")
TimestampNTZType = _atomic("TimestampNTZType", "timestamp_ntz", "timestamp_ntz")
ByteType = _atomic("ByteType", "tinyint")
ShortType = _atomic("ShortType", "smallint")
IntegerType = _atomic("IntegerType", "int")
LongType = _atomic("LongType", "bigint")
FloatType = _atomic("FloatType", "float")
DoubleType = _atomic("DoubleType", "double")
VariantType = _atomic("VariantType", "variant")


class VariantVal:
    """A VARIANT value as pyspark's collect() gives it: Spark's binary encoding (`value` and
    `metadata` bytes) and its JSON text, with its timestamps in the session time zone of the
    query that read it."""

    def __init__(self, value, metadata, json_text):
        self.value = value
        self.metadata = metadata
        self._json = json_text

    def toJson(self, zone_id=None):
        """The JSON text (the timestamps as the session time zone showed them; `zone_id` is
        accepted for pyspark's signature)."""
        return self._json

    def toPython(self):
        """The value as Python objects: dicts, lists, str, int, float, bool and None, with
        exact decimals as decimal.Decimal."""
        import decimal
        import json

        def number(text):
            # A decimal keeps its digits; a double (with an exponent) stays a float.
            return float(text) if "e" in text or "E" in text else decimal.Decimal(text)

        return json.loads(self._json, parse_float=number)

    def __str__(self):
        return self._json

    def __repr__(self):
        return f"VariantVal({self.value!r}, {self.metadata!r})"

    def __eq__(self, other):
        return (isinstance(other, VariantVal) and self.value == other.value
                and self.metadata == other.metadata)

    def __hash__(self):
        return hash((self.value, self.metadata))


class DecimalType(DataType):
    def __init__(self, precision=10, scale=0):
        self.precision = precision
        self.scale = scale

    def simpleString(self):
        return f"decimal({self.precision},{self.scale})"

    def __repr__(self):
        return f"DecimalType({self.precision}, {self.scale})"

    def typeName(self):
        return self.simpleString()


class TimeType(DataType):
    """TIME(precision): a time of day with `precision` fraction digits (at most 6)."""

    def __init__(self, precision=6):
        self.precision = precision

    def simpleString(self):
        return f"time({self.precision})"

    def __repr__(self):
        return f"TimeType({self.precision})"

    def typeName(self):
        return self.simpleString()


class _SpatialType(DataType):
    """GEOMETRY(srid) and GEOGRAPHY(srid); srid "ANY" for a column whose values carry their own."""

    _name = None

    def __init__(self, srid):
        self.srid = srid

    def _mixed(self):
        return self.srid in ("ANY", "any", -1)

    def simpleString(self):
        return f"{self._name}({'any' if self._mixed() else self.srid})"

    def __repr__(self):
        srid = '"ANY"' if self._mixed() else self.srid
        return f"{type(self).__name__}({srid})"

    def typeName(self):
        return self.simpleString()


class GeometryType(_SpatialType):
    _name = "geometry"


class GeographyType(_SpatialType):
    _name = "geography"


class _SpatialValue:
    """A GEOMETRY or GEOGRAPHY value as pyspark's collect() gives it: its Well-Known Binary and
    its SRID."""

    def __init__(self, wkb, srid):
        self._wkb = wkb
        self._srid = srid

    @classmethod
    def fromWKB(cls, wkb, srid):
        return cls(bytes(wkb), srid)

    def getBytes(self):
        return self._wkb

    def getSrid(self):
        return self._srid

    def __repr__(self):
        return f"{type(self).__name__}({self._wkb!r}, {self._srid})"

    def __eq__(self, other):
        return (type(self) is type(other) and self._wkb == other._wkb
                and self._srid == other._srid)

    def __hash__(self):
        return hash((self._wkb, self._srid))


class Geometry(_SpatialValue):
    pass


class Geography(_SpatialValue):
    pass


class ArrayType(DataType):
    def __init__(self, elementType, containsNull=True):
        self.elementType = elementType
        self.containsNull = containsNull

    def simpleString(self):
        return f"array<{self.elementType.simpleString()}>"

    def __repr__(self):
        return f"ArrayType({self.elementType!r}, {self.containsNull})"


class MapType(DataType):
    def __init__(self, keyType, valueType, valueContainsNull=True):
        self.keyType = keyType
        self.valueType = valueType
        self.valueContainsNull = valueContainsNull

    def simpleString(self):
        return f"map<{self.keyType.simpleString()},{self.valueType.simpleString()}>"

    def __repr__(self):
        return f"MapType({self.keyType!r}, {self.valueType!r}, {self.valueContainsNull})"


def _quote(name):
    return "`" + name.replace("`", "``") + "`"


class StructField:
    def __init__(self, name, dataType, nullable=True, metadata=None):
        self.name = name
        self.dataType = dataType
        self.nullable = nullable
        self.metadata = metadata or {}

    def toDDL(self):
        ddl = f"{_quote(self.name)} {self.dataType.simpleString()}"
        if not self.nullable:
            ddl += " NOT NULL"
        comment = self.metadata.get("comment")
        if comment is not None:
            ddl += " COMMENT '" + str(comment).replace("\\", "\\\\").replace("'", "\\'") + "'"
        return ddl

    def __repr__(self):
        return f"StructField({self.name!r}, {self.dataType!r}, {self.nullable})"


class StructType(DataType):
    def __init__(self, fields=None):
        self.fields = list(fields or [])

    def add(self, field, data_type=None, nullable=True, metadata=None):
        if isinstance(field, StructField):
            self.fields.append(field)
        else:
            if isinstance(data_type, str):
                data_type = _DdlType(data_type)
            self.fields.append(StructField(field, data_type, nullable, metadata))
        return self

    @property
    def names(self):
        return [field.name for field in self.fields]

    def fieldNames(self):
        return self.names

    def simpleString(self):
        inner = ",".join(f"{_quote(f.name)}:{f.dataType.simpleString()}" for f in self.fields)
        return f"struct<{inner}>"

    def toDDL(self):
        return ", ".join(field.toDDL() for field in self.fields)

    def __repr__(self):
        return f"StructType([{', '.join(repr(field) for field in self.fields)}])"

    def treeString(self, level=None):
        """The schema as printSchema prints it, nested types `level` deep at most."""
        lines = ["root"]
        _tree_lines(self, " |", lines, level, 1)
        return "\n".join(lines) + "\n"

    def __getitem__(self, key):
        """A field by name, by position, or a StructType of a slice of them."""
        if isinstance(key, str):
            for field in self.fields:
                if field.name == key:
                    return field
            from sluice.errors import PySparkKeyError

            raise PySparkKeyError(
                errorClass="KEY_NOT_EXISTS", messageParameters={"key": key},
                message=f"Key `{key}` is not exists.")
        if isinstance(key, slice):
            return StructType(self.fields[key])
        return self.fields[key]

    def __iter__(self):
        return iter(self.fields)

    def __len__(self):
        return len(self.fields)


def _flag(value):
    return "true" if value else "false"


def _tree_lines(data_type, prefix, lines, level, depth):
    """Appends the lines of a nested type's children, as Spark's treeString writes them."""
    if level is not None and depth > level:
        return
    below = prefix + "    |"
    if isinstance(data_type, StructType):
        for field in data_type.fields:
            lines.append(f"{prefix}-- {field.name}: {field.dataType.typeName()} "
                         f"(nullable = {_flag(field.nullable)})")
            _tree_lines(field.dataType, below, lines, level, depth + 1)
    elif isinstance(data_type, ArrayType):
        lines.append(f"{prefix}-- element: {data_type.elementType.typeName()} "
                     f"(containsNull = {_flag(data_type.containsNull)})")
        _tree_lines(data_type.elementType, below, lines, level, depth + 1)
    elif isinstance(data_type, MapType):
        lines.append(f"{prefix}-- key: {data_type.keyType.typeName()}")
        _tree_lines(data_type.keyType, below, lines, level, depth + 1)
        lines.append(f"{prefix}-- value: {data_type.valueType.typeName()} "
                     f"(valueContainsNull = {_flag(data_type.valueContainsNull)})")
        _tree_lines(data_type.valueType, below, lines, level, depth + 1)


class _DdlType(DataType):
    """A type given as DDL text (StructType.add("a", "int"))."""

    def __init__(self, ddl):
        self._ddl = ddl


def _type_sql(data_type):
    """The DDL of a type given as a DataType or as DDL text."""
    if isinstance(data_type, DataType):
        return data_type.simpleString()
    if isinstance(data_type, str):
        return data_type
    from sluice.errors import PySparkTypeError

    raise PySparkTypeError(
        errorClass="NOT_DATATYPE_OR_STR",
        messageParameters={"arg_name": "dataType", "arg_type": type(data_type).__name__},
    )


def _schema_sql(schema):
    """The column list DDL of a schema given as a StructType or as DDL text."""
    if isinstance(schema, StructType):
        return schema.toDDL()
    if isinstance(schema, str):
        return schema
    from sluice.errors import PySparkTypeError

    raise PySparkTypeError(
        errorClass="NOT_STR_OR_STRUCT",
        messageParameters={"arg_name": "schema", "arg_type": type(schema).__name__},
    )


_SIMPLE_TYPES = {cls._ddl: cls for cls in (
    NullType, StringType, BinaryType, BooleanType, DateType, TimestampType, TimestampNTZType,
    ByteType, ShortType, IntegerType, LongType, FloatType, DoubleType, VariantType)}


def _split_fields(text):
    """Splits "a:int,b:map<string,int>" at the commas outside angle brackets and parentheses."""
    parts = []
    depth = 0
    start = 0
    for index, char in enumerate(text):
        if char in "<(":
            depth += 1
        elif char in ">)":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return [part for part in parts if part]


def _parse_type(name):
    """The DataType of a Spark type name as the engine describes columns ("bigint",
    "decimal(10,2)", "array<int>", "struct<a:int,`b c`:string>"); a type without a class of its
    own here keeps its name (simpleString)."""
    if name in _SIMPLE_TYPES:
        return _SIMPLE_TYPES[name]()
    if name.startswith("string collate "):
        return StringType(name[len("string collate "):])
    if name.startswith("decimal(") and name.endswith(")"):
        precision, scale = name[len("decimal("):-1].split(",")
        return DecimalType(int(precision), int(scale))
    if name.startswith("time(") and name.endswith(")"):
        return TimeType(int(name[len("time("):-1]))
    for spatial in (GeometryType, GeographyType):
        prefix = spatial._name + "("
        if name.startswith(prefix) and name.endswith(")"):
            srid = name[len(prefix):-1]
            return spatial("ANY" if srid == "any" else int(srid))
    if name.startswith("array<") and name.endswith(">"):
        return ArrayType(_parse_type(name[len("array<"):-1]))
    if name.startswith("map<") and name.endswith(">"):
        key, value = _split_fields(name[len("map<"):-1])
        return MapType(_parse_type(key), _parse_type(value))
    if name.startswith("struct<") and name.endswith(">"):
        fields = []
        for field in _split_fields(name[len("struct<"):-1]):
            if field.startswith("`"):
                end = field.index("`:", 1)
                field_name, field_type = field[1:end].replace("``", "`"), field[end + 2:]
            else:
                field_name, field_type = field.split(":", 1)
            fields.append(StructField(field_name, _parse_type(field_type)))
        return StructType(fields)
    return _DdlType(name)
