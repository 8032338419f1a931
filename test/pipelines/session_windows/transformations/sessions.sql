-- Clicks streamed in from JSON files, and each user's sessions: clicks less than 10 minutes
-- apart belong to one.
CREATE STREAMING TABLE clicks
AS SELECT user, ts FROM STREAM read_files('source', format => 'json', schema => 'user STRING, ts TIMESTAMP');

CREATE MATERIALIZED VIEW sessions
AS SELECT user, session_window.start AS started, session_window.end AS ended, count(*) AS clicks
FROM clicks
GROUP BY user, session_window(ts, '10 minutes');
