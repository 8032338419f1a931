-- A source every valid flow below reads.
CREATE MATERIALIZED VIEW source AS SELECT id FROM range(3);

-- Unresolved names, and a flow that reads a dataset whose flow failed.
CREATE MATERIALIZED VIEW missing_table AS SELECT * FROM no_such_table;
CREATE MATERIALIZED VIEW missing_column AS SELECT no_such_column FROM source;
CREATE MATERIALIZED VIEW downstream AS SELECT * FROM missing_column;

-- Two datasets that read each other.
CREATE MATERIALIZED VIEW ping AS SELECT * FROM pong;
CREATE MATERIALIZED VIEW pong AS SELECT * FROM ping;
