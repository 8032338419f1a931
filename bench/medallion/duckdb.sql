-- The medallion benchmark's work as one DuckDB script (bench/README.md), on the same files as
-- the sluice pipeline beside it. {input} is the data folder, {output} a folder for the tables;
-- every table is persisted as zstd Parquet. Statements are separated by lines of '-- step NAME'.
-- step users
CREATE TABLE users AS
SELECT * FROM read_csv('{input}/users.csv', header = true,
  columns = {'user_id': 'BIGINT', 'name': 'VARCHAR', 'signup_date': 'DATE', 'tier': 'VARCHAR'});
COPY users TO '{output}/users.parquet' (FORMAT parquet, COMPRESSION zstd);
-- step bronze
CREATE TABLE bronze AS
SELECT event_id, user_id, ts, event_type, amount, country, payload, 'events' AS source
FROM read_json('{input}/events/*.jsonl', format = 'newline_delimited',
  columns = {'event_id': 'BIGINT', 'user_id': 'BIGINT', 'ts': 'VARCHAR', 'event_type': 'VARCHAR',
             'amount': 'DOUBLE', 'country': 'VARCHAR',
             'payload': 'STRUCT(device VARCHAR, version INTEGER)'});
INSERT INTO bronze
SELECT event_id, user_id, ts, event_type, amount, country,
       {'device': device, 'version': version} AS payload, 'events_b' AS source
FROM read_csv('{input}/events_b/*.csv', header = true,
  columns = {'event_id': 'BIGINT', 'user_id': 'BIGINT', 'ts': 'VARCHAR', 'event_type': 'VARCHAR',
             'amount': 'DOUBLE', 'country': 'VARCHAR', 'device': 'VARCHAR', 'version': 'INTEGER'});
COPY bronze TO '{output}/bronze.parquet' (FORMAT parquet, COMPRESSION zstd);
-- step silver
CREATE TABLE silver AS
SELECT event_id, user_id, try_strptime(ts, '%Y-%m-%dT%H:%M:%S.%gZ') AS ts, event_type, amount,
       country, payload.device AS device, payload.version AS version, source
FROM bronze
WHERE event_id IS NOT NULL
  AND (amount IS NULL OR amount >= 0)
  AND try_strptime(ts, '%Y-%m-%dT%H:%M:%S.%gZ') IS NOT NULL;
COPY silver TO '{output}/silver.parquet' (FORMAT parquet, COMPRESSION zstd);
-- step gold_daily
CREATE TABLE gold_daily AS
SELECT CAST(ts AS DATE) AS day, country, event_type,
       sum(amount) AS revenue, count(*) AS n_events, count(DISTINCT user_id) AS n_users
FROM silver
GROUP BY CAST(ts AS DATE), country, event_type;
COPY gold_daily TO '{output}/gold_daily.parquet' (FORMAT parquet, COMPRESSION zstd);
-- step gold_tier_monthly
CREATE TABLE gold_tier_monthly AS
SELECT u.tier, CAST(date_trunc('month', s.ts) AS DATE) AS month,
       sum(s.amount) AS revenue, count(*) AS n_events, count(DISTINCT s.user_id) AS n_users
FROM silver s JOIN users u USING (user_id)
GROUP BY u.tier, CAST(date_trunc('month', s.ts) AS DATE);
COPY gold_tier_monthly TO '{output}/gold_tier_monthly.parquet' (FORMAT parquet, COMPRESSION zstd);
