-- The amounts as DOUBLE.
CREATE TEMPORARY VIEW events AS
SELECT id, CAST(amount AS DOUBLE) AS amount, seq, op
FROM STREAM read_files('data', format => 'json',
                       schema => 'id BIGINT, amount BIGINT, seq BIGINT, op STRING');
