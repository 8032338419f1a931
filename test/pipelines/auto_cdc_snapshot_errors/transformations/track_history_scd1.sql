-- TRACK HISTORY is for SCD type 2.
CREATE FLOW tracked_flow AS AUTO CDC INTO tracked
FROM SNAPSHOT accounts KEYS (id) TRACK HISTORY ON balance;
