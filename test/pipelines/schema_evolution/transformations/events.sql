-- The schema is inferred from every file: a field that appears in a new file becomes a new
-- column of the table.
CREATE STREAMING TABLE events AS
SELECT * EXCEPT (_rescued_data) FROM STREAM read_files('data', format => 'json');

CREATE MATERIALIZED VIEW event_columns AS SELECT count(*) AS n FROM events;

-- v is inferred INT from the first file and DOUBLE once a file holds 2.5: the column widens
-- (Delta type widening) and the rows written before read as DOUBLE.
CREATE STREAMING TABLE readings AS
SELECT * EXCEPT (_rescued_data) FROM STREAM read_files('readings', format => 'csv', header => true);
