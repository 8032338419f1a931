// bench/medallion.mjs
//
// The medallion benchmark (bench/README.md): the pipeline of bench/medallion run by sluice and
// the same work as one DuckDB script (bench/medallion/duckdb.sql), alternately on the same
// files, --runs times; then one more input file, an update with sluice against DuckDB's full
// recompute; then the cold start of a one-table pipeline. Fails (exit code 1) when the two
// engines' gold tables differ, or when the update read more than the new file.
//
// Usage: node bench/medallion.mjs [--scale S|M|L] [--runs 3] [--sluice PATH] [--data DIR]
//          [--memory-limit SIZE]
// `make bench` builds sluice (release), installs DuckDB and runs this. --memory-limit runs the
// pipeline under sluice.memoryLimit (a byte string: 256m), set in its spec's configuration.
import { DuckDBInstance } from '@duckdb/node-api';
import { spawnSync } from 'node:child_process';
import { withBashClock, takeBashClock } from './process_wall.mjs';
import {
  cpSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync,
} from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(process.argv.slice(2).reduce(
  (pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []));
const scale = (args.scale ?? 'S').toUpperCase();
const runs = Number(args.runs ?? 3);
const sluice = resolve(args.sluice ?? join(here, '..', 'build', 'release', 'sluice'));
const data = resolve(args.data ?? join(here, 'out', `medallion-${scale}`));
const memoryLimit = args['memory-limit'];
const STEPS = ['users', 'bronze', 'silver', 'gold_daily', 'gold_tier_monthly'];
const GOLD = {
  gold_daily: ['day', 'country', 'event_type'],
  gold_tier_monthly: ['tier', 'month'],
};

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', maxBuffer: 1 << 28, ...options });
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error(`${command} ${commandArgs.join(' ')} failed with status ${result.status}`);
  }
  return result.stdout;
}

function generate() {
  const generator = join(here, 'medallion', 'generate.mjs');
  if (!existsSync(join(data, 'users.csv'))) {
    const start = process.hrtime.bigint();
    run('node', [generator, data, '--scale', scale], { stdio: 'inherit' });
    console.log(`generated the ${scale} data in ${data} in ${(Number(process.hrtime.bigint() - start) / 1e9).toFixed(1)} s`);
  }
  if (!existsSync(join(data, 'increment'))) run('node', [generator, data, '--scale', scale, '--increment']);
}

// A folder of hard links to the generated files, so that the increment can join it.
function linkInput(input) {
  rmSync(input, { recursive: true, force: true });
  for (const folder of ['events', 'events_b']) {
    mkdirSync(join(input, folder), { recursive: true });
    for (const name of readdirSync(join(data, folder))) linkSync(join(data, folder, name), join(input, folder, name));
  }
  linkSync(join(data, 'users.csv'), join(input, 'users.csv'));
}

function folderBytes(folder) {
  return readdirSync(folder, { recursive: true })
    .map((name) => statSync(join(folder, name)))
    .filter((stat) => stat.isFile())
    .reduce((sum, stat) => sum + stat.size, 0);
}

// Runs a command under GNU time: wall seconds (bash's clock around the process,
// bench/process_wall.mjs), peak RSS in MB, CPU seconds.
function timed(command, commandArgs, options = {}) {
  const usage = join(data, 'work', 'time.txt');
  const argv = withBashClock(['/usr/bin/time', '-o', usage, '-f', '%M %U %S', command, ...commandArgs]);
  const start = process.hrtime.bigint();
  const result = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', maxBuffer: 1 << 28, ...options });
  const harnessSeconds = Number(process.hrtime.bigint() - start) / 1e9;
  const seconds = takeBashClock(result) ?? harnessSeconds;
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error(`${command} ${commandArgs.join(' ')} failed with status ${result.status}`);
  }
  const stdout = result.stdout;
  const [rssKb, user, system] = readFileSync(usage, 'utf8').trim().split('\n').pop().split(' ').map(Number);
  return { seconds, rss: rssKb / 1024, cpu: user + system, stdout };
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

