-- large
-- A 3-way join: sales with customers (1 M rows at M) and products (10 k rows), grouped by
-- country and category (1,000 groups).
SELECT c.country, p.category, count(*) AS n, sum(s.quantity) AS units,
  sum(s.price * s.quantity) AS revenue
FROM {sales} AS s
JOIN {customers} AS c ON s.customer_id = c.customer_id
JOIN {products} AS p ON s.product_id = p.product_id
WHERE s.status <> 'cancelled'
GROUP BY c.country, p.category
ORDER BY c.country, p.category
