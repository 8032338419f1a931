-- The amounts as INT at first; alternatives/ give them as DOUBLE (a widening the target
-- follows) and as DECIMAL(12, 1) (narrower than DOUBLE: the target keeps DOUBLE).
CREATE TEMPORARY VIEW events AS
SELECT id, CAST(amount AS INT) AS amount, seq, op
FROM STREAM read_files('data', format => 'json',
                       schema => 'id BIGINT, amount BIGINT, seq BIGINT, op STRING');

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
