-- The change feed of a users table, as Databricks' "AUTO CDC examples" give it.
CREATE STREAMING TABLE users_cdc
AS SELECT * FROM STREAM read_files('data/users', format => 'json',
  schema => 'userId INT, name STRING, city STRING, operation STRING, sequenceNum INT');

-- SCD type 1: the latest row of each user.
CREATE STREAMING TABLE users_scd1;

CREATE FLOW users_scd1_flow AS AUTO CDC INTO users_scd1
FROM STREAM(users_cdc)
KEYS (userId)
APPLY AS DELETE WHEN operation = "DELETE"
SEQUENCE BY sequenceNum
COLUMNS * EXCEPT (operation, sequenceNum)
STORED AS SCD TYPE 1;

-- SCD type 2: every version of each user, declared with its flow.
CREATE STREAMING TABLE users_scd2
FLOW AUTO CDC
FROM STREAM(users_cdc)
KEYS (userId)
APPLY AS DELETE WHEN operation = "DELETE"
SEQUENCE BY sequenceNum
COLUMNS * EXCEPT (operation, sequenceNum)
STORED AS SCD TYPE 2;

-- SCD type 2 with a history of the name only: a new city updates the open version in place.
CREATE STREAMING TABLE users_scd2_city;

APPLY CHANGES INTO users_scd2_city
FROM STREAM(users_cdc)
KEYS (userId)
APPLY AS DELETE WHEN operation = "DELETE"
SEQUENCE BY sequenceNum
COLUMNS * EXCEPT (operation, sequenceNum)
STORED AS SCD TYPE 2
TRACK HISTORY ON * EXCEPT (city);
