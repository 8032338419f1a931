-- SQL reading Python datasets whose query functions wait for the schemas of what they read,
-- defined in a later file.
CREATE MATERIALIZED VIEW replaced_count AS SELECT count(*) AS n, max(name) AS top FROM replaced;
