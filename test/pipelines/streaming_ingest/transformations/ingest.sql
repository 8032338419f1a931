-- Raw events, each JSON file read once.
CREATE STREAMING TABLE raw_events
AS SELECT * FROM STREAM read_files('data/events', format => 'json');

-- Cleaned events, read incrementally from raw_events.
CREATE STREAMING TABLE events
AS SELECT id, upper(kind) AS kind FROM STREAM(raw_events) WHERE id IS NOT NULL;

CREATE MATERIALIZED VIEW kind_counts
AS SELECT kind, count(*) AS n FROM events GROUP BY kind;
