-- KEYS names at least one column.
CREATE STREAMING TABLE no_keys
FLOW AUTO CDC FROM STREAM(changes) KEYS () SEQUENCE BY seq;
