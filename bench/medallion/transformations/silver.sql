-- Silver: the valid events, ts as a TIMESTAMP and the payload flattened; each new bronze row
-- is read once, and the event log counts the rows each rule drops.
CREATE TEMPORARY VIEW bronze_parsed
AS SELECT event_id, user_id, try_to_timestamp(ts) AS ts, event_type, amount, country,
          payload.device AS device, payload.version AS version, source
FROM STREAM(bronze);

CREATE OR REFRESH STREAMING TABLE silver (
  CONSTRAINT valid_event_id EXPECT (event_id IS NOT NULL) ON VIOLATION DROP ROW,
  CONSTRAINT valid_amount EXPECT (amount IS NULL OR amount >= 0) ON VIOLATION DROP ROW,
  CONSTRAINT valid_ts EXPECT (ts IS NOT NULL) ON VIOLATION DROP ROW
)
AS SELECT * FROM STREAM(bronze_parsed);
