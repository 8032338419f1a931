-- large
-- VARIANT extraction over JSON text: each order parsed once into a VARIANT, then fields read by
-- path (DuckDB: its JSON extraction over the same text, 13_variant_extract.duckdb.sql).
SELECT v:customer.country::string AS country, count(*) AS orders,
  sum(v:lines[0].qty::int) AS first_line_units,
  sum(v:lines[1].price::decimal(10, 2)) AS second_line_revenue,
  count_if(v:status::string = 'returned') AS returned
FROM (SELECT parse_json(doc) AS v FROM {orders_json})
GROUP BY 1
ORDER BY 1
