-- Recomputed at every update: rand() makes it non-deterministic, so it is never left as it is.
CREATE MATERIALIZED VIEW numbers AS SELECT id FROM range(3) WHERE rand() >= 0;

-- A stream of a table that is rewritten at every update: its second update meets a commit
-- that removed rows.
CREATE STREAMING TABLE numbers_stream AS SELECT id FROM STREAM(numbers);

CREATE STREAMING TABLE kept AS SELECT * FROM STREAM read_files('data', format => 'json', schema => 'id BIGINT');
