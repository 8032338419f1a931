-- Spark's example: a materialized view in SQL, read by the Python file.
CREATE MATERIALIZED VIEW a AS SELECT * FROM RANGE(5);

-- SQL reading a Python dataset.
CREATE MATERIALIZED VIEW d AS SELECT count(*) AS n, max(id) AS top FROM c;
