-- Streaming tables read streams; materialized views and published views read tables.
CREATE STREAMING TABLE batch_into_streaming AS SELECT * FROM source;
CREATE MATERIALIZED VIEW stream_into_view AS SELECT * FROM STREAM(events);
CREATE VIEW published_stream AS SELECT * FROM STREAM(events);

-- Views are read the way they read.
CREATE TEMPORARY VIEW batch_view AS SELECT * FROM source;
CREATE TEMPORARY VIEW stream_view AS SELECT * FROM STREAM(events);
CREATE STREAMING TABLE reads_batch_view AS SELECT * FROM STREAM(batch_view);
CREATE MATERIALIZED VIEW reads_stream_view AS SELECT * FROM stream_view;
CREATE VIEW published_reads_temporary AS SELECT * FROM batch_view;
CREATE TEMPORARY VIEW renamed (a, b) AS SELECT id FROM source;

-- Declared columns the query does not fit; clauses that exclude each other.
CREATE TABLE declared (id BIGINT) FLOW INSERT BY NAME SELECT id, 'x' AS extra FROM source;
CREATE MATERIALIZED VIEW both_layouts PARTITIONED BY (id) CLUSTER BY (id) AS SELECT id FROM source;

-- AUTO CDC: never into a managed table; into a streaming table it is valid.
CREATE TABLE managed_cdc (id BIGINT);
CREATE FLOW cdc_into_managed AS AUTO CDC INTO managed_cdc FROM STREAM(events) KEYS (id) SEQUENCE BY id;
CREATE STREAMING TABLE cdc_target;
CREATE FLOW cdc_into_streaming AS AUTO CDC INTO cdc_target FROM STREAM(events) KEYS (id) SEQUENCE BY id;

-- The hive_metastore catalog holds no managed tables of a pipeline.
CREATE TABLE hive_metastore.default.legacy FLOW INSERT BY NAME SELECT id FROM spark_catalog.default.source;

-- REFRESH POLICY is a clause of materialized views only.
CREATE STREAMING TABLE policed REFRESH POLICY INCREMENTAL AS SELECT * FROM STREAM(events);