const checker = await (await DuckDBInstance.create(':memory:', { threads: '1' })).connect();
const rows = async (sql) => (await checker.runAndReadAll(sql)).getRowObjects();

function parquetList(files) {
  return `read_parquet([${files.map((f) => `'${f}'`).join(', ')}])`;
}

// One text line per row (keys, revenue as %.2f or NULL, n_events, n_users), sorted and hashed.
async function goldFingerprint(relation, keys) {
  const text = (column) => `coalesce(CAST(${column} AS VARCHAR), 'NULL')`;
  const line = [...keys.map(text), `coalesce(printf('%.2f', revenue), 'NULL')`, text('n_events'), text('n_users')]
    .join(` || '|' || `);
  const [row] = await rows(`SELECT count(*)::VARCHAR AS n, md5(string_agg(line, chr(10) ORDER BY line)) AS hash ` +
    `FROM (SELECT ${line} AS line FROM ${relation})`);
  return `${row.n} rows, md5 ${row.hash}`;
}

async function compareGold(sluiceTables, duckdbOutput) {
  let same = true;
  for (const [name, keys] of Object.entries(GOLD)) {
    const files = deltaLiveFiles(join(sluiceTables, name));
    const ours = files.length ? await goldFingerprint(parquetList(files), keys) : '0 rows';
    const theirs = await goldFingerprint(`read_parquet('${join(duckdbOutput, `${name}.parquet`)}')`, keys);
    console.log(`  ${name}: sluice ${ours}; duckdb ${theirs}${ours === theirs ? '' : '   DIFFERENT'}`);
    same &&= ours === theirs;
  }
  if (!same) {
    console.error('FAILED: the gold tables of sluice and DuckDB differ');
    process.exit(1);
  }
}

// The flows' events of the pipeline's latest update, from its event log.
async function lastUpdateEvents(storage) {
  const files = deltaLiveFiles(join(storage, 'pipelines', 'medallion_bench', 'event_log'));
  return rows(`WITH log AS (SELECT * FROM ${parquetList(files)}),
    last AS (SELECT origin.update_id AS id FROM log WHERE event_type = 'create_update'
             ORDER BY sequence.control_plane_seq_no DESC LIMIT 1)
    SELECT event_type, origin.flow_name AS flow, epoch_us("timestamp") AS us, details
    FROM log, last WHERE origin.update_id = last.id ORDER BY sequence.control_plane_seq_no`);
}

// Seconds per step from the flows' progress events: from a flow's STARTING to its end.
function sluiceSteps(events) {
  const spans = {};
  for (const event of events) {
    if (event.event_type !== 'flow_progress' || !event.flow) continue;
    const status = JSON.parse(event.details).flow_progress.status;
    const flow = event.flow.split('.').pop();
    const step = flow.startsWith('bronze') ? 'bronze' : flow;
    const span = (spans[step] ??= { start: Infinity, end: -Infinity });
    if (status === 'STARTING') span.start = Math.min(span.start, Number(event.us));
    if (['COMPLETED', 'IDLE', 'FAILED'].includes(status)) span.end = Math.max(span.end, Number(event.us));
  }
  return Object.fromEntries(Object.entries(spans).map(([step, span]) => [step, (span.end - span.start) / 1e6]));
}

function flowEnd(events, flowName) {
  const ended = events.filter((e) => e.event_type === 'flow_progress' && e.flow?.split('.').pop() === flowName)
    .map((e) => JSON.parse(e.details).flow_progress)
    .filter((p) => ['COMPLETED', 'IDLE', 'FAILED', 'SKIPPED'].includes(p.status));
  return ended.pop();
}

