-- Databricks' example: rows with an old timestamp are dropped and counted.
CREATE OR REFRESH STREAMING TABLE valid_events (
  CONSTRAINT valid_timestamp EXPECT (ts > '2012-01-01') ON VIOLATION DROP ROW,
  CONSTRAINT has_user EXPECT (user_id IS NOT NULL)
) AS SELECT * FROM STREAM read_files('events', format => 'json', schema => 'ts STRING, user_id BIGINT');

-- A FAIL UPDATE expectation stops its flow and commits nothing of the batch.
CREATE OR REFRESH STREAMING TABLE strict_events (
  CONSTRAINT positive_user EXPECT (user_id > 0) ON VIOLATION FAIL UPDATE
) AS SELECT * FROM STREAM(valid_events) WHERE user_id IS NOT NULL;

-- An independent flow still completes when another one fails.
CREATE MATERIALIZED VIEW event_count AS SELECT count(*) AS n FROM valid_events;
