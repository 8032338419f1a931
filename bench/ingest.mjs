// bench/ingest.mjs
//
// The ingest benchmark: the medallion workload's JSON events (bench/medallion/generate.mjs)
// loaded into a table, by sluice (read_files into a Delta table: Parquet files with zstd and
// the Delta log) and by DuckDB (read_json + COPY TO one zstd Parquet file), on the same files in
// one run. Runs alternate between the engines; each side's time is the median of the runs.
// Prints both medians and the ratio sluice / DuckDB, and checks that both wrote the same rows
// (count and an order-independent hash of every value, computed by DuckDB over both outputs).
//
// Usage: node bench/ingest.mjs [--scale S|M|L] [--data DIR] [--runs 5] [--sluice PATH]
// `make bench-ingest` builds sluice (release), installs DuckDB and runs this.
import { DuckDBInstance } from '@duckdb/node-api';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []));
const scale = args.scale ?? 'S';
const runs = Number(args.runs ?? 5);
const sluice = resolve(args.sluice ?? join(here, '..', 'build', 'release', 'sluice'));
const data = resolve(args.data ?? join(here, 'out', `medallion-${scale}`));

if (!existsSync(join(data, 'events'))) {
  console.log(`generating the ${scale} data in ${data}`);
  const made = spawnSync('node', [join(here, 'medallion', 'generate.mjs'), data, '--scale', scale], { stdio: 'inherit' });
  if (made.status !== 0) process.exit(1);
}
const events = join(data, 'events');
const inputBytes = readdirSync(events).reduce((sum, name) => sum + readFileSync(join(events, name)).length, 0);

const schema = 'event_id BIGINT, user_id BIGINT, ts STRING, event_type STRING, amount DOUBLE, ' +
  'country STRING, payload STRUCT<device: STRING, version: INT>';
const duckdbColumns = "{event_id: 'BIGINT', user_id: 'BIGINT', ts: 'VARCHAR', event_type: 'VARCHAR', " +
  "amount: 'DOUBLE', country: 'VARCHAR', payload: 'STRUCT(device VARCHAR, version INTEGER)'}";

const work = mkdtempSync(join(tmpdir(), 'sluice-bench-ingest-'));
const instance = await DuckDBInstance.create(':memory:', { threads: String(cpus().length) });
const duckdb = await instance.connect();

function runSluice(storage) {
  rmSync(storage, { recursive: true, force: true });
  const sql = `CREATE TABLE bronze AS SELECT * FROM read_files('${events}', format => 'json', ` +
    `schema => '${schema}', rescuedDataColumn => '')`;
  const start = process.hrtime.bigint();
  const result = spawnSync(sluice, ['query', '--storage', storage, sql], { encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error(`sluice failed with status ${result.status}`);
  }
  return seconds;
}

async function runDuckdb(target) {
  rmSync(target, { force: true });
  const start = process.hrtime.bigint();
  await duckdb.run(`COPY (SELECT * FROM read_json('${events}/*.jsonl', columns = ${duckdbColumns}, ` +
    `format = 'newline_delimited')) TO '${target}' (FORMAT parquet, COMPRESSION zstd)`);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

// The data files of the latest version of a Delta table, by replaying its JSON commits.
function deltaLiveFiles(table) {
  const log = join(table, '_delta_log');
  const live = new Set();
  for (const name of readdirSync(log).filter((n) => /^\d{20}\.json$/.test(n)).sort()) {
    for (const line of readFileSync(join(log, name), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const action = JSON.parse(line);
      if (action.add) live.add(decodeURIComponent(action.add.path));
      if (action.remove) live.delete(decodeURIComponent(action.remove.path));
    }
  }
  return [...live].map((path) => join(table, path));
}

async function fingerprint(files) {
  const list = files.map((f) => `'${f}'`).join(', ');
  const reader = await duckdb.runAndReadAll(
    `SELECT count(*)::VARCHAR, sum(hash(event_id, user_id, ts, event_type, amount, country, ` +
    `payload.device, payload.version))::VARCHAR FROM read_parquet([${list}])`);
  return reader.getRows()[0].join(' ');
}

const sluiceTimes = [];
const duckdbTimes = [];
const storage = join(work, 'sluice');
const target = join(work, 'duckdb.parquet');
for (let run = 0; run < runs; ++run) {
  sluiceTimes.push(runSluice(storage));
  duckdbTimes.push(await runDuckdb(target));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const table = join(storage, 'tables', 'spark_catalog', 'default', 'bronze');
const sluiceRows = await fingerprint(deltaLiveFiles(table));
const duckdbRows = await fingerprint([target]);
const sluiceSeconds = median(sluiceTimes);
const duckdbSeconds = median(duckdbTimes);
console.log(`ingest of ${(inputBytes / 1e6).toFixed(1)} MB of JSON events (scale ${scale}), median of ${runs}`);
console.log(`  sluice  ${sluiceSeconds.toFixed(3)} s   (${sluiceTimes.map((t) => t.toFixed(3)).join(' ')})`);
console.log(`  duckdb  ${duckdbSeconds.toFixed(3)} s   (${duckdbTimes.map((t) => t.toFixed(3)).join(' ')})`);
console.log(`  ratio sluice/duckdb ${(sluiceSeconds / duckdbSeconds).toFixed(2)}`);
rmSync(work, { recursive: true, force: true });
if (sluiceRows !== duckdbRows) {
  console.error(`different rows: sluice ${sluiceRows}, duckdb ${duckdbRows}`);
  process.exit(1);
}
console.log(`  same rows: ${sluiceRows.split(' ')[0]} (hash ${sluiceRows.split(' ')[1]})`);
