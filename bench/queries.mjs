// bench/queries.mjs
//
// The query benchmark: 13 analytic queries (bench/queries/NN_name.sql: selective filters,
// GROUP BY with 10 to 10 M groups, count(DISTINCT), a 3-way join, windows, a sort with LIMIT,
// a string filter with HAVING, grouping sets, PIVOT, VARIANT extraction from JSON text) over Parquet files that bench/queries/generate.mjs writes with
// DuckDB (10 M sales at scale M, 1 M at S). sluice (a process per run: `sluice query --format
// csv`) and DuckDB (in this process, one thread per core) run each query on the same files in one
// run, alternating; each side's time is the median of the runs. Prints, per query, both medians,
// the ratio sluice / DuckDB, both engines' CPU time / wall time and whether both returned the
// same rows, then the geometric mean of the ratios.
//
// The SQL is written once, in Spark SQL that DuckDB accepts too (or, where the two differ, with
// DuckDB's spelling beside it in NN_name.duckdb.sql); {sales}, {customers}, {products} and
// {orders_json} stand for the tables: read_files('DIR/sales', format => 'parquet') for sluice,
// read_parquet('DIR/sales/*.parquet') for DuckDB. A comment line `-- large` marks the queries
// whose CPU time should be at least 1.8 x their wall time (both cores busy).
//
// Timing: the wall time of a sluice run is measured around its process (start-up and printing
// the CSV included) by a small bash that starts it, with bash's microsecond clock
// (bench/process_wall.mjs). Its CPU time (user + system, 10 ms resolution) comes from GNU time
// (/usr/bin/time, Debian package `time`), which reports the resource usage of the processes it
// waited for. DuckDB's time covers running the query and fetching every row; its CPU time is
// this process's CPU time over the run (process.cpuUsage, all threads).
//
// Checking: both results as rows of strings; numbers compared as DuckDB types them (integers and
// decimals exactly as numbers, so 2.5 = 2.50; floating values with a relative tolerance of 1e-9),
// NULL apart from the empty string, timestamps as `YYYY-MM-DD HH:MM:SS[.fraction]`. Rows are
// sorted before comparing unless the query ends with ORDER BY ... LIMIT. Every sluice run's
// output is checked, so a result that changes from run to run is caught.
//
// Usage: node bench/queries.mjs [--scale S|M] [--runs 5] [--sluice PATH] [--only 1,3]
//          [--data DIR] [--queries DIR] [--timeout SECONDS] [--memory-limit SIZE] [--verbose]
//          [--strict]
// --scale M (the default) has 10 M sales, S 1 M for quick runs; the tables are generated into
// bench/out/queries-<scale> (or --data DIR) when they are not there (about 40 s at M on 2 cores).
// --only takes query numbers or parts of names; --queries reads NN_name.sql files from another
// folder; --timeout bounds each sluice run (600 s); --memory-limit runs sluice under
// sluice.memoryLimit (a byte string: 256m), to see its peak RSS stay near it. --verbose prints each query's result (and
// sluice's when it differs). Exit code: 0 whenever the benchmark ran, however the ratios and
// results turn out; 1 when DuckDB fails a query (a broken query) or, with --strict, when sluice
// fails a query or returns other rows; 2 for a bad command line.
import { DuckDBInstance, DuckDBTypeId } from '@duckdb/node-api';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withBashClock, takeBashClock } from './process_wall.mjs';
import { generate, scales } from './queries/generate.mjs';

const here = dirname(fileURLToPath(import.meta.url));

// --name value, or --flag alone (followed by another option or by nothing).
function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; ++i) {
    if (!argv[i].startsWith('--')) throw new Error(`unexpected argument ${argv[i]}`);
    const name = argv[i].slice(2);
    if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) args[name] = argv[++i];
    else args[name] = true;
  }
  return args;
}

