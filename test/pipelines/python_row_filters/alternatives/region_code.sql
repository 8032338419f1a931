-- The function of test/pipelines/row_filters (alternatives/mismatched_filters.sql) that
-- mismatched_filters.py filters by: pyspark.pipelines has no form of CREATE FUNCTION.
CREATE FUNCTION region_code(region STRING) RETURN upper(region);
