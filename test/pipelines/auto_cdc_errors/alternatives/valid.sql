-- Two valid flows over change feeds that break the rules at run time.
CREATE STREAMING TABLE null_sequences_cdc
AS SELECT * FROM STREAM read_files('data/null_sequences', format => 'json', schema => 'id INT, seq INT');
CREATE STREAMING TABLE null_sequences;
CREATE FLOW null_sequences_flow AS AUTO CDC INTO null_sequences
FROM STREAM(null_sequences_cdc) KEYS (id) SEQUENCE BY seq;

CREATE STREAMING TABLE null_keys_cdc
AS SELECT * FROM STREAM read_files('data/null_keys', format => 'json', schema => 'id INT, seq INT');
CREATE STREAMING TABLE null_keys;
CREATE FLOW null_keys_flow AS AUTO CDC INTO null_keys
FROM STREAM(null_keys_cdc) KEYS (id) SEQUENCE BY seq;
