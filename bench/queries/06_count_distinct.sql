-- large
-- count(DISTINCT) of about 1 M customers (100 k at S) over all sales.
SELECT count(DISTINCT customer_id) AS customers, count(*) AS n
FROM {sales}
