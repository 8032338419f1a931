-- A snapshot is ordered by its version, not by a column.
CREATE FLOW sequenced_flow AS AUTO CDC INTO sequenced
FROM SNAPSHOT accounts KEYS (id) SEQUENCE BY id;
