-- Under the spec's 256 KB limit the window and the GROUP BY spill; their rows are the ones
-- they have in memory.
CREATE MATERIALIZED VIEW runs
AS SELECT id, id % 1000 AS k,
          row_number() OVER (PARTITION BY id % 1000 ORDER BY id) AS rn,
          sum(id) OVER (PARTITION BY id % 1000 ORDER BY id) AS running
FROM range(0, 200000);

CREATE MATERIALIZED VIEW per_key
AS SELECT k, count(*) AS n, max(rn) AS last_rn, max(running) AS total
FROM runs
GROUP BY k;