function planningTechniques(events) {
  const chosen = {};
  for (const event of events) {
    if (event.event_type !== 'planning_information') continue;
    const techniques = JSON.parse(event.details).planning_information.technique_information;
    chosen[event.flow.split('.').pop()] = techniques.find((t) => t.is_chosen)?.maintenance_type;
  }
  return chosen;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fixed = (value, digits = 3) => (value === undefined ? '-' : value.toFixed(digits));

// The pipeline's folder, its spec pointing at `input`.
function preparePipeline(folder, input) {
  rmSync(folder, { recursive: true, force: true });
  cpSync(join(here, 'medallion', 'transformations'), join(folder, 'transformations'), { recursive: true });
  const spec = readFileSync(join(here, 'medallion', 'spark-pipeline.yml'), 'utf8')
    .replace(/^ {2}input: .*$/m, `  input: ${input}` +
      (memoryLimit ? `\n  sluice.memoryLimit: ${memoryLimit}` : ''));
  writeFileSync(join(folder, 'spark-pipeline.yml'), spec);
  return join(folder, 'spark-pipeline.yml');
}

generate();
const work = join(data, 'work');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const input = join(work, 'input');
linkInput(input);
const pipelineFolder = join(work, 'sluice');
const spec = preparePipeline(pipelineFolder, input);
const storage = join(pipelineFolder, '.sluice');
const sluiceTables = join(storage, 'tables', 'spark_catalog', 'default');
const duckdbOutput = join(work, 'duckdb');
const duckdbRunner = join(here, 'medallion', 'duckdb-run.mjs');
const load = [loadavg()[0]];

console.log(`medallion benchmark, scale ${scale}: ${(folderBytes(input) / 1e6).toFixed(0)} MB of input, ` +
  `${runs} runs each, alternating` + (memoryLimit ? `; sluice under sluice.memoryLimit = ${memoryLimit}` : ''));
const sluiceRuns = [];
const duckdbRuns = [];
for (let index = 0; index < runs; ++index) {
  rmSync(storage, { recursive: true, force: true });
  const ours = timed(sluice, ['run', '--spec', spec]);
  ours.steps = sluiceSteps(await lastUpdateEvents(storage));
  sluiceRuns.push(ours);
  rmSync(duckdbOutput, { recursive: true, force: true });
  const theirs = timed('node', [duckdbRunner, input, duckdbOutput]);
  const report = JSON.parse(theirs.stdout.trim().split('\n').pop());
  theirs.steps = report.steps;
  theirs.script = report.total;
  duckdbRuns.push(theirs);
  load.push(loadavg()[0]);
}

const stepMedian = (all, step) => (all.every((r) => r.steps[step] !== undefined)
  ? median(all.map((r) => r.steps[step])) : undefined);
console.log('\nfull run (median seconds; sluice steps overlap where flows run at the same time)');
console.log(`  ${'step'.padEnd(20)} ${'sluice'.padStart(8)} ${'duckdb'.padStart(8)}`);
for (const step of STEPS) {
  console.log(`  ${step.padEnd(20)} ${fixed(stepMedian(sluiceRuns, step)).padStart(8)} ` +
    `${fixed(stepMedian(duckdbRuns, step)).padStart(8)}`);
}
const total = (all) => median(all.map((r) => r.seconds));
const sluiceTotal = total(sluiceRuns);
const duckdbTotal = total(duckdbRuns);
console.log(`  ${'total (process)'.padEnd(20)} ${fixed(sluiceTotal).padStart(8)} ${fixed(duckdbTotal).padStart(8)}` +
  `   ratio sluice/duckdb ${fixed(sluiceTotal / duckdbTotal, 2)}`);
const duckdbScript = median(duckdbRuns.map((r) => r.script));
console.log(`  ${'duckdb script only'.padEnd(20)} ${''.padStart(8)} ${fixed(duckdbScript).padStart(8)}` +
  `   ratio sluice/duckdb ${fixed(sluiceTotal / duckdbScript, 2)} (without starting node and DuckDB)`);
console.log(`  ${'peak RSS (MB)'.padEnd(20)} ${fixed(median(sluiceRuns.map((r) => r.rss)), 0).padStart(8)} ` +
  `${fixed(median(duckdbRuns.map((r) => r.rss)), 0).padStart(8)}   (DuckDB's includes node, ~50 MB)`);
console.log(`  ${'CPU / wall'.padEnd(20)} ${fixed(median(sluiceRuns.map((r) => r.cpu / r.seconds)), 2).padStart(8)} ` +
  `${fixed(median(duckdbRuns.map((r) => r.cpu / r.seconds)), 2).padStart(8)}`);
console.log(`  runs: sluice ${sluiceRuns.map((r) => fixed(r.seconds)).join(' ')}; ` +
  `duckdb ${duckdbRuns.map((r) => fixed(r.seconds)).join(' ')}`);
console.log('checking the gold tables');
await compareGold(sluiceTables, duckdbOutput);

// The increment: one more JSON file; sluice updates the pipeline of the last run.
const incrementName = readdirSync(join(data, 'increment'))[0];
linkSync(join(data, 'increment', incrementName), join(input, 'events', incrementName));
const incrementRows = readFileSync(join(data, 'increment', incrementName), 'utf8').split('\n').filter(Boolean).length;
const update = timed(sluice, ['run', '--spec', spec]);
const updateEvents = await lastUpdateEvents(storage);
rmSync(duckdbOutput, { recursive: true, force: true });
const recompute = timed('node', [duckdbRunner, input, duckdbOutput]);
recompute.script = JSON.parse(recompute.stdout.trim().split('\n').pop()).total;
load.push(loadavg()[0]);
console.log(`\nincremental update: +1 file (${incrementRows} events)`);
console.log(`  sluice update ${fixed(update.seconds)} s (peak RSS ${fixed(update.rss, 0)} MB); ` +
  `duckdb full recompute ${fixed(recompute.seconds)} s (script only ${fixed(recompute.script)} s); ` +
  `ratio ${fixed(update.seconds / recompute.seconds, 3)} (${fixed(update.seconds / recompute.script, 3)} to the script)`);
const steps = sluiceSteps(updateEvents);
console.log(`  sluice steps: ${STEPS.map((s) => `${s} ${fixed(steps[s])}`).join(', ')}`);
const techniques = planningTechniques(updateEvents);
console.log(`  gold refresh: ${Object.keys(GOLD).map((g) => `${g} ${techniques[g] ?? '(no planning_information)'}`).join(', ')}`);
const json = flowEnd(updateEvents, 'bronze_json');
const csv = flowEnd(updateEvents, 'bronze_csv');
const readOnlyNew = json?.metrics?.num_output_rows === incrementRows && csv?.status === 'IDLE';
console.log(`  bronze_json wrote ${json?.metrics?.num_output_rows} rows, bronze_csv ${csv?.status}: ` +
  `${readOnlyNew ? 'read only the new file' : 'READ MORE THAN THE NEW FILE'}`);
await compareGold(sluiceTables, duckdbOutput);
if (!readOnlyNew) process.exit(1);

// Cold start: a one-table pipeline over a 10-row file, from an empty storage each time.
const cold = join(work, 'cold');
mkdirSync(join(cold, 'transformations'), { recursive: true });
writeFileSync(join(cold, 'spark-pipeline.yml'),
  'name: cold\nstorage: .sluice\nlibraries:\n  - glob:\n      include: transformations/**\n');
writeFileSync(join(cold, 'numbers.csv'), 'n,name\n' + Array.from({ length: 10 }, (_, i) => `${i},row ${i}\n`).join(''));
writeFileSync(join(cold, 'transformations', 'numbers.sql'),
  "CREATE MATERIALIZED VIEW numbers AS SELECT * FROM read_files('numbers.csv', format => 'csv', header => true);\n");
const coldTimes = [];
for (let index = 0; index < Math.max(runs, 5); ++index) {
  rmSync(join(cold, '.sluice'), { recursive: true, force: true });
  coldTimes.push(timed(sluice, ['run', '--spec', join(cold, 'spark-pipeline.yml')]).seconds);
}
console.log(`\ncold start (sluice run, one table of 10 rows): median ${fixed(median(coldTimes) * 1000, 1)} ms ` +
  `(${coldTimes.map((t) => fixed(t * 1000, 1)).join(' ')})`);
console.log(`load average (1 min) during the benchmark: ${load.map((l) => l.toFixed(2)).join(' ')}`);
