CREATE STREAMING TABLE changes
AS SELECT * FROM STREAM read_files('data/changes', format => 'json',
  schema => 'id INT, v STRING, seq INT, tags MAP<STRING, INT>, __START_AT INT');

CREATE MATERIALIZED VIEW batch_changes AS SELECT * FROM changes;

-- KEYS names a column the source lacks.
CREATE STREAMING TABLE unknown_key;
CREATE FLOW unknown_key_flow AS AUTO CDC INTO unknown_key
FROM STREAM(changes) KEYS (no_such_key) SEQUENCE BY seq;

-- COLUMNS leaves the key out.
CREATE STREAMING TABLE key_left_out;
CREATE FLOW key_left_out_flow AS AUTO CDC INTO key_left_out
FROM STREAM(changes) KEYS (id) SEQUENCE BY seq COLUMNS (v, seq);

-- A map cannot be ordered.
CREATE STREAMING TABLE map_sequence;
CREATE FLOW map_sequence_flow AS AUTO CDC INTO map_sequence
FROM STREAM(changes) KEYS (id) SEQUENCE BY tags;

-- SCD type 2 reserves __START_AT and __END_AT.
CREATE STREAMING TABLE reserved_name;
CREATE FLOW reserved_name_flow AS AUTO CDC INTO reserved_name
FROM STREAM(changes) KEYS (id) SEQUENCE BY seq STORED AS SCD TYPE 2;

-- An AUTO CDC target takes no other flow.
CREATE STREAMING TABLE two_kinds;
CREATE FLOW two_kinds_cdc AS AUTO CDC INTO two_kinds
FROM STREAM(changes) KEYS (id) SEQUENCE BY seq COLUMNS (id, v, seq);
CREATE FLOW two_kinds_append AS INSERT INTO two_kinds BY NAME
SELECT id, v, seq FROM STREAM(changes);

-- AUTO CDC reads a stream.
CREATE STREAMING TABLE from_batch;
CREATE FLOW from_batch_flow AS AUTO CDC INTO from_batch
FROM batch_changes KEYS (id) SEQUENCE BY seq COLUMNS (id, v, seq);

-- Expectations belong on the source of an AUTO CDC flow.
CREATE STREAMING TABLE checked (CONSTRAINT has_v EXPECT (v IS NOT NULL));
CREATE FLOW checked_flow AS AUTO CDC INTO checked
FROM STREAM(changes) KEYS (id) SEQUENCE BY seq COLUMNS (id, v, seq);
