// bench/auto_cdc.mjs
//
// The AUTO CDC benchmark: one pipeline update that applies 1 % changed keys (half updates of
// existing keys spread over the whole table, a quarter deletes, a quarter new keys) to a
// 10 M-row target, stored as SCD type 1 and as SCD type 2. The events are Parquet files that
// DuckDB writes; the target is first loaded by an update that applies the 10 M insert events
// (timed apart), then the increment's file lands and the next update is timed (the `sluice
// run` process, start-up included). Beside it, DuckDB does the same work on a native table:
// a MERGE for SCD type 1, closing the open versions and inserting the new ones for SCD type 2.
// The target has deletion vectors (delta.enableDeletionVectors), so that, as DuckDB changes
// its table in place, the update replaces the changed keys' rows without rewriting the rest.
// Prints the times, the ratios sluice / DuckDB, the files the update removed and added in the
// target's Delta log, and checks that both sides end with the same rows (count and sums).
//
// Usage: node bench/auto_cdc.mjs [--rows 10000000] [--sluice PATH] [--work DIR]
import { DuckDBInstance } from '@duckdb/node-api';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && at + 1 < process.argv.length ? process.argv[at + 1] : fallback;
}

const rows = Number(option('rows', '10000000'));
const sluice = path.resolve(option('sluice', 'build/release/sluice'));
const work = path.resolve(option('work', 'bench/out/auto_cdc'));
const changed = Math.floor(rows / 100);
const updates = Math.floor(changed / 2);
const deletes = Math.floor(changed / 4);
const inserts = changed - updates - deletes;
const stride = Math.floor(rows / updates);

// Events: id, name, city, amount, op, seq. Updated keys are multiples of the stride, deleted
// keys the ones after them, new keys follow the table's.
const initialEvents =
  `SELECT range AS id, 'name' || CAST(range % 1000 AS VARCHAR) AS name, ` +
  `'city' || CAST(range % 97 AS VARCHAR) AS city, CAST(range AS DOUBLE) * 0.5 AS amount, ` +
  `'INSERT' AS op, CAST(1 AS BIGINT) AS seq FROM range(${rows})`;
const incrementEvents =
  `SELECT range * ${stride} AS id, 'updated' AS name, 'city0' AS city, 1.5 AS amount, ` +
  `'UPDATE' AS op, CAST(2 AS BIGINT) AS seq FROM range(${updates}) UNION ALL ` +
  `SELECT range * ${stride} + 1 AS id, NULL, NULL, NULL, 'DELETE', CAST(2 AS BIGINT) ` +
  `FROM range(${deletes}) UNION ALL ` +
  `SELECT ${rows} + range AS id, 'new', 'city1', 2.5, 'INSERT', CAST(2 AS BIGINT) ` +
  `FROM range(${inserts})`;

const pipelineSql = (scdType) => `
CREATE TEMPORARY VIEW changes AS SELECT * FROM STREAM read_files('data', format => 'parquet');

CREATE STREAMING TABLE target TBLPROPERTIES (delta.enableDeletionVectors = true);

CREATE FLOW target_flow AS AUTO CDC INTO target
FROM STREAM(changes)
KEYS (id)
APPLY AS DELETE WHEN op = 'DELETE'
SEQUENCE BY seq
COLUMNS * EXCEPT (op, seq)
STORED AS SCD TYPE ${scdType};
`;

// DuckDB's side: the target as the pipeline leaves it, and the update as SQL.
const duckTarget = {
  1: `CREATE OR REPLACE TABLE target AS SELECT id, name, city, amount FROM events_initial`,
  2: `CREATE OR REPLACE TABLE target AS SELECT id, name, city, amount, seq AS __START_AT, ` +
    `CAST(NULL AS BIGINT) AS __END_AT FROM events_initial`,
};
const duckUpdate = {
  1: [
    `MERGE INTO target AS t USING events_increment AS e ON t.id = e.id ` +
    `WHEN MATCHED AND e.op = 'DELETE' THEN DELETE ` +
    `WHEN MATCHED THEN UPDATE SET name = e.name, city = e.city, amount = e.amount ` +
    `WHEN NOT MATCHED AND e.op <> 'DELETE' THEN INSERT VALUES (e.id, e.name, e.city, e.amount)`,
  ],
  2: [
    `UPDATE target SET __END_AT = e.seq FROM events_increment AS e ` +
    `WHERE target.id = e.id AND target.__END_AT IS NULL`,
    `INSERT INTO target SELECT id, name, city, amount, seq, NULL FROM events_increment ` +
    `WHERE op <> 'DELETE'`,
  ],
};
const checkSql = {
  1: 'SELECT count(*), count(DISTINCT city), CAST(sum(amount) AS DECIMAL(38, 1)) FROM target',
  2: 'SELECT count(*), count(__END_AT), CAST(sum(amount) AS DECIMAL(38, 1)) FROM target',
};

