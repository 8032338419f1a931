-- The same flow, now keeping history: its state was built for SCD type 1.
CREATE STREAMING TABLE keep_nulls;

CREATE FLOW keep_nulls_flow AS AUTO CDC INTO keep_nulls
FROM STREAM(events_cdc)
KEYS (id)
IGNORE NULL UPDATES
APPLY AS DELETE WHEN op = 'DELETE'
SEQUENCE BY ts
COLUMNS * EXCEPT (ts, tie, op)
STORED AS SCD TYPE 2;
