-- Every kind of flow whose result an interrupted update must not change: streaming reads of
-- files and of an upstream table, fan-in into a managed table, a ONCE backfill, expectations,
-- and a materialized view.
CREATE STREAMING TABLE raw AS
SELECT * FROM STREAM read_files('incoming', format => 'json', schema => 'id BIGINT, k STRING, v BIGINT');

CREATE STREAMING TABLE clean (
  CONSTRAINT positive EXPECT (v > 0) ON VIOLATION DROP ROW
) AS SELECT id, k, v FROM STREAM(raw);

CREATE TABLE everything (id BIGINT, k STRING, v BIGINT, origin STRING);

CREATE FLOW from_raw AS INSERT INTO everything BY NAME
SELECT id, k, v, 'json' AS origin FROM STREAM(raw);

CREATE FLOW from_csv AS INSERT INTO everything BY NAME
SELECT id, k, v, 'csv' AS origin
FROM STREAM read_files('incoming_b', format => 'csv', header => true, schema => 'id BIGINT, k STRING, v BIGINT');

CREATE FLOW backfill AS INSERT INTO ONCE everything BY NAME
SELECT id, 'archive' AS k, id AS v, 'archive' AS origin FROM range(1000000, 1000100) AS r(id);

CREATE MATERIALIZED VIEW totals AS
SELECT k, count(*) AS n, sum(v) AS total FROM clean GROUP BY k;

-- A count(DISTINCT) keeps the values it has counted as state beside the view.
CREATE MATERIALIZED VIEW distinct_by_k AS
SELECT k, count(DISTINCT v) AS distinct_v, max(v) AS top FROM clean GROUP BY k;

-- AUTO CDC keyed by k and sequenced by id: the latest row of each k, and every version of it.
CREATE STREAMING TABLE latest_by_k;

CREATE FLOW latest_by_k_flow AS AUTO CDC INTO latest_by_k
FROM STREAM(raw) KEYS (k) APPLY AS DELETE WHEN v < 0 SEQUENCE BY id STORED AS SCD TYPE 1;

CREATE STREAMING TABLE history_by_k
FLOW AUTO CDC FROM STREAM(raw) KEYS (k) APPLY AS DELETE WHEN v < 0 SEQUENCE BY id
STORED AS SCD TYPE 2;

-- AUTO CDC FROM SNAPSHOT of the totals, compared key by key at each update.
CREATE STREAMING TABLE totals_snapshot;

CREATE FLOW totals_snapshot_flow AS AUTO CDC INTO totals_snapshot
FROM SNAPSHOT totals KEYS (k) STORED AS SCD TYPE 1;
