CREATE STREAMING TABLE events_cdc
AS SELECT * FROM STREAM read_files('data/events', format => 'json',
  schema => 'id INT, v STRING, w STRING, ts INT, tie INT, op STRING');

-- SEQUENCE BY STRUCT: tie breaks the ties of ts.
CREATE STREAMING TABLE by_struct;

CREATE FLOW by_struct_flow AS AUTO CDC INTO by_struct
FROM STREAM(events_cdc)
KEYS (id)
APPLY AS DELETE WHEN op = 'DELETE'
SEQUENCE BY STRUCT(ts, tie)
COLUMNS (id, v, w);

-- Tombstones kept for no time: a late event after the next update brings its key back.
CREATE STREAMING TABLE quick_gc
TBLPROPERTIES ('pipelines.cdc.tombstoneGCThresholdInSeconds' = '0');

CREATE FLOW quick_gc_flow AS AUTO CDC INTO quick_gc
FROM STREAM(events_cdc)
KEYS (id)
APPLY AS DELETE WHEN op = 'DELETE'
SEQUENCE BY ts
COLUMNS id, v, w;
