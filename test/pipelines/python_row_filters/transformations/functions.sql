-- The functions of test/pipelines/row_filters, unchanged: pyspark.pipelines has no form of
-- CREATE [TEMPORARY] FUNCTION, so a Python pipeline defines its SQL functions in a SQL file.

-- The row filter of sales: published in the catalog by each update.
CREATE FUNCTION emea_only(region STRING) RETURNS BOOLEAN RETURN region = 'emea';

-- A helper of the pipeline's own queries only.
CREATE TEMPORARY FUNCTION doubled(x INT) RETURN x * 2;