let args;
try {
  args = parseArgs(process.argv.slice(2));
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
const usage = 'usage: node bench/queries.mjs [--scale S|M] [--runs 5] [--sluice PATH] ' +
  '[--only 1,3] [--data DIR] [--queries DIR] [--timeout SECONDS] [--memory-limit SIZE] ' +
  '[--verbose] [--strict]';
const known = ['scale', 'runs', 'sluice', 'only', 'data', 'queries', 'timeout', 'memory-limit',
  'verbose', 'strict'];
for (const name of Object.keys(args)) {
  if (!known.includes(name)) {
    console.error(`unknown option --${name}\n${usage}`);
    process.exit(2);
  }
}
const scale = String(args.scale ?? 'M');
if (!scales[scale]) {
  console.error(`unknown scale ${scale} (one of ${Object.keys(scales).join(', ')})`);
  process.exit(2);
}
const runs = Number(args.runs ?? 5);
const timeoutSeconds = Number(args.timeout ?? 600);
const verbose = Boolean(args.verbose);
const sluice = resolve(String(args.sluice ?? join(here, '..', 'build', 'release', 'sluice')));
const data = resolve(String(args.data ?? join(here, 'out', `queries-${scale}`)));
const queriesDir = resolve(String(args.queries ?? join(here, 'queries')));
const gnuTime = '/usr/bin/time';

if (!existsSync(sluice)) {
  console.error(`no sluice binary at ${sluice} (make build, or --sluice PATH)`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// The queries.

function loadQueries() {
  const only = args.only ? String(args.only).split(',').map((s) => s.trim()).filter(Boolean) : null;
  return readdirSync(queriesDir)
    .filter((name) => /^\d+_.*\.sql$/.test(name) && !name.endsWith('.duckdb.sql'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(queriesDir, file), 'utf8');
      const lines = text.split('\n');
      const comments = lines.filter((l) => /^\s*--/.test(l)).map((l) => l.replace(/^\s*--\s?/, ''));
      const body = (source) => source.split('\n').filter((l) => !/^\s*--/.test(l)).join('\n')
        .trim().replace(/;\s*$/, '');
      const sql = body(text);
      // NN_name.duckdb.sql, when there, is DuckDB's spelling of the same query (where Spark SQL
      // and DuckDB differ: VARIANT against DuckDB's JSON functions).
      const duckdbFile = join(queriesDir, file.replace(/\.sql$/, '.duckdb.sql'));
      const duckdbSql = existsSync(duckdbFile) ? body(readFileSync(duckdbFile, 'utf8')) : sql;
      return {
        number: parseInt(file, 10),
        name: file.replace(/\.sql$/, ''),
        sql,
        duckdbSql,
        description: comments.filter((c) => c.trim() !== 'large').join(' '),
        large: comments.some((c) => c.trim() === 'large'),
        // Row order matters only when the query ends with ORDER BY ... LIMIT at the top level.
        ordered: /\bORDER\s+BY\s[^()]*\bLIMIT\s+\d+\s*$/i.test(sql),
      };
    })
    .filter((q) => !only || only.some((o) => (/^\d+$/.test(o) ? Number(o) === q.number
      : q.name.includes(o))));
}

function forEngine(sql, tableRef) {
  return sql.replace(/\{(\w+)\}/g, (_, table) => {
    if (!existsSync(join(data, table))) throw new Error(`no table ${table} in ${data}`);
    return tableRef(join(data, table));
  });
}
const sluiceTable = (dir) => `read_files('${dir}', format => 'parquet')`;
const duckdbTable = (dir) => `read_parquet('${dir}/*.parquet')`;

// ---------------------------------------------------------------------------------------------
// Running.

const storage = mkdtempSync(join(tmpdir(), 'sluice-bench-queries-'));
const timeFile = join(storage, 'time.txt');

// One sluice run: { seconds, cpu, rssMb, stdout } or { error }.
function runSluice(sql) {
  const command = ['timeout', '-k', '5', String(timeoutSeconds), sluice, 'query', '--storage',
    join(storage, 'sluice'), '--format', 'csv',
    ...(args['memory-limit'] ? ['--conf', `sluice.memoryLimit=${args['memory-limit']}`] : []), sql];
  const withTime = existsSync(gnuTime);
  const timed = withTime
    ? [gnuTime, '-f', 'SLUICE_RUSAGE %e %U %S %M', '-o', timeFile, ...command]
    : command;
  const argv = withBashClock(timed);
  rmSync(timeFile, { force: true });
  const start = process.hrtime.bigint();
  const result = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', maxBuffer: 1 << 30 });
  let seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (result.error) return { error: String(result.error.message) };
  seconds = takeBashClock(result) ?? seconds;
  if (result.status === 124 || result.status === 137) {
    return { error: `timed out after ${timeoutSeconds} s` };
  }
  if (result.status !== 0) {
    const first = (result.stderr || '').split('\n').find((l) => l.trim()) ??
      `exit status ${result.status ?? result.signal}`;
    return { error: first.trim() };
  }
  let cpu = NaN;
  let rssMb = NaN;
  if (withTime && existsSync(timeFile)) {
    const line = readFileSync(timeFile, 'utf8').split('\n')
      .find((l) => l.startsWith('SLUICE_RUSAGE '));
    if (line) {
      const [, , user, system, rssKb] = line.split(' ').map(Number);
      cpu = user + system;
      rssMb = rssKb / 1024;
    }
  }
  return { seconds, cpu, rssMb, stdout: result.stdout };
}

// One DuckDB run: { seconds, cpu, reader } or { error }.
async function runDuckdb(connection, sql) {
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  try {
    const reader = await connection.runAndReadAll(sql);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const used = process.cpuUsage(cpuStart);
    return { seconds, cpu: (used.user + used.system) / 1e6, reader };
  } catch (error) {
    return { error: String(error.message ?? error).split('\n')[0] };
  }
}

// ---------------------------------------------------------------------------------------------
// Comparing results.

// How a column's values compare, from DuckDB's type of it.
function kindOf(type) {
  switch (type.typeId) {
    case DuckDBTypeId.TINYINT: case DuckDBTypeId.SMALLINT: case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.BIGINT: case DuckDBTypeId.UTINYINT: case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER: case DuckDBTypeId.UBIGINT: case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT: case DuckDBTypeId.DECIMAL:
      return 'exact';
    case DuckDBTypeId.FLOAT: case DuckDBTypeId.DOUBLE:
      return 'float';
    case DuckDBTypeId.TIMESTAMP: case DuckDBTypeId.TIMESTAMP_S: case DuckDBTypeId.TIMESTAMP_MS:
    case DuckDBTypeId.TIMESTAMP_NS: case DuckDBTypeId.TIMESTAMP_TZ:
      return 'timestamp';
    case DuckDBTypeId.BOOLEAN:
      return 'boolean';
    default:
      return 'text';
  }
}

// An exact number as a canonical string: no sign on zero, no leading or trailing zeros.
function canonicalExact(text) {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return text;
  const whole = match[2].replace(/^0+/, '') || '0';
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const body = fraction ? `${whole}.${fraction}` : whole;
  return body === '0' || match[1] !== '-' ? body : `-${body}`;
}

function canonicalTimestamp(text) {
  const match = /^(\d{4,}-\d\d-\d\d)[T ](\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]00(?::?00)?)?$/
    .exec(text.trim());
  if (!match) return text;
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  return `${match[1]} ${match[2]}${fraction ? `.${fraction}` : ''}`;
}

// A value (string, or null for NULL) in the form compared: floats as numbers, the rest as strings.
function canonical(value, kind) {
  if (value === null) return null;
  switch (kind) {
    case 'exact': return canonicalExact(value);
    case 'float': {
      if (value.trim() === '') return value;
      const number = Number(value.trim().replace(/^([+-]?)inf(inity)?$/i, '$1Infinity'));
      return Number.isNaN(number) && !/^\s*nan\s*$/i.test(value) ? value : number;
    }
    case 'timestamp': return canonicalTimestamp(value);
    case 'boolean': return value.toLowerCase();
    default: return value;
  }
}

function sameValue(a, b) {
  if (a === null || b === null) return a === b;
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
    if (a === b) return true;
    return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
  }
  return a === b;
}

