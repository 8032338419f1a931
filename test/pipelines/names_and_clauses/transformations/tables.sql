-- ${key} comes from the spec's configuration, as in Databricks.
CREATE MATERIALIZED VIEW orders
COMMENT 'Orders of ${region}'
TBLPROPERTIES ('quality' = 'gold', 'owner.team' = 'sales')
AS SELECT id, id * 5 AS amount FROM range(1, 6) AS r(id);

-- A dataset of the pipeline wins over a catalog table of the same name; other tables of the
-- catalog are read by their two- and three-part names.
CREATE MATERIALIZED VIEW big_orders AS
SELECT o.id, o.amount, r.label
FROM orders o JOIN spark_catalog.default.reference r ON o.id = r.id
WHERE o.amount >= ${min_amount};

-- LOCATION writes the table there; PRIVATE keeps it out of the catalog.
CREATE PRIVATE MATERIALIZED VIEW scratch_totals
LOCATION 'tables/scratch_totals'
AS SELECT sum(amount) AS total FROM LIVE.orders;

CREATE MATERIALIZED VIEW totals AS SELECT total FROM scratch_totals;

-- A published view: in the catalog, read by queries outside the pipeline.
CREATE VIEW order_labels COMMENT 'id and label' AS SELECT id, label FROM big_orders;

-- CLUSTER BY: the table is written in the order of its clustering columns.
CREATE MATERIALIZED VIEW orders_by_amount CLUSTER BY (amount) AS
SELECT id, 30 - amount AS amount FROM orders;

-- Reads a view of the audit schema: its `moments` is shop.audit.moments. The view computes in
-- its file's zone (America/Los_Angeles), this file's own expressions in the spec's (Asia/Tokyo).
CREATE MATERIALIZED VIEW moment_copy AS
SELECT epoch_seconds, pacific_hour, pacific_text, same_instant,
       hour(CAST(epoch_seconds AS TIMESTAMP)) AS tokyo_hour
FROM audit_moments;
