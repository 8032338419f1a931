-- Both SCD types over the events of events.sql.
CREATE STREAMING TABLE amounts;

CREATE FLOW amounts_flow AS AUTO CDC INTO amounts
FROM STREAM(events)
KEYS (id)
APPLY AS DELETE WHEN op = 'DELETE'
SEQUENCE BY seq
COLUMNS * EXCEPT (op, seq)
STORED AS SCD TYPE 1;

CREATE STREAMING TABLE amount_history;

CREATE FLOW amount_history_flow AS AUTO CDC INTO amount_history
FROM STREAM(events)
KEYS (id)
APPLY AS DELETE WHEN op = 'DELETE'
SEQUENCE BY seq
COLUMNS * EXCEPT (op, seq)
STORED AS SCD TYPE 2;
