-- A key the snapshot does not have.
CREATE STREAMING TABLE missing_key;
CREATE FLOW missing_key_flow AS AUTO CDC INTO missing_key
FROM SNAPSHOT accounts KEYS (no_such_key) STORED AS SCD TYPE 1;
