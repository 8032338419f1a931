-- The datasets the Python file reads, defined after it.
CREATE MATERIALIZED VIEW people AS
SELECT * FROM VALUES (1, 'ada', 10L, 1.5D), (2, 'bob', 20L, 2.5D), (2, 'bob', 20L, 2.5D),
  (3, 'cy', 30L, 3.5D) AS t(k, name, score, weight);

CREATE MATERIALIZED VIEW left_side AS SELECT * FROM VALUES (1, 'a') AS t(k, a);

CREATE MATERIALIZED VIEW right_side AS SELECT * FROM VALUES ('b', 2) AS t(b, k);

CREATE STREAMING TABLE events AS SELECT * FROM STREAM(event_source);

CREATE MATERIALIZED VIEW event_source AS SELECT * FROM VALUES (1, 'x'), (2, 'y') AS t(k, name);
