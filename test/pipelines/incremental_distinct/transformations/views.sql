-- A materialized view of count(DISTINCT)s: GROUP_AGGREGATE keeps the pairs each one counted
-- as state, so that an update reads only the new rows.
CREATE STREAMING TABLE events
AS SELECT kind, user, v FROM STREAM read_files('source', format => 'json', schema => 'kind STRING, user STRING, v INT');

CREATE MATERIALIZED VIEW users_by_kind
AS SELECT kind, count(*) AS n, count(DISTINCT user) AS users, count(DISTINCT user, v) AS user_values,
          count(DISTINCT v) FILTER (WHERE v > 1) AS big_values, sum(v) AS total
   FROM events GROUP BY kind;

-- Another shape of count(DISTINCT): over a HAVING, only the touched groups are recomputed.
CREATE MATERIALIZED VIEW busy_kinds
AS SELECT kind, count(DISTINCT user) AS users FROM events GROUP BY kind HAVING count(*) > 2;
