CREATE STREAMING TABLE prices AS
SELECT id, CAST(price AS DECIMAL(10, 2)) AS price
FROM STREAM read_files('prices', format => 'csv', header => true);
