-- DuckDB's spelling of 13_variant_extract.sql: its JSON functions read the text itself.
SELECT doc->>'$.customer.country' AS country, count(*) AS orders,
  sum(CAST(doc->>'$.lines[0].qty' AS INT)) AS first_line_units,
  sum(CAST(doc->>'$.lines[1].price' AS DECIMAL(10, 2))) AS second_line_revenue,
  count_if(doc->>'$.status' = 'returned') AS returned
FROM {orders_json}
GROUP BY 1
ORDER BY 1
