-- Batches apply 700 events at a time, so that a large one runs in several slices of keys.
SET sluice.cdc.eventsPerSlice = 700;

-- Three targets of one change stream: SCD type 1 with deletion vectors, SCD type 1 without
-- (its files are rewritten), and SCD type 2 with deletion vectors.
CREATE STREAMING TABLE accounts TBLPROPERTIES (delta.enableDeletionVectors = true);

CREATE FLOW accounts_flow AS AUTO CDC INTO accounts
FROM STREAM(account_events)
KEYS (id)
APPLY AS DELETE WHEN op = 'DELETE'
SEQUENCE BY seq
COLUMNS * EXCEPT (op, seq)
STORED AS SCD TYPE 1;

CREATE STREAMING TABLE accounts_rewritten;

CREATE FLOW accounts_rewritten_flow AS AUTO CDC INTO accounts_rewritten
FROM STREAM(account_events)
KEYS (id)
APPLY AS DELETE WHEN op = 'DELETE'
SEQUENCE BY seq
COLUMNS * EXCEPT (op, seq)
STORED AS SCD TYPE 1;

CREATE STREAMING TABLE account_history TBLPROPERTIES (delta.enableDeletionVectors = true);

CREATE FLOW account_history_flow AS AUTO CDC INTO account_history
FROM STREAM(account_events)
KEYS (id)
APPLY AS DELETE WHEN op = 'DELETE'
SEQUENCE BY seq
COLUMNS * EXCEPT (op)
STORED AS SCD TYPE 2;
