-- Devices send CSV lines: bronze keeps each line with its parse (a struct, the malformed ones
-- in its _corrupt_record field); silver spreads the struct's fields into columns and drops the
-- malformed records; gold averages per device.
CREATE OR REFRESH STREAMING TABLE bronze_lines AS
SELECT value AS line,
       from_csv(value, 'device STRING, at TIMESTAMP, celsius DOUBLE, _corrupt_record STRING',
                map('sep', ';')) AS parsed
FROM STREAM read_files('lines', format => 'text');

CREATE OR REFRESH STREAMING TABLE silver_readings (
  CONSTRAINT well_formed EXPECT (_corrupt_record IS NULL) ON VIOLATION DROP ROW
) AS SELECT parsed.* FROM STREAM(bronze_lines);

CREATE MATERIALIZED VIEW device_means AS
SELECT device, count(*) AS readings, avg(celsius) AS mean_celsius, to_csv(named_struct('first', min(at), 'last', max(at))) AS span
FROM silver_readings GROUP BY device;