function timed(args, cwd) {
  const script = 'start=$EPOCHREALTIME; "$@"; status=$?; ' +
    'echo "SLUICE_WALL $start $EPOCHREALTIME" >&2; exit $status';
  const result = spawnSync('bash', ['-c', script, 'bash', sluice, ...args],
    { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (result.status !== 0) throw new Error(`sluice ${args.join(' ')} failed:\n${result.stderr}`);
  const wall = result.stderr.split('\n').find((line) => line.startsWith('SLUICE_WALL '));
  const [, from, to] = wall.split(' ').map(Number);
  return { seconds: to - from, lines: result.stdout.trim().split('\n') };
}

//! The add and remove actions of the target's latest commit.
function latestCommitFiles(folder) {
  const log = path.join(folder, '.sluice', 'tables', 'spark_catalog', 'default', 'target',
    '_delta_log');
  const commits = readdirSync(log).filter((name) => /^\d{20}\.json$/.test(name)).sort();
  const lines = readFileSync(path.join(log, commits[commits.length - 1]), 'utf8').split('\n');
  const count = (kind) => lines.filter((line) => line.startsWith(`{"${kind}"`)).length;
  return { version: commits.length - 1, added: count('add'), removed: count('remove') };
}

async function main() {
  rmSync(work, { recursive: true, force: true });
  const instance = await DuckDBInstance.create(':memory:');
  const duck = await instance.connect();
  mkdirSync(path.join(work, 'events'), { recursive: true });
  const initialFile = path.join(work, 'events', 'initial.parquet');
  const incrementFile = path.join(work, 'events', 'increment.parquet');
  await duck.run(`COPY (${initialEvents}) TO '${initialFile}' (FORMAT PARQUET)`);
  await duck.run(`COPY (${incrementEvents}) TO '${incrementFile}' (FORMAT PARQUET)`);
  await duck.run(`CREATE TABLE events_initial AS SELECT * FROM '${initialFile}'`);
  await duck.run(`CREATE TABLE events_increment AS SELECT * FROM '${incrementFile}'`);

  console.log(`AUTO CDC: ${changed} changed keys (${updates} updates, ${deletes} deletes, ` +
    `${inserts} inserts) applied to ${rows} rows`);
  let same = true;
  for (const scdType of [1, 2]) {
    const folder = path.join(work, `scd${scdType}`);
    mkdirSync(path.join(folder, 'transformations'), { recursive: true });
    mkdirSync(path.join(folder, 'data'), { recursive: true });
    writeFileSync(path.join(folder, 'spark-pipeline.yml'),
      `name: auto_cdc_scd${scdType}\nlibraries:\n  - glob:\n      include: transformations/**\n`);
    writeFileSync(path.join(folder, 'transformations', 'target.sql'), pipelineSql(scdType));
    writeFileSync(path.join(folder, 'data', 'initial.parquet'), readFileSync(initialFile));
    const load = timed(['run'], folder);
    writeFileSync(path.join(folder, 'data', 'increment.parquet'), readFileSync(incrementFile));
    const update = timed(['run'], folder);
    const files = latestCommitFiles(folder);
    const got = timed(['query', '--format', 'csv', checkSql[scdType]], folder).lines.slice(1)
      .join(',');

    await duck.run(duckTarget[scdType]);
    const start = process.hrtime.bigint();
    for (const sql of duckUpdate[scdType])
      await duck.run(sql);
    const duckSeconds = Number(process.hrtime.bigint() - start) / 1e9;
    const expected = (await (await duck.run(checkSql[scdType])).getRows())[0].map(String)
      .join(',');

    console.log(`  SCD type ${scdType}: initial load ${load.seconds.toFixed(3)} s; update ` +
      `${update.seconds.toFixed(3)} s, duckdb ${duckSeconds.toFixed(3)} s, ` +
      `sluice / duckdb = ${(update.seconds / duckSeconds).toFixed(2)}; the update's target ` +
      `commit (version ${files.version}) removed ${files.removed} files and added ${files.added}`);
    if (got !== expected) {
      same = false;
      console.log(`  SCD type ${scdType}: sluice ends with ${got}, DuckDB with ${expected}`);
    }
  }
  console.log(same ? '  both sides end with the same rows' : '  ROWS DIFFER');
  process.exitCode = same ? 0 : 1;
}

main().catch((error) => {
  console.error(error.message);
  process.exitCode = 1;
});
