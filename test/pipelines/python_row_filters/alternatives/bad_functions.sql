-- test/pipelines/row_filters (alternatives/bad_functions.sql), unchanged: functions only, which
-- pyspark.pipelines cannot define.

-- A persistent function may not call a temporary one.
CREATE FUNCTION quadrupled(x INT) RETURN doubled(doubled(x));

-- Two functions of one name.
CREATE TEMPORARY FUNCTION doubled(x INT) RETURN x + x;

-- A body that does not bind.
CREATE FUNCTION broken(x INT) RETURN x + no_such_column;
