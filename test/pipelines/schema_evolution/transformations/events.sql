-- The schema is inferred from every file: a field that appears in a new file becomes a new
-- column of the table.
CREATE STREAMING TABLE events AS
SELECT * EXCEPT (_rescued_data) FROM STREAM read_files('data', format => 'json');

CREATE MATERIALIZED VIEW event_columns AS SELECT count(*) AS n FROM events;

-- The first two files into a table with column mapping: the new column gets the next column id and
-- a physical name of its own.
CREATE STREAMING TABLE events_mapped TBLPROPERTIES ('delta.columnMapping.mode' = 'name') AS
SELECT * EXCEPT (_rescued_data) FROM STREAM read_files('mapped', format => 'json');

-- v is inferred INT from the first file and DOUBLE once a file holds 2.5: the column widens
-- (Delta type widening) and the rows written before read as DOUBLE.
CREATE STREAMING TABLE readings AS
SELECT * EXCEPT (_rescued_data) FROM STREAM read_files('readings', format => 'csv', header => true);
