-- A streaming table of the source's files and materialized views of several shapes over it.
CREATE STREAMING TABLE events
AS SELECT kind, v FROM STREAM read_files('source', format => 'json', schema => 'kind STRING, v INT');

CREATE MATERIALIZED VIEW totals
AS SELECT kind, count(*) AS n, sum(v) AS total FROM events GROUP BY kind;

CREATE MATERIALIZED VIEW big_events
AS SELECT kind, v FROM events WHERE v > 1;

CREATE MATERIALIZED VIEW sampled
AS SELECT kind, v, rand() < 2 AS kept FROM events;

CREATE MATERIALIZED VIEW labels
AS SELECT * FROM read_files('labels.csv', format => 'csv', header => true);

CREATE MATERIALIZED VIEW repeated_kinds
AS SELECT kind, count(DISTINCT v) AS distinct_values FROM events GROUP BY kind HAVING count(*) > 1;
