CREATE STREAMING TABLE events AS
SELECT id FROM STREAM read_files('landing', format => 'json', schema => 'id BIGINT');

-- Passes over the commits of events that change rows (its full refresh) and takes the rows
-- appended after them.
CREATE STREAMING TABLE tolerant AS
SELECT id FROM STREAM events WITH ('skipChangeCommits' = 'true', 'maxFilesPerTrigger' = 10);

-- Fails on the same commits.
CREATE STREAMING TABLE strict AS SELECT id FROM STREAM(events);

-- A table of the catalog that no dataset of this pipeline writes (a query session or another
-- pipeline does), read as a stream: each update takes its new commits.
CREATE STREAMING TABLE from_catalog AS SELECT id FROM STREAM landing_table;

-- Streams that start at a version or at a time of landing_table instead of its current rows:
-- the rows appended from there on, passing over the commits that change rows.
CREATE STREAMING TABLE from_version_2 AS
SELECT id FROM STREAM landing_table WITH (startingVersion = 2, skipChangeCommits = true);

CREATE STREAMING TABLE since_2000 AS
SELECT id FROM STREAM landing_table
WITH (startingTimestamp = '2000-01-01', skipChangeCommits = true);
