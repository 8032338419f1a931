SET sluice.memoryLimit = lots;

CREATE MATERIALIZED VIEW limited
AS SELECT count(*) AS n FROM range(0, 10);
