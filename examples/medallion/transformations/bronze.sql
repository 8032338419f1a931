-- Bronze: every raw event, from two sources fanned into one table, each file read once.
CREATE TABLE bronze (
  event_id BIGINT,
  user_id BIGINT,
  ts STRING COMMENT 'as written by the source: not checked yet',
  event_type STRING,
  amount DOUBLE,
  country STRING,
  payload STRUCT<device: STRING, version: INT>,
  source STRING COMMENT 'events, events_b or archive'
)
COMMENT 'Raw events from every source';

-- JSON events, as the source writes them.
CREATE FLOW bronze_json
AS INSERT INTO bronze BY NAME
SELECT event_id, user_id, ts, event_type, amount, country, payload, 'events' AS source
FROM STREAM read_files(
  '${events_path}',
  format => 'json',
  schema => 'event_id BIGINT, user_id BIGINT, ts STRING, event_type STRING, amount DOUBLE,
             country STRING, payload STRUCT<device: STRING, version: INT>');

-- CSV events of the second source, whose payload is flattened.
CREATE FLOW bronze_csv
AS INSERT INTO bronze BY NAME
SELECT event_id, user_id, ts, event_type, amount, country,
       named_struct('device', device, 'version', version) AS payload, 'events_b' AS source
FROM STREAM read_files(
  'data/events_b',
  format => 'csv',
  header => true,
  schema => 'event_id BIGINT, user_id BIGINT, ts STRING, event_type STRING, amount DOUBLE,
             country STRING, device STRING, version INT');

-- Last year's archive, loaded once.
CREATE FLOW bronze_backfill
AS INSERT INTO ONCE bronze BY NAME
SELECT event_id, user_id, ts, event_type, amount, country, payload, 'archive' AS source
FROM read_files(
  'data/archive',
  format => 'json',
  schema => 'event_id BIGINT, user_id BIGINT, ts STRING, event_type STRING, amount DOUBLE,
             country STRING, payload STRUCT<device: STRING, version: INT>');

CREATE MATERIALIZED VIEW users
COMMENT 'The users, reloaded at every update'
AS SELECT *
FROM read_files(
  'data/users.csv',
  format => 'csv',
  header => true,
  schema => 'user_id BIGINT, name STRING, signup_date DATE, tier STRING');
