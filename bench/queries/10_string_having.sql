-- A filter on strings and a GROUP BY with HAVING: the products with the highest return rate among
-- the sales whose comment mentions a gift.
SELECT product_id, count(*) AS n,
  sum(CASE WHEN status = 'returned' THEN 1 ELSE 0 END) / count(*) AS return_rate
FROM {sales}
WHERE comment LIKE '%gift%' AND status <> 'pending'
GROUP BY product_id
HAVING count(*) >= 10 AND sum(CASE WHEN status = 'returned' THEN 1 ELSE 0 END) > 0
ORDER BY return_rate DESC, product_id
LIMIT 20
