CREATE STREAMING TABLE plain_changes AS
SELECT Id, _change_type FROM STREAM plain WITH (readChangeFeed = true);
