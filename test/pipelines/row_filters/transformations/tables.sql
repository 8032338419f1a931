CREATE MATERIALIZED VIEW sales (id INT, region STRING, amount INT)
  WITH ROW FILTER emea_only ON (region)
AS SELECT * FROM VALUES (1, 'emea', 10), (2, 'amer', 20), (3, NULL, 30) AS v(id, region, amount);

-- The pipeline reads every row of its own table.
CREATE MATERIALIZED VIEW sales_total AS SELECT sum(amount) AS total FROM sales;

CREATE MATERIALIZED VIEW doubled_amounts AS SELECT id, doubled(amount) AS doubled FROM sales;
