-- large
-- Windows per customer ordered by time: row_number() and a running sum, folded into one row.
SELECT count(*) AS n, sum(CASE WHEN rn = 1 THEN quantity END) AS first_units,
  max(rn) AS max_rn, max(running_units) AS max_running, sum(running_units) AS sum_running
FROM (
  SELECT quantity,
    row_number() OVER (PARTITION BY customer_id ORDER BY ts, sale_id) AS rn,
    sum(quantity) OVER (PARTITION BY customer_id ORDER BY ts, sale_id) AS running_units
  FROM {sales}
) AS ranked
