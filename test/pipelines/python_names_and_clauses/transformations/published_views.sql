-- pyspark.pipelines has no published view (its views are temporary), so the published view of
-- names_and_clauses stays in SQL, reading the Python dataset big_orders.
CREATE VIEW order_labels COMMENT 'id and label' AS SELECT id, label FROM big_orders;
