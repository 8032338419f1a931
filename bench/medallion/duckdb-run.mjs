// bench/medallion/duckdb-run.mjs
//
// Runs bench/medallion/duckdb.sql once in a fresh in-memory DuckDB (one thread per core) and
// prints {"steps": {name: seconds}, "total": seconds} as one JSON line. A process of its own,
// so that GNU time reports DuckDB's peak RSS apart from the harness's.
//
// Usage: node bench/medallion/duckdb-run.mjs INPUT_DIR OUTPUT_DIR
import { DuckDBInstance } from '@duckdb/node-api';
import { mkdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const [input, output] = process.argv.slice(2).map((path) => resolve(path));
mkdirSync(output, { recursive: true });
const script = readFileSync(join(here, 'duckdb.sql'), 'utf8')
  .replaceAll('{input}', input)
  .replaceAll('{output}', output);
// The script's steps: the text after each '-- step NAME' line.
const steps = script.split(/^-- step /m).slice(1).map((part) => {
  const newline = part.indexOf('\n');
  return { name: part.slice(0, newline).trim(), sql: part.slice(newline + 1) };
});

const started = process.hrtime.bigint();
const instance = await DuckDBInstance.create(':memory:', { threads: String(cpus().length) });
const connection = await instance.connect();
const times = {};
for (const step of steps) {
  const stepStart = process.hrtime.bigint();
  await connection.run(step.sql);
  times[step.name] = Number(process.hrtime.bigint() - stepStart) / 1e9;
}
const total = Number(process.hrtime.bigint() - started) / 1e9;
console.log(JSON.stringify({ steps: times, total }));
