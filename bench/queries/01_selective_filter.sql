-- A selective filter (about 0.08 % of the rows) with count and sums.
SELECT count(*) AS n, sum(quantity) AS units, sum(price) AS revenue, max(ts) AS last_ts
FROM {sales}
WHERE store_id = 3 AND product_id <= 100 AND status = 'returned'
