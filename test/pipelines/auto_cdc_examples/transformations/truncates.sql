-- A change feed that truncates the table at sequence 3.
CREATE STREAMING TABLE truncates_cdc
AS SELECT * FROM STREAM read_files('data/truncates', format => 'json',
  schema => 'userId INT, name STRING, city STRING, operation STRING, sequenceNum INT');

CREATE STREAMING TABLE users_truncated;

CREATE FLOW users_truncated_flow AS AUTO CDC INTO users_truncated
FROM STREAM(truncates_cdc)
KEYS (userId)
APPLY AS DELETE WHEN operation = "DELETE"
APPLY AS TRUNCATE WHEN operation = "TRUNCATE"
SEQUENCE BY sequenceNum
COLUMNS * EXCEPT (operation, sequenceNum)
STORED AS SCD TYPE 1;
