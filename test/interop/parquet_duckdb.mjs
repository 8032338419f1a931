// test/interop/parquet_duckdb.mjs
//
// Parquet interoperability between sluice and DuckDB, both ways:
//   1. DuckDB writes the reference rows with every codec, pages v1 and v2, into <tmp>/duckdb;
//   2. the sluice unit test binary (ParquetInteropFilesTest) reads those files and checks each
//      value, then writes the same rows into <tmp>/sluice (every codec, and data pages v2);
//   3. DuckDB reads sluice's files and compares them with the reference rows, and checks the
//      column types it infers.
// Usage: node parquet_duckdb.mjs <path to sluice_unit_tests>
// `make test` runs it (CTest test interop/parquet_duckdb) after `npm ci` in this folder.
import { DuckDBInstance } from '@duckdb/node-api';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const binary = process.argv[2];
if (!binary) {
  console.error('usage: node parquet_duckdb.mjs <path to sluice_unit_tests>');
  process.exit(2);
}

// The reference rows; keep in step with test/unit/storage/parquet_interop_files_test.cpp.
function referenceSql(rows, duckdbExtras) {
  const extras = duckdbExtras
    ? `,
      make_timestamp((1600000000000 + i * 1003) * 1000)::TIMESTAMP_MS AS ts_ms,
      make_timestamp_ns(1600000000000000000 + i * 1000000007) AS ts_ns,
      (i % 256)::UTINYINT AS u8,
      (18446744073709551615::UBIGINT - i::UBIGINT) AS u64,
      printf('00000000-0000-0000-0000-%012d', i)::UUID AS uuid`
    : '';
  return `
    SELECT
      i::BIGINT AS id,
      (i % 3 = 0) AS b,
      (i % 256 - 128)::TINYINT AS i8,
      CASE WHEN i % 10 = 3 THEN NULL ELSE ((i * 7919) % 100000 - 50000)::INTEGER END AS i32,
      i / 4.0::DOUBLE AS f64,
      CASE WHEN i % 13 = 0 THEN NULL WHEN i % 17 = 0 THEN '' ELSE 'str' || (i % 100) END AS s,
      (((i * 37) % 100000)::DECIMAL(18, 0) / 100)::DECIMAL(10, 2) AS d,
      (i::DECIMAL(38, 6) * 1.000001)::DECIMAL(38, 6) AS d38,
      (DATE '1970-01-01' + (18000 + i % 1000)::INTEGER) AS day,
      timezone('UTC', make_timestamp(1600000000000000 + i * 1000003)) AS ts,
      make_timestamp(1600000000000000 + i * 1000003) AS ntz,
      CASE i % 4 WHEN 0 THEN []::VARCHAR[] WHEN 1 THEN NULL
                 ELSE ['a' || (i % 5), 'b'] END AS tags,
      CASE WHEN i % 5 = 0 THEN NULL
           ELSE MAP {'k': i::INTEGER, 'n': NULL::INTEGER} END AS m,
      CASE WHEN i % 9 = 0 THEN NULL
           ELSE {'x': i::INTEGER, 'y': 'y' || i} END AS st${extras}
    FROM range(${rows}) AS t(i)`;
}

const expectedTypes = {
  id: 'BIGINT', b: 'BOOLEAN', i8: 'TINYINT', i32: 'INTEGER', f64: 'DOUBLE', s: 'VARCHAR',
  d: 'DECIMAL(10,2)', d38: 'DECIMAL(38,6)', day: 'DATE', ts: 'TIMESTAMP WITH TIME ZONE',
  ntz: 'TIMESTAMP', tags: 'VARCHAR[]', m: 'MAP(VARCHAR, INTEGER)',
  st: 'STRUCT(x INTEGER, y VARCHAR)',
};

const folder = mkdtempSync(join(tmpdir(), 'sluice-interop-'));
let failures = 0;
function check(condition, message) {
  if (condition) {
    console.log(`ok    ${message}`);
  } else {
    console.log(`FAIL  ${message}`);
    failures += 1;
  }
}

try {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run("SET TimeZone = 'UTC'");

  mkdirSync(join(folder, 'duckdb'));
  for (const codec of ['uncompressed', 'snappy', 'gzip', 'zstd', 'lz4']) {
    for (const version of ['V1', 'V2']) {
      const file = join(folder, 'duckdb', `${codec}_${version}.parquet`);
      await connection.run(
        `COPY (${referenceSql(20000, true)}) TO '${file}'
         (FORMAT parquet, COMPRESSION ${codec}, ROW_GROUP_SIZE 8000, PARQUET_VERSION ${version})`);
    }
  }

  const run = spawnSync(binary, ['--gtest_filter=ParquetInteropFilesTest.*'], {
    env: { ...process.env, SLUICE_PARQUET_INTEROP_DIR: folder },
    stdio: 'inherit',
  });
  check(run.status === 0,
    'sluice reads DuckDB files (every codec, pages v1 and v2) and writes its own');

  const sluiceFiles = readdirSync(join(folder, 'sluice'))
    .filter((name) => name.endsWith('.parquet'));
  check(sluiceFiles.length === 6, `sluice wrote ${sluiceFiles.length} files`);
  for (const name of sluiceFiles) {
    const file = join(folder, 'sluice', name);
    const described = await connection.runAndReadAll(
      `SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('${file}'))`);
    const types = Object.fromEntries(described.getRows().map(([column, type]) => [column, type]));
    for (const [column, type] of Object.entries(expectedTypes)) {
      check(types[column] === type, `${name}: ${column} is ${types[column]} (expected ${type})`);
    }
    const counted = await connection.runAndReadAll(`
      WITH actual AS (SELECT * FROM read_parquet('${file}')),
           expected AS (${referenceSql(100000, false)})
      SELECT (SELECT count(*) FROM actual),
             (SELECT count(*) FROM (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected)),
             (SELECT count(*) FROM (SELECT * FROM expected EXCEPT ALL SELECT * FROM actual))`);
    const [rows, extra, missing] = counted.getRows()[0].map(Number);
    check(rows === 100000 && extra === 0 && missing === 0,
      `${name}: DuckDB reads ${rows} rows, ${extra} unexpected, ${missing} missing`);
    const groups = await connection.runAndReadAll(
      `SELECT count(DISTINCT row_group_id) FROM parquet_metadata('${file}')`);
    check(Number(groups.getRows()[0][0]) === 4, `${name}: 4 row groups`);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}

console.log(failures === 0 ? 'all checks passed' : `${failures} checks failed`);
process.exit(failures === 0 ? 0 : 1);
