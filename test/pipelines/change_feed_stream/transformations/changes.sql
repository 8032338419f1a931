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

-- A streaming table that records its changes: its appends are its inserts, and a full
-- refresh deletes its rows and inserts them again.
CREATE STREAMING TABLE inserted_ids TBLPROPERTIES (delta.enableChangeDataFeed = true) AS
SELECT Id FROM STREAM changes WHERE _change_type = 'insert';
