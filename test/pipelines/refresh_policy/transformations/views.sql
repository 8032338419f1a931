-- Materialized views with each REFRESH POLICY over one streaming table.
CREATE STREAMING TABLE events
AS SELECT kind, v FROM STREAM read_files('source', format => 'json', schema => 'kind STRING, v INT');

CREATE MATERIALIZED VIEW strict_totals
REFRESH POLICY INCREMENTAL STRICT
AS SELECT kind, count(*) AS n, sum(v) AS total FROM events GROUP BY kind;

CREATE MATERIALIZED VIEW always_full
REFRESH POLICY FULL
AS SELECT kind, v FROM events;

CREATE MATERIALIZED VIEW sampled
REFRESH POLICY INCREMENTAL
AS SELECT kind, v FROM events WHERE rand() >= 0;
