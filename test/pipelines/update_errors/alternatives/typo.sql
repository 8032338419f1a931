-- A typo: the only file fails to parse, and that is the one error (no RUN_EMPTY_PIPELINE).
CREATE MATERIALIZED VIEW totals AS SELEC 1 AS one;
