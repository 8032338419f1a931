-- Bronze keeps each raw record as a VARIANT; silver extracts typed columns with `:` paths and
-- drops the records whose payload is not JSON.
CREATE OR REFRESH STREAMING TABLE bronze_events AS
SELECT id, try_parse_json(raw) AS payload
FROM STREAM read_files('raw', format => 'csv', header => true, sep => '|', schema => 'id INT, raw STRING');

CREATE OR REFRESH STREAMING TABLE silver_events (
  CONSTRAINT json_payload EXPECT (payload IS NOT NULL) ON VIOLATION DROP ROW
) AS SELECT id, payload, payload:user.name::string AS user_name, payload:items[0].price::decimal(10, 2) AS first_price
FROM STREAM(bronze_events);

CREATE MATERIALIZED VIEW spend_by_user AS
SELECT user_name, sum(variant_get(payload, '$.total', 'decimal(10,2)')) AS spend, count(*) AS orders
FROM silver_events GROUP BY user_name;
