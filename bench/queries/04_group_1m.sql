-- large
-- GROUP BY with about 1 M groups (customer_id, M scale; 100 k at S), folded into one row.
SELECT count(*) AS customers, sum(n) AS sales, max(n) AS max_sales, sum(spent) AS spent,
  max(spent) AS max_spent, count(last_ts) AS with_ts
FROM (
  SELECT customer_id, count(*) AS n, sum(price * quantity) AS spent, max(ts) AS last_ts
  FROM {sales}
  GROUP BY customer_id
) AS per_customer
