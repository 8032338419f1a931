-- A sort with LIMIT: the 100 most expensive sales (sale_id breaks the ties).
SELECT sale_id, customer_id, product_id, store_id, ts, quantity, price, status, comment
FROM {sales}
ORDER BY price DESC, sale_id
LIMIT 100
