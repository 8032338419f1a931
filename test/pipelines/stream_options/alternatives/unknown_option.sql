CREATE STREAMING TABLE events AS
SELECT id FROM STREAM read_files('landing', format => 'json', schema => 'id BIGINT');

CREATE STREAMING TABLE tolerant AS SELECT id FROM STREAM events WITH (skipChangeCommit = true);

CREATE MATERIALIZED VIEW batch AS SELECT id FROM events WITH (skipChangeCommits = true);

CREATE TEMPORARY VIEW recent AS SELECT id FROM STREAM events;

CREATE STREAMING TABLE through_view AS SELECT id FROM STREAM recent WITH (skipChangeCommits = true);

CREATE STREAMING TABLE not_boolean AS SELECT id FROM STREAM events WITH (skipChangeCommits = 'yes');

CREATE STREAMING TABLE from_version AS
SELECT id FROM STREAM events WITH (startingVersion = 3, startingTimestamp = '2026-01-01');

CREATE STREAMING TABLE from_time AS
SELECT id FROM STREAM events WITH (startingTimestamp = 'yesterday');

CREATE STREAMING TABLE missing AS SELECT id FROM STREAM no_such_table;