function sortKey(row) {
  return row.map((v) => (v === null ? '\u0000' : typeof v === 'number' ? v.toPrecision(12) : v))
    .join('\u0001');
}

// CSV as sluice prints it: a header line, RFC 4180 quoting; an unquoted empty field is NULL and
// the empty string is printed as "".
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  let inQuotes = false;
  let any = false;
  const endField = () => {
    row.push(field === '' && !quoted ? null : field);
    field = '';
    quoted = false;
  };
  for (let i = 0; i < text.length; ++i) {
    const c = text[i];
    any = true;
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') { field += '"'; ++i; } else inQuotes = false;
      } else field += c;
    } else if (c === '"') {
      inQuotes = true;
      quoted = true;
    } else if (c === ',') {
      endField();
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') ++i;
      endField();
      rows.push(row);
      row = [];
      any = false;
    } else field += c;
  }
  if (any) {
    endField();
    rows.push(row);
  }
  return rows;
}

function duckdbResult(reader) {
  const kinds = reader.columnTypes().map(kindOf);
  const rows = reader.getRows().map((row) => row.map((v, i) => {
    if (v === null) return null;
    if (kinds[i] === 'float') return Number(v);
    return canonical(String(v), kinds[i]);
  }));
  return { names: reader.columnNames(), kinds, rows };
}

