-- The statements of test/pipelines/validation_errors (kinds.sql) that pyspark.pipelines cannot
-- express: published views (its views are temporary), a view's column list, and REFRESH
-- POLICY on a streaming table (only materialized views take refresh_policy). Reads kinds.py.
CREATE VIEW published_stream AS SELECT * FROM STREAM(events);
CREATE VIEW published_reads_temporary AS SELECT * FROM batch_view;
CREATE TEMPORARY VIEW renamed (a, b) AS SELECT id FROM source;
CREATE STREAMING TABLE policed REFRESH POLICY INCREMENTAL AS SELECT * FROM STREAM(events);
