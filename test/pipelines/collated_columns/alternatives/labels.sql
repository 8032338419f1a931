-- A city (UTF8_LCASE) joined to a country name (UTF8_BINARY) has no collation of its own: the
-- view cannot store it until COLLATE says which.
CREATE MATERIALIZED VIEW labels
AS SELECT v.city || ', ' || c.country AS label
   FROM (SELECT DISTINCT city FROM visits) v
   JOIN VALUES ('OSLO', 'Norway') AS c(name, country)
     ON v.city = c.name COLLATE UTF8_LCASE;
