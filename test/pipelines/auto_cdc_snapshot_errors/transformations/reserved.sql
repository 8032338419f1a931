-- An SCD type 2 target reserves __START_AT and __END_AT.
CREATE TEMPORARY VIEW accounts_dated AS SELECT id, 1 AS __START_AT FROM accounts;
CREATE STREAMING TABLE reserved;
CREATE FLOW reserved_flow AS AUTO CDC INTO reserved
FROM SNAPSHOT accounts_dated KEYS (id) STORED AS SCD TYPE 2;
