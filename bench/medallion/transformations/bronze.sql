-- Bronze: every raw event of both sources, each file read once, fanned into one table.
CREATE TABLE bronze (
  event_id BIGINT,
  user_id BIGINT,
  ts STRING,
  event_type STRING,
  amount DOUBLE,
  country STRING,
  payload STRUCT<device: STRING, version: INT>,
  source STRING
);

CREATE FLOW bronze_json
AS INSERT INTO bronze BY NAME
SELECT event_id, user_id, ts, event_type, amount, country, payload, 'events' AS source
FROM STREAM read_files(
  '${input}/events',
  format => 'json',
  schema => 'event_id BIGINT, user_id BIGINT, ts STRING, event_type STRING, amount DOUBLE,
             country STRING, payload STRUCT<device: STRING, version: INT>');

CREATE FLOW bronze_csv
AS INSERT INTO bronze BY NAME
SELECT event_id, user_id, ts, event_type, amount, country,
       named_struct('device', device, 'version', version) AS payload, 'events_b' AS source
FROM STREAM read_files(
  '${input}/events_b',
  format => 'csv',
  header => true,
  schema => 'event_id BIGINT, user_id BIGINT, ts STRING, event_type STRING, amount DOUBLE,
             country STRING, device STRING, version INT');
