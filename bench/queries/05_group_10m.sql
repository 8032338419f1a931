-- large
-- GROUP BY with 10 M groups (sale_id, unique; 1 M at S), folded into one row.
SELECT count(*) AS sales, sum(n) AS n, max(n) AS max_n, sum(units) AS units, max(units) AS max_units
FROM (
  SELECT sale_id, count(*) AS n, sum(quantity) AS units
  FROM {sales}
  GROUP BY sale_id
) AS per_sale
