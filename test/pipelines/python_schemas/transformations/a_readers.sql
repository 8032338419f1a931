-- SQL reading Python datasets whose query functions wait for the schemas of what they read,
-- defined in a later file.
CREATE MATERIALIZED VIEW replaced_count AS SELECT count(*) AS n, max(name) AS top FROM replaced;

-- SQL reading a Python temporary view whose query function waits for schemas.
CREATE MATERIALIZED VIEW lower_count AS SELECT count(*) AS n, min(name) AS first FROM lower_people;
