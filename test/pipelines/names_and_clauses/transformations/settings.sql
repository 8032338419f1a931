-- SET and USE apply to the statements after them in this file only.
SET spark.sql.session.timeZone = America/Los_Angeles;
USE SCHEMA audit;

-- Noon on the Pacific coast is 19:00 UTC that day.
CREATE MATERIALIZED VIEW moments AS
SELECT CAST(TIMESTAMP '2024-03-10 12:00:00' AS BIGINT) AS epoch_seconds;

-- A view's names resolve in its own file's schema, wherever it is read from.
CREATE TEMPORARY VIEW audit_moments AS SELECT epoch_seconds FROM moments;
