-- Every change of the catalog table src, each commit read once: its rows as they stood at the
-- first update (inserts of that version), then what each later commit changed.
CREATE STREAMING TABLE changes AS
SELECT Id, v, _change_type, _commit_version
FROM STREAM src WITH ('readChangeFeed' = 'true');

-- The changes from version 2 on (none yet at the first update).
CREATE STREAMING TABLE from_version_2 AS
SELECT Id, _change_type, _commit_version
FROM STREAM src WITH (readChangeFeed = true, startingVersion = 2);

-- A materialized view that records its changes: each refresh replaces its rows, and its change
-- data feed shows the old ones deleted and the new ones inserted.
CREATE MATERIALIZED VIEW id_total TBLPROPERTIES (delta.enableChangeDataFeed = true) AS
SELECT sum(Id) AS total FROM src;
