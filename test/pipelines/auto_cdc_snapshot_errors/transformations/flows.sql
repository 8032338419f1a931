-- A snapshot of the catalog table `accounts`, keyed by id.
CREATE STREAMING TABLE accounts_scd1;
CREATE FLOW accounts_flow AS AUTO CDC INTO accounts_scd1
FROM SNAPSHOT accounts KEYS (id) STORED AS SCD TYPE 1;
