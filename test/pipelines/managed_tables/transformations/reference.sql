-- The first example of Databricks' CREATE TABLE ... FLOW page: a batch flow appends its
-- query's rows at every update.
CREATE MATERIALIZED VIEW source AS SELECT id FROM range(3);
CREATE TABLE output FLOW INSERT BY NAME SELECT id FROM LIVE.source;

-- A partitioned managed table written from streaming JSON files.
CREATE TABLE events_by_day
PARTITIONED BY (day)
COMMENT 'events, a folder a day'
TBLPROPERTIES ('quality' = 'bronze')
FLOW INSERT BY NAME
SELECT id, CAST(ts AS DATE) AS day FROM STREAM read_files('events', format => 'json');
