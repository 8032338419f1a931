-- Two columns for a function of one parameter.
CREATE MATERIALIZED VIEW sales (id INT, region STRING, amount INT)
  WITH ROW FILTER emea_only ON (region, amount)
AS SELECT * FROM VALUES (1, 'emea', 10) AS v(id, region, amount);

-- A column the table does not have.
CREATE MATERIALIZED VIEW sales_total WITH ROW FILTER emea_only ON (country)
AS SELECT sum(amount) AS total FROM sales;

-- A function that does not return a BOOLEAN.
CREATE FUNCTION region_code(region STRING) RETURN upper(region);

CREATE MATERIALIZED VIEW doubled_amounts WITH ROW FILTER region_code ON (region)
AS SELECT id, region, doubled(amount) AS doubled FROM sales;