// null when the rows are the same, else a description of the first difference.
function difference(query, sluiceCsv, duck) {
  const [header = [], ...raw] = parseCsv(sluiceCsv);
  if (header.length !== duck.kinds.length) {
    return `sluice returned ${header.length} columns (${header.join(', ')}), ` +
      `DuckDB ${duck.kinds.length} (${duck.names.join(', ')})`;
  }
  let mine = raw.map((row) => row.map((v, i) => canonical(v, duck.kinds[i])));
  let theirs = duck.rows;
  if (!query.ordered) {
    const sorted = (rows) => rows.map((row) => [sortKey(row), row])
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([, row]) => row);
    mine = sorted(mine);
    theirs = sorted(theirs);
  }
  const show = (row) => (row ? row.map((v) => (v === null ? 'NULL' : JSON.stringify(v))).join(', ')
    : '(none)');
  for (let r = 0; r < Math.max(mine.length, theirs.length); ++r) {
    const a = mine[r];
    const b = theirs[r];
    if (!a || !b || a.length !== b.length || a.some((v, i) => !sameValue(v, b[i]))) {
      const counts = mine.length === theirs.length ? ''
        : ` (sluice ${mine.length} rows, DuckDB ${theirs.length})`;
      return `${query.ordered ? 'row' : 'sorted row'} ${r + 1}${counts}: ` +
        `sluice [${show(a)}] DuckDB [${show(b)}]`;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Printing.

const median = (values) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};
const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (i === cells.length - 1 ? String(c)
    : i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ').trimEnd();
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

function printRows(label, names, rows, limit = 12) {
  console.log(`    ${label}: ${rows.length} row${rows.length === 1 ? '' : 's'}`);
  console.log(`      ${names.join(' | ')}`);
  for (const row of rows.slice(0, limit)) {
    console.log(`      ${row.map((v) => (v === null ? 'NULL' : String(v))).join(' | ')}`);
  }
  if (rows.length > limit) console.log(`      ... ${rows.length - limit} more`);
}

// ---------------------------------------------------------------------------------------------

async function main() {
  if (!existsSync(join(data, 'sales'))) {
    console.log(`generating the ${scale} tables in ${data}`);
    const seconds = await generate(data, scale);
    console.log(`  done in ${seconds.toFixed(1)} s`);
  }
  const queries = loadQueries();
  if (queries.length === 0) throw new Error(`no query matches --only ${args.only}`);

  const threads = cpus().length;
  const instance = await DuckDBInstance.create(':memory:', { threads: String(threads) });
  const connection = await instance.connect();
  const duckdbVersion = (await connection.runAndReadAll('SELECT version()')).getRows()[0][0];
  const sluiceVersion = spawnSync(sluice, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const size = scales[scale];
  console.log(`${queries.length} queries over ${size.sales.toLocaleString('en')} sales ` +
    `(scale ${scale}, ${data}), median of ${runs} alternating runs` +
    (args['memory-limit'] ? `; sluice under sluice.memoryLimit = ${args['memory-limit']}` : ''));
  console.log(`${sluiceVersion || 'sluice'} (${sluice}); DuckDB ${duckdbVersion} with ${threads} ` +
    `threads; ${existsSync(gnuTime) ? 'sluice CPU time by /usr/bin/time'
      : 'no /usr/bin/time (apt-get install time): no sluice CPU time'}`);

  const table = [];
  const results = [];
  for (const query of queries) {
    const sluiceSql = forEngine(query.sql, sluiceTable);
    const duckdbSql = forEngine(query.duckdbSql, duckdbTable);
    if (verbose) console.log(`\n${query.name}: ${query.description}`);
    const sluiceRuns = [];
    const duckdbRuns = [];
    let sluiceError = null;
    let duckdbError = null;
    let lastReader = null;
    for (let run = 0; run < runs; ++run) {
      if (!sluiceError) {
        const result = runSluice(sluiceSql);
        if (result.error) sluiceError = result.error;
        else sluiceRuns.push(result);
      }
      if (!duckdbError) {
        const result = await runDuckdb(connection, duckdbSql);
        if (result.error) duckdbError = result.error;
        else {
          duckdbRuns.push(result);
          lastReader = result.reader;
        }
      }
    }
    const duckSeconds = median(duckdbRuns.map((r) => r.seconds));
    const duckCpu = median(duckdbRuns.map((r) => r.cpu / r.seconds));
    const row = { query, duckSeconds, duckCpu };
    if (duckdbError) {
      row.note = `DuckDB failed: ${duckdbError}`;
      row.duckdbFailed = true;
    }
    const duck = lastReader ? duckdbResult(lastReader) : null;
    if (duck) row.rows = duck.rows.length;
    if (verbose && duck) printRows('DuckDB', duck.names, duck.rows);
    if (sluiceError && sluiceRuns.length === 0) {
      row.note = `sluice failed: ${sluiceError}`;
      row.sluiceFailed = true;
    } else {
      if (sluiceError) row.note = `sluice failed in a later run: ${sluiceError}`;
      row.sluiceSeconds = median(sluiceRuns.map((r) => r.seconds));
      row.sluiceCpu = median(sluiceRuns.map((r) => r.cpu / r.seconds));
      row.sluiceRss = Math.max(...sluiceRuns.map((r) => r.rssMb));
      row.ratio = row.sluiceSeconds / duckSeconds;
      if (duck) {
        const differences = sluiceRuns.map((r) => difference(query, r.stdout, duck));
        const bad = differences.findIndex((d) => d !== null);
        row.same = bad < 0;
        if (!row.same) {
          row.note = `${row.note ? `${row.note}; ` : ''}run ${bad + 1} of ${sluiceRuns.length} ` +
            `differs: ${differences[bad]}`;
          if (verbose) {
            const [header = [], ...rows] = parseCsv(sluiceRuns[bad].stdout);
            printRows('sluice', header, rows);
          }
        }
      }
      if (verbose) {
        console.log(`    sluice runs ${sluiceRuns.map((r) => r.seconds.toFixed(3)).join(' ')} s; ` +
          `DuckDB runs ${duckdbRuns.map((r) => r.seconds.toFixed(3)).join(' ')} s`);
      }
    }
    if (!verbose) process.stdout.write('.');
    results.push(row);
    table.push([
      query.name + (query.large ? ' *' : ''),
      fixed(row.sluiceSeconds, 3),
      fixed(duckSeconds, 3),
      fixed(row.ratio, 2),
      fixed(row.sluiceCpu, 2),
      fixed(duckCpu, 2),
      fixed(row.sluiceRss, 0),
      row.rows ?? '-',
      row.same === undefined ? '-' : row.same ? 'yes' : 'no',
      row.note ?? '',
    ]);
  }
  if (!verbose) process.stdout.write('\n');
  console.log('');
  printTable(['query (* large)', 'sluice s', 'DuckDB s', 'ratio', 'sl cpu/wall', 'dk cpu/wall',
    'sl MB', 'rows', 'same', ''], table);

  const counted = results.filter((r) => Number.isFinite(r.ratio) && r.same === true);
  const failed = results.filter((r) => r.sluiceFailed).length;
  const differing = results.filter((r) => r.same === false).length;
  const broken = results.filter((r) => r.duckdbFailed).length;
  const geomean = Math.exp(counted.reduce((s, r) => s + Math.log(r.ratio), 0) / counted.length);
  const leftOut = results.length - counted.length;
  const reasons = [failed && `sluice failed ${failed}`, differing && `other rows ${differing}`,
    broken && `DuckDB failed ${broken}`].filter(Boolean).join(', ');
  console.log('');
  console.log(`geometric mean sluice/DuckDB: ${counted.length ? geomean.toFixed(2) : '-'} over ` +
    `${counted.length} of ${results.length} queries` +
    (leftOut ? ` (${leftOut} left out: ${reasons})` : '') + '   target <= 0.8');
  const slowest = counted.reduce((worst, r) => (!worst || r.ratio > worst.ratio ? r : worst), null);
  if (slowest) {
    console.log(`highest ratio: ${slowest.ratio.toFixed(2)} (${slowest.query.name})   ` +
      'target <= 1.2 for every query');
  }
  const large = results.filter((r) => r.query.large && Number.isFinite(r.sluiceCpu));
  if (large.length) {
    const low = Math.min(...large.map((r) => r.sluiceCpu));
    console.log(`large queries (*): sluice cpu/wall min ${low.toFixed(2)} over ${large.length}` +
      '   target >= 1.8');
  }

  connection.closeSync();
  rmSync(storage, { recursive: true, force: true });
  if (broken) return 1;
  if (args.strict && (failed || differing)) return 1;
  return 0;
}

let code;
try {
  code = await main();
} catch (error) {
  console.error(error.stack ?? String(error));
  code = 1;
}
rmSync(storage, { recursive: true, force: true });
process.exit(code);
