-- Defined twice.
CREATE MATERIALIZED VIEW twice AS SELECT 1 AS a;
CREATE MATERIALIZED VIEW twice AS SELECT 2 AS a;

-- Flows: two of one name, one named like a table, one with a two-part name.
CREATE STREAMING TABLE fan_in;
CREATE FLOW into_fan_in AS INSERT INTO fan_in BY NAME SELECT * FROM STREAM(events);
CREATE FLOW into_fan_in AS INSERT INTO fan_in BY NAME SELECT * FROM STREAM(events);
CREATE FLOW source AS INSERT INTO fan_in BY NAME SELECT * FROM STREAM(events);
CREATE FLOW other_schema.flow AS INSERT INTO fan_in BY NAME SELECT * FROM STREAM(events);

-- A table that no flow writes, and a materialized view with a second query.
CREATE TABLE no_flow (id BIGINT);
CREATE FLOW extra AS INSERT INTO source BY NAME SELECT 5 AS id;

CREATE STREAMING TABLE events AS SELECT * FROM STREAM read_files('data', format => 'json', schema => 'id BIGINT');
