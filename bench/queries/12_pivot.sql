-- large
-- PIVOT: units per product, one column per order status (grouped by product_id implicitly).
SELECT count(*) AS products, sum(completed) AS completed, sum(returned) AS returned,
  sum(cancelled) AS cancelled, sum(pending) AS pending, max(completed) AS max_completed
FROM (SELECT product_id, status, quantity FROM {sales})
PIVOT (sum(quantity) FOR status IN ('completed' AS completed, 'returned' AS returned,
  'cancelled' AS cancelled, 'pending' AS pending))
