-- A managed table with declared columns, fed by two flows (fan-in) and a one-time backfill.
CREATE TABLE orders (
  order_id BIGINT NOT NULL,
  amount DECIMAL(10, 2),
  channel STRING COMMENT 'where the order was placed',
  note STRING COMMENT 'no flow writes it: NULL'
);

CREATE FLOW web_orders
AS INSERT INTO orders BY NAME
SELECT order_id, amount, 'web' AS channel
FROM STREAM read_files('web', format => 'json', schema => 'order_id BIGINT, amount DOUBLE');

CREATE FLOW store_orders
AS INSERT INTO orders BY NAME
SELECT Order_Id, amount, 'store' AS CHANNEL
FROM STREAM read_files('store', format => 'csv', header => true, schema => 'order_id BIGINT, amount DOUBLE');

CREATE FLOW backfill
AS INSERT INTO ONCE orders BY NAME
SELECT order_id, amount, 'archive' AS channel
FROM read_files('archive', format => 'json', schema => 'order_id BIGINT, amount DOUBLE');
