-- The temporary views of Databricks' examples: a column list that renames the query's
-- columns, and expectations checked on the rows read through a view.
CREATE TEMPORARY VIEW my_view (item COMMENT 'what was sold', qty)
AS SELECT name, quantity FROM read_files('sales', format => 'csv', header => true, schema => 'name STRING, quantity INT');

CREATE TEMPORARY VIEW valid_sales (
  CONSTRAINT positive_qty EXPECT (qty > 0) ON VIOLATION DROP ROW
) AS SELECT * FROM my_view;

CREATE MATERIALIZED VIEW sales_by_item AS SELECT item, sum(qty) AS total FROM valid_sales GROUP BY item;
