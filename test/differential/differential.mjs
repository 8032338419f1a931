// test/differential/differential.mjs
//
// Differential test: random queries over a few small tables, run by sluice and by DuckDB, whose
// results must be the same multisets of rows. The generator keeps to constructs where Spark's
// ANSI semantics and DuckDB's agree: projections of integer, DECIMAL and string expressions,
// filters, inner and outer joins (also ON ... IS [NOT] DISTINCT FROM), GROUP BY with count /
// sum / min / max, HAVING, DISTINCT, ORDER BY every output column with explicit NULLS FIRST /
// LAST and LIMIT, scalar, IN and EXISTS subqueries (correlated too), derived tables and CTEs,
// UNION ALL. It avoids what the two dialects do differently on purpose: division, modulo,
// averages (result scales differ), implicit casts between strings and numbers, and values
// large enough to overflow. A query that fails in one engine only is a disagreement too.
//
// Usage: node differential.mjs <path to sluice> [--seed N] [--count N] [--verbose]
// `make test` runs a bounded number of queries (CTest test differential/duckdb); run it longer
// by hand with another seed and count. Every disagreement prints the query and both results.
// DuckDB comes from test/interop's node_modules (npm @duckdb/node-api, pinned there).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const interop = createRequire(new URL('../interop/package.json', import.meta.url));
const { DuckDBInstance } = await import(pathToFileURL(interop.resolve('@duckdb/node-api')).href);

function parseArguments(argv) {
  const options = { sluice: null, seed: 1, count: 200, verbose: false };
  for (let i = 0; i < argv.length; i += 1) {
    const argument = argv[i];
    if (argument === '--seed') options.seed = Number(argv[++i]);
    else if (argument === '--count') options.count = Number(argv[++i]);
    else if (argument === '--verbose') options.verbose = true;
    else if (!options.sluice) options.sluice = argument;
    else throw new Error(`unexpected argument ${argument}`);
  }
  if (!options.sluice || !Number.isInteger(options.seed) || !Number.isInteger(options.count)) {
    console.error('usage: node differential.mjs <path to sluice> [--seed N] [--count N] [--verbose]');
    process.exit(2);
  }
  return options;
}

