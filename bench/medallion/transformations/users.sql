CREATE MATERIALIZED VIEW users
AS SELECT *
FROM read_files(
  '${input}/users.csv',
  format => 'csv',
  header => true,
  schema => 'user_id BIGINT, name STRING, signup_date DATE, tier STRING');
