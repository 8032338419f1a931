// bench/merge.mjs
//
// The MERGE benchmark: a MERGE of 1 % changed rows (half updates of existing keys spread over
// the whole table, half new keys) into a 10 M-row table, sluice against DuckDB's MERGE INTO on
// a native table, in one run. sluice runs it twice: on a plain Delta table (copy-on-write: every
// file holding a matched row is rewritten) and on one with delta.enableDeletionVectors (only
// the changed rows are written; the old ones are deleted by deletion vector). Each run starts
// from a freshly written target (not timed); the MERGE alone is timed, sluice as its process
// (start-up included). Prints each side's median, the ratios sluice / DuckDB, and checks that
// every side ends with the same rows (count and sums).
//
// Usage: node bench/merge.mjs [--rows 10000000] [--runs 3] [--sluice PATH] [--work DIR]
import { DuckDBInstance } from '@duckdb/node-api';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && at + 1 < process.argv.length ? process.argv[at + 1] : fallback;
}

const rows = Number(option('rows', '10000000'));
const runs = Number(option('runs', '3'));
const sluice = path.resolve(option('sluice', 'build/release/sluice'));
const work = path.resolve(option('work', 'bench/out/merge'));
const changed = Math.floor(rows / 100);
const updates = Math.floor(changed / 2);
const stride = Math.floor(rows / updates);

// The same rows in both dialects: Spark's range() names its column id, DuckDB's range.
const targetRows = (range) =>
  `SELECT ${range} AS id, 'k' || CAST(${range} % 1000 AS STRING) AS k, ` +
  `CAST(${range} % 97 AS INT) AS v, ${range} * 0.5 AS amount FROM range(${rows})`;
const sourceRows = (range) =>
  `SELECT ${range} * ${stride} AS id, 'u' AS k, CAST(-1 AS INT) AS v, 1.5 AS amount ` +
  `FROM range(${updates}) UNION ALL ` +
  `SELECT ${rows} + ${range} AS id, 'n' AS k, CAST(1 AS INT) AS v, 2.5 AS amount ` +
  `FROM range(${changed - updates})`;
const mergeSql =
  'MERGE INTO target AS t USING source AS s ON t.id = s.id ' +
  'WHEN MATCHED THEN UPDATE SET v = s.v, amount = s.amount ' +
  'WHEN NOT MATCHED THEN INSERT (id, k, v, amount) VALUES (s.id, s.k, s.v, s.amount)';
const checkSql = 'SELECT count(*), sum(v), CAST(sum(amount) AS DECIMAL(38, 1)) FROM target';

function runSluice(folder, sql) {
  const script = 'start=$EPOCHREALTIME; "$@"; status=$?; ' +
    'echo "SLUICE_WALL $start $EPOCHREALTIME" >&2; exit $status';
  const result = spawnSync('bash', ['-c', script, 'bash', sluice, 'query', '--format', 'csv', sql],
    { cwd: folder, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (result.status !== 0) throw new Error(`sluice failed: ${sql}\n${result.stderr}`);
  const wall = result.stderr.split('\n').find((line) => line.startsWith('SLUICE_WALL '));
  const [, from, to] = wall.split(' ').map(Number);
  return { seconds: to - from, lines: result.stdout.trim().split('\n') };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main() {
  rmSync(work, { recursive: true, force: true });
  const variants = {
    copy_on_write: '',
    deletion_vectors: "TBLPROPERTIES ('delta.enableDeletionVectors' = 'true')",
  };
  const times = { duckdb: [] };
  const results = {};
  for (const name of Object.keys(variants)) {
    times[name] = [];
    mkdirSync(path.join(work, name), { recursive: true });
    runSluice(path.join(work, name), `CREATE TABLE source AS ${sourceRows('id')}`);
  }
  const instance = await DuckDBInstance.create(':memory:');
  const duck = await instance.connect();
  await duck.run(`CREATE TABLE source AS ${sourceRows('range')}`);

  for (let run = 0; run < runs; ++run) {
    for (const [name, properties] of Object.entries(variants)) {
      const folder = path.join(work, name);
      runSluice(folder, `CREATE OR REPLACE TABLE target ${properties} AS ${targetRows('id')}`);
      times[name].push(runSluice(folder, mergeSql).seconds);
      results[name] = runSluice(folder, checkSql).lines.slice(1).join(' | ');
    }
    await duck.run(`CREATE OR REPLACE TABLE target AS ${targetRows('range')}`);
    const start = process.hrtime.bigint();
    await duck.run(mergeSql);
    times.duckdb.push(Number(process.hrtime.bigint() - start) / 1e9);
    const check = await (await duck.run(checkSql)).getRows();
    results.duckdb = check[0].map(String).join(',');
  }

  const duckdb = median(times.duckdb);
  console.log(`MERGE of ${changed} rows (${updates} updates, ${changed - updates} inserts) ` +
    `into ${rows} rows, median of ${runs} runs`);
  console.log(`  duckdb            ${duckdb.toFixed(3)} s`);
  for (const name of Object.keys(variants)) {
    const seconds = median(times[name]);
    console.log(`  sluice ${name.padEnd(17)} ${seconds.toFixed(3)} s   ` +
      `sluice / duckdb = ${(seconds / duckdb).toFixed(2)}`);
  }
  const expected = results.duckdb;
  let same = true;
  for (const name of Object.keys(variants)) {
    const got = results[name].replaceAll(' | ', ',');
    if (got !== expected) {
      same = false;
      console.log(`  ${name} ends with ${got}, DuckDB with ${expected}`);
    }
  }
  console.log(same ? '  every side ends with the same rows' : '  ROWS DIFFER');
  process.exitCode = same ? 0 : 1;
}

main().catch((error) => {
  console.error(error.message);
  process.exitCode = 1;
});