// mulberry32: a small seeded generator, so that a seed names the same queries everywhere.
function makeRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (low, high) => low + Math.floor(next() * (high - low + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}

// The tables: each column is INT, DECIMAL(5,2) or STRING; values are small, with NULLs.
const kTables = [
  { name: 't1', rows: 9, columns: [['id', 'int'], ['a', 'int'], ['b', 'int'], ['d', 'dec'], ['s', 'str']] },
  { name: 't2', rows: 7, columns: [['id', 'int'], ['a', 'int'], ['c', 'int'], ['e', 'dec'], ['u', 'str']] },
  { name: 't3', rows: 5, columns: [['a', 'int'], ['x', 'int'], ['v', 'str']] },
];
const kStrings = ['a', 'b', 'ab', 'ba', 'abc', 'B', 'z'];

function makeData(random) {
  return kTables.map((table) => {
    const rows = [];
    for (let row = 0; row < table.rows; row += 1) {
      rows.push(table.columns.map(([name, type]) => {
        if (name === 'id') return String(row + 1);
        if (random.chance(0.2)) return null;
        if (type === 'int') return String(random.int(-3, 5));
        if (type === 'dec') return (random.int(-500, 500) / 100).toFixed(2);
        return `'${random.pick(kStrings)}'`;
      }));
    }
    return { ...table, data: rows };
  });
}

const kSqlTypes = { int: ['INT', 'INTEGER'], dec: ['DECIMAL(5,2)', 'DECIMAL(5,2)'], str: ['STRING', 'VARCHAR'] };

function sluiceSetup(tables) {
  return tables.map((table) => {
    const names = table.columns.map((_, i) => `c${i}`);
    const casts = table.columns
      .map(([name, type], i) => `CAST(c${i} AS ${kSqlTypes[type][0]}) AS ${name}`)
      .join(', ');
    const rows = table.data.map((row) => `(${row.map((v) => v ?? 'NULL').join(', ')})`).join(', ');
    return `CREATE TEMPORARY VIEW ${table.name} AS SELECT ${casts} FROM VALUES ${rows} AS v(${names.join(', ')});`;
  }).join('\n');
}

function duckdbSetup(tables) {
  return tables.map((table) => {
    const columns = table.columns.map(([name, type]) => `${name} ${kSqlTypes[type][1]}`).join(', ');
    const rows = table.data.map((row) => `(${row.map((v) => v ?? 'NULL').join(', ')})`).join(', ');
    return `CREATE TABLE ${table.name} (${columns}); INSERT INTO ${table.name} VALUES ${rows};`;
  }).join('\n');
}

// ---------------------------------------------------------------------------------------------
// The query generator. A scope is the list of columns a FROM clause gives: {sql, type}.

class QueryGenerator {
  constructor(random) {
    this.random = random;
    this.aliasCount = 0;
  }

  alias(prefix) {
    this.aliasCount += 1;
    return `${prefix}${this.aliasCount}`;
  }

  tableScope(table, alias) {
    return table.columns.map(([name, type]) => ({ sql: `${alias}.${name}`, type }));
  }

  literal(type) {
    const r = this.random;
    if (type === 'int') return String(r.int(-3, 5));
    if (type === 'dec') return (r.int(-300, 300) / 100).toFixed(2);
    if (type === 'bool') return r.pick(['true', 'false']);
    return `'${r.pick(kStrings)}'`;
  }

  column(scope, type) {
    const candidates = scope.filter((c) => c.type === type);
    return candidates.length ? this.random.pick(candidates).sql : null;
  }

  // A value expression of `type` over `scope`.
  expression(scope, type, depth = 0) {
    const r = this.random;
    const column = this.column(scope, type);
    if (depth >= 2 || r.chance(0.45) || type === 'bool') {
      return column && r.chance(0.85) ? column : this.literal(type);
    }
    const choice = r.int(0, 5);
    if (type === 'str') {
      if (choice === 0) return `(${this.expression(scope, 'str', depth + 1)} || ${this.literal('str')})`;
      if (choice === 1) return `upper(${this.expression(scope, 'str', depth + 1)})`;
      if (choice === 2) return `substring(${this.expression(scope, 'str', depth + 1)}, 1, 2)`;
    } else {
      const op = r.pick(['+', '-', '*']);
      const other = op === '*' ? String(r.int(-2, 3)) : this.expression(scope, r.pick([type, 'int']), depth + 1);
      if (choice <= 1) return `(${this.expression(scope, type, depth + 1)} ${op} ${other})`;
      if (choice === 2 && type === 'int') return `length(${this.expression(scope, 'str', depth + 1)})`;
    }
    if (choice === 3) {
      return `CASE WHEN ${this.predicate(scope, depth + 1)} THEN ${this.expression(scope, type, depth + 1)} ELSE ${this.expression(scope, type, depth + 1)} END`;
    }
    if (choice === 4) return `coalesce(${this.expression(scope, type, depth + 1)}, ${this.literal(type)})`;
    return column ?? this.literal(type);
  }

  comparableType(scope) {
    const types = [...new Set(scope.map((c) => c.type))];
    return this.random.pick(types);
  }

  predicate(scope, depth = 0, allowSubquery = false) {
    const r = this.random;
    const choice = r.int(0, allowSubquery ? 11 : 7);
    const type = this.comparableType(scope);
    const left = () => this.expression(scope, type, depth + 1);
    if (depth < 2 && choice === 0) {
      return `(${this.predicate(scope, depth + 1, allowSubquery)} ${r.pick(['AND', 'OR'])} ${this.predicate(scope, depth + 1, allowSubquery)})`;
    }
    if (depth < 2 && choice === 1) return `NOT (${this.predicate(scope, depth + 1, allowSubquery)})`;
    if (choice === 2) return `${left()} IS ${r.pick(['', 'NOT '])}NULL`;
    if (choice === 3) return `${left()} IS ${r.pick(['', 'NOT '])}DISTINCT FROM ${left()}`;
    if (choice === 4) return `${left()} ${r.pick(['', 'NOT '])}IN (${this.literal(type)}, ${this.literal(type)}${r.chance(0.3) ? ', NULL' : ''})`;
    if (choice === 5) {
      const [low, high] = [this.literal(type), this.literal(type)].sort();
      return `${left()} ${r.pick(['', 'NOT '])}BETWEEN ${low} AND ${high}`;
    }
    if (choice === 8) {
      // IN / NOT IN, correlated or not.
      const value = this.column(scope, 'int') ?? '1';
      const filter = r.chance(0.3)
        ? ` WHERE q.a = ${this.column(scope, 'int') ?? '1'}`
        : r.chance(0.5) ? ` WHERE q.x ${r.pick(['<', '>', '<>'])} ${this.literal('int')}` : '';
      return `${value} ${r.pick(['', 'NOT '])}IN (SELECT q.${r.pick(['a', 'x'])} FROM t3 q${filter})`;
    }
    if (choice === 9) {
      // [NOT] EXISTS, correlated.
      const outer = this.column(scope, 'int') ?? '1';
      const extra = r.chance(0.5) ? ` AND q.x ${r.pick(['<', '>='])} ${this.literal('int')}` : '';
      return `${r.pick(['', 'NOT '])}EXISTS (SELECT 1 FROM t3 q WHERE q.a = ${outer}${extra})`;
    }
    if (choice === 10) {
      // Comparison with an aggregated scalar subquery, correlated or not.
      const outer = this.column(scope, 'int') ?? '1';
      const where = r.chance(0.6) ? ` WHERE q.a = ${outer}` : '';
      return `${outer} ${r.pick(['=', '<', '>=', '<>'])} (SELECT ${r.pick(['max', 'min', 'count'])}(q.x) FROM t3 q${where})`;
    }
    if (choice === 11) return `(SELECT count(*) FROM t3 q WHERE q.a = ${this.column(scope, 'int') ?? '1'}) > ${r.int(0, 1)}`;
    return `${left()} ${r.pick(['=', '<>', '<', '<=', '>', '>='])} ${left()}`;
  }

  // FROM: one table, a join of two, or a derived table; gives [sql, scope].
  from(depth) {
    const r = this.random;
    const kind = depth > 0 ? 0 : r.int(0, 4);
    if (kind === 3) {
      const inner = this.select(depth + 1, { noOrder: true });
      const alias = this.alias('d');
      return [`(${inner.sql}) ${alias}`, inner.columns.map((c) => ({ sql: `${alias}.${c.name}`, type: c.type }))];
    }
    const first = r.pick(kTables);
    const firstAlias = this.alias('r');
    let scope = this.tableScope(first, firstAlias);
    let sql = `${first.name} ${firstAlias}`;
    if (kind === 1 || kind === 2) {
      const second = r.pick(kTables);
      const secondAlias = this.alias('r');
      const secondScope = this.tableScope(second, secondAlias);
      const join = r.pick(['JOIN', 'LEFT JOIN', 'RIGHT JOIN', 'FULL JOIN', 'JOIN']);
      const type = r.pick(['int', 'int', 'str']);
      const left = this.column(scope, type) ?? `${firstAlias}.id`;
      const right = this.column(secondScope, type) ?? `${secondAlias}.a`;
      const op = type === 'str' ? '=' : r.pick(['=', '=', 'IS NOT DISTINCT FROM', '<>', 'IS DISTINCT FROM']);
      let condition = `${left} ${op} ${right}`;
      if (r.chance(0.3)) condition += ` AND ${this.predicate([...scope, ...secondScope], 1)}`;
      sql += ` ${join} ${second.name} ${secondAlias} ON ${condition}`;
      scope = [...scope, ...secondScope];
    }
    return [sql, scope];
  }

  // A SELECT; gives {sql, columns: [{name, type}]}.
  select(depth = 0, options = {}) {
    const r = this.random;
    const [fromSql, scope] = this.from(depth);
    const where = r.chance(0.6) ? ` WHERE ${this.predicate(scope, 0, depth === 0)}` : '';
    const columns = [];
    const items = [];
    let groupBy = '';
    let having = '';
    let distinct = '';
    if (r.chance(0.35)) {
      // GROUP BY one or two key expressions, with aggregates.
      const keys = [];
      for (let k = 0; k < r.int(1, 2); k += 1) {
        const type = this.comparableType(scope);
        keys.push({ sql: this.column(scope, type) ?? this.literal(type), type });
      }
      keys.forEach((key) => {
        items.push(key.sql);
        columns.push({ type: key.type });
      });
      for (let a = 0; a < r.int(1, 3); a += 1) {
        const func = r.pick(['count', 'sum', 'min', 'max', 'count_distinct', 'count_star']);
        if (func === 'count_star') {
          items.push('count(*)');
          columns.push({ type: 'int' });
          continue;
        }
        const type = func === 'sum' ? r.pick(['int', 'dec']) : this.comparableType(scope);
        const argument = this.expression(scope, type, 1);
        if (func === 'count_distinct') items.push(`count(DISTINCT ${argument})`);
        else items.push(`${func}(${argument})`);
        columns.push({ type: func.startsWith('count') ? 'int' : type });
      }
      groupBy = ` GROUP BY ${keys.map((k) => k.sql).join(', ')}`;
      if (r.chance(0.3)) having = ` HAVING count(*) ${r.pick(['>', '>=', '='])} ${r.int(1, 2)}`;
    } else {
      for (let i = 0; i < r.int(1, 3); i += 1) {
        const type = this.comparableType(scope);
        if (depth === 0 && r.chance(0.1)) {
          // A scalar subquery in the select list.
          const outer = this.column(scope, 'int') ?? '1';
          items.push(`(SELECT ${r.pick(['max', 'min', 'count'])}(q.x) FROM t3 q WHERE q.a = ${outer})`);
          columns.push({ type: 'int' });
          continue;
        }
        if (r.chance(0.1)) {
          // A condition as a value (EXISTS and IN too, at the top level).
          items.push(this.predicate(scope, 1, depth === 0));
          columns.push({ type: 'bool' });
          continue;
        }
        items.push(this.expression(scope, type));
        columns.push({ type });
      }
      if (r.chance(0.25)) distinct = 'DISTINCT ';
    }
    columns.forEach((column, i) => {
      column.name = `c${i}`;
    });
    let sql = `SELECT ${distinct}${items.map((item, i) => `${item} AS c${i}`).join(', ')} FROM ${fromSql}${where}${groupBy}${having}`;
    if (!options.noOrder && depth === 0 && r.chance(0.2)) {
      // ORDER BY every output column, NULLs placed explicitly, so LIMIT keeps a determined set.
      const order = columns.map((_, i) => `${i + 1} ${r.pick(['ASC', 'DESC'])} NULLS ${r.pick(['FIRST', 'LAST'])}`);
      sql += ` ORDER BY ${order.join(', ')} LIMIT ${r.int(1, 4)}`;
    }
    return { sql, columns };
  }

  query() {
    const r = this.random;
    const choice = r.int(0, 9);
    if (choice === 0) {
      // UNION ALL of two selects of the same column types.
      const first = this.select(1, { noOrder: true });
      let second = this.select(1, { noOrder: true });
      for (let tries = 0; tries < 20 && !sameTypes(first.columns, second.columns); tries += 1) {
        second = this.select(1, { noOrder: true });
      }
      if (sameTypes(first.columns, second.columns)) return `${first.sql} UNION ALL ${second.sql}`;
      return first.sql;
    }
    if (choice === 1) {
      const inner = this.select(1, { noOrder: true });
      const names = inner.columns.map((c) => c.name);
      return `WITH w AS (${inner.sql}) SELECT ${names.join(', ')} FROM w${r.chance(0.5) ? ` WHERE ${names[0]} IS NOT NULL` : ''}`;
    }
    return this.select(0).sql;
  }
}

function sameTypes(a, b) {
  return a.length === b.length && a.every((c, i) => c.type === b[i].type);
}

// ---------------------------------------------------------------------------------------------
// Running and comparing.

// One text per value: numbers (JSON numbers, or DuckDB's DECIMAL / BIGINT strings) in their
// shortest form, so 1.50 and 1.5 agree; strings quoted; NULL as NULL.
function normalizeValue(value) {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number' || typeof value === 'bigint') return String(Number(value));
  if (/^-?\d+(\.\d+)?$/.test(value)) return String(Number(value));
  return JSON.stringify(value);
}

function normalizeRows(rows) {
  return rows.map((row) => row.map(normalizeValue).join(' | ')).sort();
}

function runSluice(binary, setup, sql, folder) {
  const result = spawnSync(binary, ['query', '--format', 'json', '--storage', folder, '-f', '-'], {
    input: `${setup}\n${sql};\n`,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const message = (result.stderr || '').trim().split('\n')[0];
    return { error: message || `exit status ${result.status}` };
  }
  const lines = result.stdout.split('\n').filter((line) => line.length > 0);
  return { rows: lines.map((line) => Object.values(JSON.parse(line))) };
}

async function runDuckdb(connection, sql) {
  try {
    const reader = await connection.runAndReadAll(sql);
    return { rows: reader.getRowsJson() };
  } catch (error) {
    return { error: String(error.message || error).split('\n')[0] };
  }
}

function describe(result) {
  if (result.error) return `  error: ${result.error}`;
  const rows = normalizeRows(result.rows);
  if (rows.length === 0) return '  (no rows)';
  return rows.map((row) => `  ${row}`).join('\n');
}

const options = parseArguments(process.argv.slice(2));
const random = makeRandom(options.seed);
const tables = makeData(random);
const generator = new QueryGenerator(random);
const folder = mkdtempSync(join(tmpdir(), 'sluice-differential-'));
let agreed = 0;
let bothFailed = 0;
let disagreed = 0;
try {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run(duckdbSetup(tables));
  const setup = sluiceSetup(tables);
  for (let index = 0; index < options.count; index += 1) {
    const sql = generator.query();
    const expected = await runDuckdb(connection, sql);
    const actual = runSluice(options.sluice, setup, sql, folder);
    const same = expected.error || actual.error
      ? Boolean(expected.error) && Boolean(actual.error)
      : JSON.stringify(normalizeRows(expected.rows)) === JSON.stringify(normalizeRows(actual.rows));
    if (same) {
      agreed += 1;
      if (expected.error) {
        bothFailed += 1;
        if (options.verbose) console.log(`both failed: ${expected.error} / ${actual.error}`);
      }
      if (options.verbose) console.log(`ok    #${index} ${sql}`);
      continue;
    }
    disagreed += 1;
    console.log(`FAIL  #${index} (seed ${options.seed}): ${sql}`);
    console.log(` sluice:\n${describe(actual)}`);
    console.log(` duckdb:\n${describe(expected)}`);
  }
  if (disagreed > 0) {
    console.log(`tables (seed ${options.seed}):\n${setup}`);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
console.log(`differential: ${agreed} queries agreed (${bothFailed} of them by failing in both), ` +
  `${disagreed} disagreed (seed ${options.seed})`);
process.exit(disagreed > 0 ? 1 : 0);
