-- The amounts as DECIMAL(12, 1).
CREATE TEMPORARY VIEW events AS
SELECT id, CAST(amount AS DECIMAL(12, 1)) AS amount, seq, op
FROM STREAM read_files('data', format => 'json',
                       schema => 'id BIGINT, amount BIGINT, seq BIGINT, op STRING');
