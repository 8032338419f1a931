-- The change data feed of the catalog table customers_source, read as a changelog: its
-- pre-images are passed over and its deletes are deletes, with no APPLY AS DELETE WHEN.
CREATE TEMPORARY VIEW customer_changes AS
SELECT * FROM STREAM customers_source WITH (readChangeFeed = true);

CREATE STREAMING TABLE customers;

CREATE FLOW customers_flow AS AUTO CDC INTO customers
FROM STREAM(customer_changes)
KEYS (id)
SEQUENCE BY _commit_version
COLUMNS * EXCEPT (_change_type, _commit_version, _commit_timestamp)
STORED AS SCD TYPE 1;

CREATE STREAMING TABLE customers_history;

CREATE FLOW customers_history_flow AS AUTO CDC INTO customers_history
FROM STREAM(customer_changes)
KEYS (id)
SEQUENCE BY _commit_version
COLUMNS * EXCEPT (_change_type, _commit_timestamp)
STORED AS SCD TYPE 2;
