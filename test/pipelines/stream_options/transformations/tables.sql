CREATE STREAMING TABLE events AS
SELECT id FROM STREAM read_files('landing', format => 'json', schema => 'id BIGINT');

-- Passes over the commits of events that change rows (its full refresh) and takes the rows
-- appended after them.
CREATE STREAMING TABLE tolerant AS
SELECT id FROM STREAM events WITH ('skipChangeCommits' = 'true', 'maxFilesPerTrigger' = 10);

-- Fails on the same commits.
CREATE STREAMING TABLE strict AS SELECT id FROM STREAM(events);
