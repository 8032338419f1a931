-- GROUP BY with about 10 k groups (product_id), all groups returned in order.
SELECT product_id, count(*) AS n, sum(quantity) AS units, sum(price * quantity) AS revenue,
  max(ts) AS last_ts
FROM {sales}
GROUP BY product_id
ORDER BY product_id
