-- Two sources, each a streaming table over its own folder of JSON files.
CREATE STREAMING TABLE source_a
AS SELECT * FROM STREAM read_files('data/a', format => 'json');

CREATE STREAMING TABLE source_b
AS SELECT * FROM STREAM read_files('data/b', format => 'json');
