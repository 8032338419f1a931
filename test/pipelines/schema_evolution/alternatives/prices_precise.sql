-- Two more digits, both after the point: DECIMAL(10, 2) widens to DECIMAL(14, 4).
CREATE STREAMING TABLE prices AS
SELECT id, CAST(price AS DECIMAL(14, 4)) AS price
FROM STREAM read_files('prices', format => 'csv', header => true);
