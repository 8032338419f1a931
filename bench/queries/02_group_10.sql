-- GROUP BY with 10 groups (store_id).
SELECT store_id, count(*) AS n, sum(quantity) AS units, sum(price * quantity) AS revenue,
  avg(quantity) AS avg_quantity, min(price) AS min_price, max(price) AS max_price
FROM {sales}
GROUP BY store_id
ORDER BY store_id
