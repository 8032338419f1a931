-- A SQL flow may write a sink a Python file defines.
CREATE MATERIALIZED VIEW numbers_source AS SELECT id FROM range(3);

CREATE STREAMING TABLE numbers AS SELECT id FROM STREAM(numbers_source);

CREATE FLOW into_own_table AS INSERT INTO own_table_sink BY NAME SELECT id FROM STREAM(numbers);
