-- SET and USE apply to the statements after them in this file only.
SET spark.sql.session.timeZone = America/Los_Angeles;
USE SCHEMA audit;

-- Noon on the Pacific coast is 19:00 UTC that day.
CREATE MATERIALIZED VIEW moments AS
SELECT CAST(TIMESTAMP '2024-03-10 12:00:00' AS BIGINT) AS epoch_seconds;

-- A view's names resolve in its own file's schema, and its expressions in its own file's time
-- zone, wherever it is read from.
CREATE TEMPORARY VIEW audit_moments AS
SELECT epoch_seconds,
       hour(CAST(epoch_seconds AS TIMESTAMP)) AS pacific_hour,
       CAST(CAST(epoch_seconds AS TIMESTAMP) AS STRING) AS pacific_text,
       CAST(TIMESTAMP '2024-03-10 12:00:00' AS BIGINT) = epoch_seconds AS same_instant
FROM moments;
