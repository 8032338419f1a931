CREATE MATERIALIZED VIEW numbers AS SELECT id FROM range(3);

-- A stream of a table that is rewritten at every update: its second update meets a commit
-- that removed rows.
CREATE STREAMING TABLE numbers_stream AS SELECT id FROM STREAM(numbers);

CREATE STREAMING TABLE kept AS SELECT * FROM STREAM read_files('data', format => 'json', schema => 'id BIGINT');
