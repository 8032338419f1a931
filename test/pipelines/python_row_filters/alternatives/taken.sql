-- test/pipelines/row_filters (alternatives/taken.sql), unchanged: CREATE FUNCTION has no
-- pyspark.pipelines form.
CREATE FUNCTION taken(x INT) RETURN x + 1;
