-- Spark's refresh test: two streaming tables read one source, a materialized view reads a.
CREATE STREAMING TABLE a AS SELECT value FROM STREAM read_files('source', format => 'json', schema => 'value INT');
CREATE STREAMING TABLE b AS SELECT value FROM STREAM read_files('source', format => 'json', schema => 'value INT');
CREATE MATERIALIZED VIEW mv AS SELECT value FROM a;
