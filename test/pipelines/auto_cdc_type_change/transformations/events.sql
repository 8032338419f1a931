-- The amounts as INT at first; alternatives/ give them as DOUBLE (a widening the target
-- follows) and as DECIMAL(12, 1) (narrower than DOUBLE: the target keeps DOUBLE).
CREATE TEMPORARY VIEW events AS
SELECT id, CAST(amount AS INT) AS amount, seq, op
FROM STREAM read_files('data', format => 'json',
                       schema => 'id BIGINT, amount BIGINT, seq BIGINT, op STRING');
