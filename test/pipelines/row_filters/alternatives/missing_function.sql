CREATE MATERIALIZED VIEW sales (id INT, region STRING, amount INT)
  WITH ROW FILTER no_such_filter ON (region)
AS SELECT * FROM VALUES (1, 'emea', 10) AS v(id, region, amount);

CREATE MATERIALIZED VIEW sales_total AS SELECT sum(amount) AS total FROM sales;

CREATE MATERIALIZED VIEW doubled_amounts AS SELECT id, doubled(amount) AS doubled FROM sales;
