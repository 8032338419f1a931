-- City names that differ only in case are one city: the streaming table keeps each name as
-- it came, under UTF8_LCASE, and the view groups and joins by that collation.
CREATE STREAMING TABLE visits (
  city STRING COLLATE UTF8_LCASE,
  n INT
)
AS SELECT city, n FROM STREAM read_files('source', format => 'json', schema => 'city STRING, n INT');

CREATE MATERIALIZED VIEW visits_by_city
AS SELECT city, sum(n) AS total, count(*) AS rows FROM visits GROUP BY city;

CREATE MATERIALIZED VIEW capitals
AS SELECT v.city, c.country
   FROM (SELECT DISTINCT city FROM visits) v
   JOIN VALUES ('OSLO', 'Norway'), ('stockholm', 'Sweden') AS c(name, country)
     ON v.city = c.name COLLATE UTF8_LCASE;
