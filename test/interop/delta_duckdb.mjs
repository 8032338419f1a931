// test/interop/delta_duckdb.mjs
//
// Delta interoperability: DuckDB reads the Delta tables sluice writes. DuckDB's delta
// extension cannot be installed here, so this script is the Delta reader: it replays each
// table's log as PROTOCOL.md says, and DuckDB reads the live files it finds.
//   1. the sluice unit test binary (DeltaInteropFilesTest) writes <tmp>/tables/<name>/, Delta
//      tables built over many commits (overwrite, OPTIMIZE, checkpoints, partitions with NULL
//      and escaped values), and <tmp>/expected/<name>.parquet, the rows each should hold;
//      DmlInteropFilesTest adds a table changed by INSERT, DELETE and UPDATE, whose expected
//      rows are those sluice reads back;
//   2. the log is replayed: _last_checkpoint, the checkpoint's actions (read with DuckDB's
//      read_parquet; for a UUID-named v2 checkpoint its JSON lines and the add and remove
//      actions of the sidecars they name), then every later commit in order; an add
//      (re-)adds its file, a remove drops it, keyed by the URL-decoded path;
//   3. DuckDB reads the live files, the partition columns are added from partitionValues (cast
//      to their types in metaData.schemaString, NULL for null / __HIVE_DEFAULT_PARTITION__),
//      and the result must equal the expected rows (same multiset, every column, same types);
//   4. each live file's stats must agree with the file: numRecords with its row count,
//      minValues / maxValues / nullCount with DuckDB's min, max and NULL count.
//   5. the dml table records its changes (delta.enableChangeDataFeed): its change data feed is
//      read as PROTOCOL.md's change data readers do (a commit's cdc files, else its adds as
//      inserts and removes as deletes), the cdc files by DuckDB, and must equal the changes
//      sluice's table_changes reads (<tmp>/expected/dml_changes.parquet).
// Any difference fails the run with a message naming the table, the file and the column.
// Usage: node delta_duckdb.mjs <path to sluice_unit_tests>
// `make test` runs it (CTest test interop/delta_duckdb) after `npm ci` in this folder.
import { DuckDBInstance } from '@duckdb/node-api';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const binary = process.argv[2];
if (!binary) {
  console.error('usage: node delta_duckdb.mjs <path to sluice_unit_tests>');
  process.exit(2);
}

// The tables the unit test writes, with DuckDB's type for each column in table order and the
// least each must show; keep in step with test/unit/storage/delta_interop_files_test.cpp.
const tables = {
  every_type: {
    types: {
      id: 'BIGINT', region: 'VARCHAR', b: 'BOOLEAN', i8: 'TINYINT', i16: 'SMALLINT',
      i32: 'INTEGER', f32: 'FLOAT', f64: 'DOUBLE', s: 'VARCHAR', bin: 'BLOB',
      d: 'DECIMAL(10,2)', d38: 'DECIMAL(38,6)', day: 'DATE', ts: 'TIMESTAMP WITH TIME ZONE',
      ntz: 'TIMESTAMP', tags: 'VARCHAR[]', m: 'MAP(VARCHAR, INTEGER)',
      st: 'STRUCT(x INTEGER, y VARCHAR, z DOUBLE[])', bucket: 'INTEGER',
    },
    partitionColumns: ['region', 'bucket'],
    rows: 104000,
    commits: 16,
  },
  timeline: {
    types: { id: 'BIGINT', v: 'DOUBLE', note: 'VARCHAR', pts: 'TIMESTAMP WITH TIME ZONE' },
    partitionColumns: ['pts'],
    rows: 1000,
    commits: 13,
  },
  // The same with delta.checkpointPolicy = 'v2': UUID-named JSON checkpoints and sidecars.
  timeline_v2: {
    types: { id: 'BIGINT', v: 'DOUBLE', note: 'VARCHAR', pts: 'TIMESTAMP WITH TIME ZONE' },
    partitionColumns: ['pts'],
    rows: 1000,
    commits: 13,
  },
  // Written by INSERT, DELETE, UPDATE and MERGE; see test/unit/session/dml_interop_files_test.cpp.
  dml: {
    types: { id: 'BIGINT', kind: 'VARCHAR', amount: 'DOUBLE', day: 'DATE' },
    partitionColumns: ['kind'],
    rows: 2618,
    commits: 9,
  },
};

const folder = mkdtempSync(join(tmpdir(), 'sluice-delta-interop-'));
let failures = 0;
function check(condition, message) {
  if (condition) {
    console.log(`ok    ${message}`);
  } else {
    console.log(`FAIL  ${message}`);
    failures += 1;
  }
  return condition;
}
// A check that passes silently (there are thousands of these), failing loudly.
function expect(condition, message) {
  if (!condition) {
    console.log(`FAIL  ${message}`);
    failures += 1;
  }
  return condition;
}

const sqlString = (text) => `'${String(text).replaceAll("'", "''")}'`;
const quote = (name) => `"${name.replaceAll('"', '""')}"`;
//! A column, or a field of a STRUCT column, by its path of names.
const columnSql = (path) => path.slice(1).reduce(
  (sql, name) => `struct_extract(${sql}, ${sqlString(name)})`, quote(path[0]));
const versionName = (version) => String(version).padStart(20, '0');
const toNumber = (value) => (typeof value === 'bigint' ? Number(value) : value);

// ---- Delta types -------------------------------------------------------------------------

//! DuckDB's name for a primitive Delta type (PROTOCOL.md, "Primitive Types").
function duckdbType(deltaType) {
  const names = {
    string: 'VARCHAR', long: 'BIGINT', integer: 'INTEGER', short: 'SMALLINT', byte: 'TINYINT',
    float: 'FLOAT', double: 'DOUBLE', boolean: 'BOOLEAN', binary: 'BLOB', date: 'DATE',
    timestamp: 'TIMESTAMPTZ', timestamp_ntz: 'TIMESTAMP',
  };
  if (typeof deltaType === 'string' && names[deltaType]) return names[deltaType];
  const decimal = typeof deltaType === 'string' && deltaType.match(/^decimal\((\d+),\s*(\d+)\)$/);
  if (decimal) return `DECIMAL(${decimal[1]},${decimal[2]})`;
  throw new Error(`no DuckDB type for the partition column type ${JSON.stringify(deltaType)}`);
}

//! Spark's ExternalCatalogUtils.escapePathName: the Hive escaping of partition folder names.
function hiveEscape(text) {
  let escaped = '';
  for (const character of text) {
    const code = character.codePointAt(0);
    if (code < 0x20 || code === 0x7f || '"#%\'*/:=?\\{[]^'.includes(character)) {
      escaped += `%${code.toString(16).toUpperCase().padStart(2, '0')}`;
    } else {
      escaped += character;
    }
  }
  return escaped;
}

// ---- log replay --------------------------------------------------------------------------

//! The live files of the table's latest version, by replaying its log.
async function replayLog(connection, table) {
  const log = join(table, '_delta_log');
  const names = readdirSync(log);
  const state = {
    live: new Map(), metadata: null, protocol: null, checkpointVersion: null,
    latest: -1, removedAfterCheckpoint: 0, checkpointTombstones: 0,
  };
  const apply = (action, where, afterCheckpoint) => {
    if (action.add) {
      expect(typeof action.add.path === 'string' && action.add.path.length > 0,
        `${where}: add without a path`);
      state.live.set(decodeURIComponent(action.add.path), action.add);
    } else if (action.remove) {
      const key = decodeURIComponent(action.remove.path);
      if (afterCheckpoint && state.live.has(key)) state.removedAfterCheckpoint += 1;
      if (!afterCheckpoint) state.checkpointTombstones += 1;
      state.live.delete(key);
    } else if (action.metaData) {
      state.metadata = action.metaData;
    } else if (action.protocol) {
      state.protocol = action.protocol;
    }
  };

  // The newest checkpoint, as _last_checkpoint names it.
  let start = 0;
  const lastCheckpointPath = join(log, '_last_checkpoint');
  if (existsSync(lastCheckpointPath)) {
    const last = JSON.parse(readFileSync(lastCheckpointPath, 'utf8'));
    expect(Number.isInteger(last.version), `${table}: _last_checkpoint has no version`);
    expect(last.parts === undefined, `${table}: multi-part checkpoints are not replayed here`);
    // A classic checkpoint, or a UUID-named v2 one in JSON whose sidecars (in _sidecars)
    // hold its add and remove actions.
    const classic = join(log, `${versionName(last.version)}.checkpoint.parquet`);
    const uuidNamed = names.filter((name) =>
      new RegExp(`^${versionName(last.version)}\\.checkpoint\\.[^.]+\\.json$`).test(name));
    const checkpoint = existsSync(classic) ? classic : join(log, uuidNamed[0] ?? 'none');
    expect(existsSync(checkpoint), `${table}: _last_checkpoint names a missing checkpoint`);
    const actions = [];
    const readFileActions = async (file) => {
      const reader = await connection.runAndReadAll(`
        SELECT to_json(add)::VARCHAR, to_json(remove)::VARCHAR
        FROM read_parquet(${sqlString(file)})`);
      for (const [add, remove] of reader.getRows()) {
        actions.push({ add: add && JSON.parse(add), remove: remove && JSON.parse(remove) });
      }
    };
    if (checkpoint === classic) {
      const reader = await connection.runAndReadAll(`
        SELECT to_json(add)::VARCHAR, to_json(remove)::VARCHAR, to_json(metaData)::VARCHAR,
               to_json(protocol)::VARCHAR
        FROM read_parquet(${sqlString(checkpoint)})`);
      for (const [add, remove, metaData, protocol] of reader.getRows()) {
        actions.push({
          add: add && JSON.parse(add), remove: remove && JSON.parse(remove),
          metaData: metaData && JSON.parse(metaData), protocol: protocol && JSON.parse(protocol),
        });
      }
    } else {
      let checkpointMetadata = 0;
      for (const line of readFileSync(checkpoint, 'utf8').split('\n')) {
        if (line.trim() === '') continue;
        const action = JSON.parse(line);
        actions.push(action);
        if (action.checkpointMetadata) {
          checkpointMetadata += 1;
          expect(action.checkpointMetadata.version === last.version,
            `${checkpoint}: checkpointMetadata gives version ${action.checkpointMetadata.version}`);
        }
        if (action.sidecar) {
          const sidecar = join(log, '_sidecars', decodeURIComponent(action.sidecar.path));
          expect(statSync(sidecar).size === action.sidecar.sizeInBytes,
            `${checkpoint}: the sidecar ${sidecar} is not ${action.sidecar.sizeInBytes} bytes`);
          await readFileActions(sidecar);
        }
      }
      expect(checkpointMetadata === 1, `${checkpoint}: ${checkpointMetadata} checkpointMetadata actions`);
    }
    expect(actions.length === last.size,
      `${table}: the checkpoint holds ${actions.length} actions, _last_checkpoint says ${last.size}`);
    let adds = 0;
    for (const action of actions) {
      if (action.add) adds += 1;
      apply(action, checkpoint, false);
    }
    if (last.numOfAddFiles !== undefined) {
      expect(adds === last.numOfAddFiles,
        `${table}: the checkpoint holds ${adds} adds, _last_checkpoint says ${last.numOfAddFiles}`);
    }
    state.checkpointVersion = last.version;
    state.latest = last.version;
    start = last.version + 1;
  }

  // Then every later commit, in order, with no gap.
  const commits = names.filter((name) => /^\d{20}\.json$/.test(name))
    .map((name) => Number(name.slice(0, 20))).filter((version) => version >= start)
    .sort((a, b) => a - b);
  commits.forEach((version, index) => {
    expect(version === start + index,
      `${table}: the log has no commit ${start + index} (found ${version})`);
  });
  for (const version of commits) {
    const file = join(log, `${versionName(version)}.json`);
    readFileSync(file, 'utf8').split('\n').forEach((line, index) => {
      if (line.trim() === '') return;
      apply(JSON.parse(line), `${file}:${index + 1}`, state.checkpointVersion !== null);
    });
    state.latest = version;
  }
  return state;
}

// ---- checks per table --------------------------------------------------------------------

//! The stats leaves of `stats` (minValues, maxValues or nullCount): [path, Delta type].
function statLeaves(stats, fields, path = []) {
  const leaves = [];
  for (const [name, value] of Object.entries(stats ?? {})) {
    const field = fields.find((candidate) => candidate.name === name);
    if (!expect(field, `stats name a column ${[...path, name].join('.')} the schema lacks`)) continue;
    if (typeof field.type === 'object' && field.type.type === 'struct' &&
        value !== null && typeof value === 'object') {
      leaves.push(...statLeaves(value, field.type.fields, [...path, name]));
    } else {
      leaves.push([[...path, name], field.type, value]);
    }
  }
  return leaves;
}

//! How many stats values were compared with DuckDB's (reported per table).
const statsChecked = { bounds: 0, nullCounts: 0 };

const floorDivide = (value, divisor) => {
  const quotient = value / divisor;
  return value % divisor !== 0n && (value < 0n) !== (divisor < 0n) ? quotient - 1n : quotient;
};
const codePoints = (text) => Array.from(text);

//! SQL giving a min / max of `type` in a form comparable with its stats value, or null.
function boundSql(aggregate, column, type) {
  if (['byte', 'short', 'integer', 'long'].includes(type)) {
    return `CAST(${aggregate}(${column}) AS BIGINT)`;
  }
  if (type === 'float' || type === 'double' || /^decimal/.test(type)) {
    return `CAST(${aggregate}(${column}) AS DOUBLE)`;
  }
  if (type === 'string' || type === 'boolean') return `${aggregate}(${column})`;
  if (type === 'date') return `strftime(${aggregate}(${column}), '%Y-%m-%d')`;
  if (type === 'timestamp' || type === 'timestamp_ntz') return `epoch_us(${aggregate}(${column}))`;
  return null;
}

//! Whether a stats bound agrees with DuckDB's bound over the file.
function boundMatches(isMax, type, stat, actual) {
  if (actual === null) return false;
  if (['byte', 'short', 'integer', 'long', 'double'].includes(type)) return stat === toNumber(actual);
  if (type === 'float') return Math.fround(stat) === actual;
  if (/^decimal/.test(type)) return Math.abs(stat - actual) <= 1e-9 * Math.max(1, Math.abs(actual));
  if (type === 'date' || type === 'boolean') return stat === actual;
  if (type === 'string') {
    // Bounds are cut to 32 characters; a cut max gets a tie-breaker that keeps it above.
    const prefix = codePoints(actual).slice(0, 32).join('');
    if (!isMax || codePoints(actual).length <= 32) return stat === prefix;
    return stat.startsWith(prefix) && Buffer.compare(Buffer.from(stat), Buffer.from(actual)) >= 0;
  }
  if (type === 'timestamp' || type === 'timestamp_ntz') {
    // Truncated to milliseconds; timestamp_ntz text has no zone, and means UTC here.
    const text = type === 'timestamp_ntz' ? `${stat}Z` : stat;
    return BigInt(Date.parse(text)) === floorDivide(actual, 1000n);
  }
  return false;
}

async function checkFileStats(connection, name, file, add, dataFields) {
  const stats = add.stats ? JSON.parse(add.stats) : null;
  if (!expect(stats && Number.isInteger(stats.numRecords), `${name}: ${file} has no numRecords`)) return;
  const bounds = [];  // [label, isMax, type, stat, sql]
  for (const [key, isMax] of [['minValues', false], ['maxValues', true]]) {
    for (const [path, type, stat] of statLeaves(stats[key], dataFields)) {
      const sql = boundSql(isMax ? 'max' : 'min', columnSql(path), type);
      if (!expect(sql, `${name}: ${file} has ${key} for ${path.join('.')} of type ${JSON.stringify(type)}`)) continue;
      bounds.push([`${key}.${path.join('.')}`, isMax, type, stat, sql]);
    }
  }
  const nulls = statLeaves(stats.nullCount, dataFields).map(([path, , stat]) =>
    [`nullCount.${path.join('.')}`, stat, `count(*) FILTER (WHERE ${columnSql(path)} IS NULL)`]);
  // Top-level columns whose rows are not all NULL must have both bounds, for the types Delta
  // keeps them for (not BOOLEAN; decimals only up to the 15 digits a double holds exactly).
  const eligible = dataFields.filter((field) => {
    const decimal = typeof field.type === 'string' && field.type.match(/^decimal\((\d+),/);
    if (decimal) return Number(decimal[1]) <= 15;
    return field.type !== 'boolean' && boundSql('min', 'x', field.type) !== null;
  });
  const reader = await connection.runAndReadAll(`
    SELECT count(*) ${[...bounds.map((bound) => bound[4]), ...nulls.map((entry) => entry[2]),
                       ...eligible.map((field) => `count(${quote(field.name)})`)]
                      .map((sql) => `, ${sql}`).join('')}
    FROM read_parquet(${sqlString(file)}, hive_partitioning = false)`);
  const [rows, ...values] = reader.getRows()[0];
  expect(toNumber(rows) === stats.numRecords,
    `${name}: ${file} has ${rows} rows, its stats say numRecords ${stats.numRecords}`);
  bounds.forEach(([label, isMax, type, stat], index) => {
    const actual = values[index];
    expect(boundMatches(isMax, type, stat, actual),
      `${name}: ${file}: stats ${label} is ${JSON.stringify(stat)}, DuckDB finds ${actual}`);
  });
  nulls.forEach(([label, stat], index) => {
    const actual = toNumber(values[bounds.length + index]);
    expect(stat === actual, `${name}: ${file}: stats ${label} is ${stat}, DuckDB counts ${actual}`);
  });
  statsChecked.bounds += bounds.length;
  statsChecked.nullCounts += nulls.length;
  eligible.forEach((field, index) => {
    const nonNull = toNumber(values[bounds.length + nulls.length + index]);
    if (nonNull === 0) return;
    for (const key of ['minValues', 'maxValues']) {
      expect(stats[key] && stats[key][field.name] !== undefined,
        `${name}: ${file}: stats lack ${key}.${field.name}`);
    }
  });
  return Number(rows);
}

async function checkTable(connection, name, spec) {
  const table = join(folder, 'tables', name);
  const state = await replayLog(connection, table);
  check(state.latest === spec.commits - 1, `${name}: the log reaches version ${state.latest}`);
  check(state.checkpointVersion !== null,
    `${name}: replay starts from the checkpoint of version ${state.checkpointVersion}`);
  check(state.removedAfterCheckpoint > 0,
    `${name}: ${state.removedAfterCheckpoint} files the checkpoint or later commits added are removed after it`);
  if (!check(state.metadata && state.protocol, `${name}: the log has metaData and protocol`)) return;
  const readerFeatures = state.protocol.readerFeatures ?? [];
  check(state.protocol.minReaderVersion <= 3 &&
        readerFeatures.every((feature) => ['timestampNtz', 'v2Checkpoint'].includes(feature)),
    `${name}: protocol ${JSON.stringify(state.protocol)} needs nothing this replay lacks`);

  const schema = JSON.parse(state.metadata.schemaString);
  const partitionColumns = state.metadata.partitionColumns;
  check(JSON.stringify(partitionColumns) === JSON.stringify(spec.partitionColumns),
    `${name}: partitioned by ${JSON.stringify(partitionColumns)}`);
  const partitionFields = partitionColumns.map((column) =>
    schema.fields.find((field) => field.name === column));
  const dataFields = schema.fields.filter((field) => !partitionColumns.includes(field.name));

  // The live files: where they are, their partition values, and their stats.
  await connection.run(`CREATE OR REPLACE TABLE live_files (filename VARCHAR${
    partitionFields.map((field) => `, ${quote(field.name)} ${duckdbType(field.type)}`).join('')})`);
  const files = [];
  let nullPartitions = 0;
  let escapedFolders = 0;
  let rowsInStats = 0;
  for (const [path, add] of state.live) {
    expect(!add.deletionVector, `${name}: ${path} has a deletion vector`);
    const file = path.startsWith('/') ? path : join(table, path);
    files.push(file);
    expect(statSync(file).size === add.size,
      `${name}: ${path} is ${statSync(file).size} bytes, its add says ${add.size}`);
    const values = partitionFields.map((field) => {
      const text = add.partitionValues?.[field.name];
      expect(text !== undefined, `${name}: ${path} has no partition value for ${field.name}`);
      const isNull = text === null || text === undefined || text === '' ||
                     text === '__HIVE_DEFAULT_PARTITION__';
      return isNull ? null : text;
    });
    // Spark's folder layout: col=<Hive-escaped value or __HIVE_DEFAULT_PARTITION__>/.
    const folders = partitionFields.map((field, index) => `${hiveEscape(field.name)}=${
      values[index] === null ? '__HIVE_DEFAULT_PARTITION__' : hiveEscape(values[index])}`).join('/');
    expect(path.startsWith(`${folders}/`), `${name}: ${path} is not in the folder ${folders}/`);
    if (values.includes(null)) nullPartitions += 1;
    if (folders.includes('%')) escapedFolders += 1;
    await connection.run(`INSERT INTO live_files VALUES (${sqlString(file)}${
      partitionFields.map((field, index) => `, CAST(${
        values[index] === null ? 'NULL' : sqlString(values[index])} AS ${duckdbType(field.type)})`)
        .join('')})`);
    // Each file on its own: its columns are the data columns, and its stats agree with it.
    const described = await connection.runAndReadAll(
      `SELECT column_name FROM (DESCRIBE SELECT * FROM read_parquet(${sqlString(file)}, hive_partitioning = false))`);
    const columns = described.getRows().map(([column]) => column);
    expect(JSON.stringify(columns) === JSON.stringify(dataFields.map((field) => field.name)),
      `${name}: ${path} holds the columns ${JSON.stringify(columns)}, not the data columns`);
    rowsInStats += (await checkFileStats(connection, name, file, add, dataFields)) ?? 0;
  }
  check(files.length > 0, `${name}: ${files.length} live files, ${rowsInStats} rows by their stats`);
  check(statsChecked.bounds > 0 && statsChecked.nullCounts > 0,
    `${name}: ${statsChecked.bounds} stats bounds and ${statsChecked.nullCounts} null counts checked`);
  statsChecked.bounds = 0;
  statsChecked.nullCounts = 0;
  check(nullPartitions > 0, `${name}: ${nullPartitions} files have a NULL partition value`);
  if (name === 'every_type') {
    check(escapedFolders > 0, `${name}: ${escapedFolders} files have escaped partition folders`);
    check(state.checkpointTombstones > 0,
      `${name}: the checkpoint holds ${state.checkpointTombstones} tombstones`);
  }

  // The table: the live files' data columns and the partition columns, in schema order.
  const columns = schema.fields.map((field) => (partitionColumns.includes(field.name)
    ? `live_files.${quote(field.name)}` : `data.${quote(field.name)}`)).join(', ');
  await connection.run(`
    CREATE OR REPLACE VIEW actual AS
    SELECT ${columns}
    FROM read_parquet([${files.map(sqlString).join(', ')}], filename = true,
                      hive_partitioning = false) AS data
    JOIN live_files ON data.filename = live_files.filename`);
  const expectedFile = join(folder, 'expected', `${name}.parquet`);
  await connection.run(`CREATE OR REPLACE VIEW expected AS SELECT * FROM read_parquet(${sqlString(expectedFile)})`);

  for (const view of ['actual', 'expected']) {
    const described = await connection.runAndReadAll(
      `SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM ${view})`);
    const types = described.getRows();
    const wanted = Object.entries(spec.types);
    check(JSON.stringify(types) === JSON.stringify(wanted),
      `${name}: ${view} has the columns and types of the table` +
      (JSON.stringify(types) === JSON.stringify(wanted) ? '' : `: ${JSON.stringify(types)}`));
  }

  const counted = await connection.runAndReadAll(`
    SELECT (SELECT count(*) FROM actual), (SELECT count(*) FROM expected),
           (SELECT count(*) FROM (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected)),
           (SELECT count(*) FROM (SELECT * FROM expected EXCEPT ALL SELECT * FROM actual))`);
  const [rows, expectedRows, extra, missing] = counted.getRows()[0].map(Number);
  check(rows === spec.rows && expectedRows === spec.rows && rowsInStats === spec.rows,
    `${name}: ${rows} rows from the live files, ${expectedRows} expected, ${rowsInStats} by the stats`);
  if (!check(extra === 0 && missing === 0,
    `${name}: the live files hold the expected rows (${extra} unexpected, ${missing} missing)`)) {
    for (const [label, sql] of [
      ['unexpected', 'SELECT * FROM actual EXCEPT ALL SELECT * FROM expected'],
      ['missing', 'SELECT * FROM expected EXCEPT ALL SELECT * FROM actual']]) {
      const sample = await connection.runAndReadAll(
        `SELECT to_json(sample)::VARCHAR FROM (${sql} ORDER BY 1 LIMIT 5) AS sample`);
      for (const [row] of sample.getRows()) console.log(`      ${label}: ${row}`);
    }
  }
}

// ---- change data feed ----------------------------------------------------------------------

//! The changes of every commit of table `name`, read from its log and files as a change data
//! reader does, compared with the ones sluice reads.
async function checkChangeFeed(connection, name) {
  const table = join(folder, 'tables', name);
  const state = await replayLog(connection, table);
  const schema = JSON.parse(state.metadata.schemaString);
  const partitionColumns = state.metadata.partitionColumns;
  const dataFields = schema.fields.filter((field) => !partitionColumns.includes(field.name));
  check(state.metadata.configuration?.['delta.enableChangeDataFeed'] === 'true' &&
        state.protocol.minWriterVersion >= 4,
    `${name}: delta.enableChangeDataFeed with writer version ${state.protocol.minWriterVersion}`);
  //! The rows of one file in the table's columns, then _change_type and _commit_version.
  const fileSql = (path, partitionValues, changeType, version) => {
    const file = path.startsWith('/') ? path : join(table, decodeURIComponent(path));
    const columns = schema.fields.map((field) => {
      if (!partitionColumns.includes(field.name)) return quote(field.name);
      const text = partitionValues?.[field.name];
      const value = text === null || text === undefined || text === '' ? 'NULL' : sqlString(text);
      return `CAST(${value} AS ${duckdbType(field.type)}) AS ${quote(field.name)}`;
    });
    return `SELECT ${columns.join(', ')}, ${changeType ?? '_change_type'} AS _change_type,
                   CAST(${version} AS BIGINT) AS _commit_version
            FROM read_parquet(${sqlString(file)}, hive_partitioning = false)`;
  };
  const selects = [];
  let changeFiles = 0;
  for (let version = 0; version <= state.latest; version += 1) {
    const actions = readFileSync(join(table, '_delta_log', `${versionName(version)}.json`), 'utf8')
      .split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line));
    const cdc = actions.filter((action) => action.cdc).map((action) => action.cdc);
    for (const change of cdc) {
      changeFiles += 1;
      expect(change.dataChange === false && change.path.startsWith('_change_data/'),
        `${name}: v${version}: cdc ${JSON.stringify(change)} is not a change data file`);
      const file = join(table, decodeURIComponent(change.path));
      expect(statSync(file).size === change.size,
        `${name}: ${change.path} is ${statSync(file).size} bytes, its cdc action says ${change.size}`);
      const described = await connection.runAndReadAll(
        `SELECT column_name FROM (DESCRIBE SELECT * FROM read_parquet(${sqlString(file)}, hive_partitioning = false))`);
      const columns = described.getRows().map(([column]) => column);
      expect(JSON.stringify(columns) ===
             JSON.stringify([...dataFields.map((field) => field.name), '_change_type']),
        `${name}: ${change.path} holds the columns ${JSON.stringify(columns)}`);
      selects.push(fileSql(change.path, change.partitionValues, null, version));
    }
    if (cdc.length > 0) continue;
    for (const action of actions) {
      if (action.add?.dataChange) {
        selects.push(fileSql(action.add.path, action.add.partitionValues, "'insert'", version));
      } else if (action.remove?.dataChange) {
        selects.push(fileSql(action.remove.path, action.remove.partitionValues, "'delete'", version));
      }
    }
  }
  check(changeFiles > 0, `${name}: ${changeFiles} change data files`);
  await connection.run(`CREATE OR REPLACE VIEW actual_changes AS ${selects.join(' UNION ALL ')}`);
  const expectedFile = join(folder, 'expected', `${name}_changes.parquet`);
  await connection.run(
    `CREATE OR REPLACE VIEW expected_changes AS SELECT * FROM read_parquet(${sqlString(expectedFile)})`);
  const counted = await connection.runAndReadAll(`
    SELECT (SELECT count(*) FROM actual_changes), (SELECT count(*) FROM expected_changes),
           (SELECT count(*) FROM (SELECT * FROM actual_changes EXCEPT ALL SELECT * FROM expected_changes)),
           (SELECT count(*) FROM (SELECT * FROM expected_changes EXCEPT ALL SELECT * FROM actual_changes)),
           (SELECT count(DISTINCT _change_type) FROM actual_changes)`);
  const [rows, expectedRows, extra, missing, kinds] = counted.getRows()[0].map(Number);
  check(rows > 0 && rows === expectedRows && extra === 0 && missing === 0 && kinds === 4,
    `${name}: the change data feed holds ${rows} changes of 4 kinds (${kinds}), as sluice reads ` +
    `them (${expectedRows}; ${extra} unexpected, ${missing} missing)`);
}

try {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run("SET TimeZone = 'UTC'");

  const run = spawnSync(binary, ['--gtest_filter=DeltaInteropFilesTest.*:DmlInteropFilesTest.*'], {
    env: { ...process.env, SLUICE_DELTA_INTEROP_DIR: folder },
    stdio: 'inherit',
  });
  if (check(run.status === 0, 'sluice writes the Delta tables and their expected rows')) {
    for (const [name, spec] of Object.entries(tables)) await checkTable(connection, name, spec);
    await checkChangeFeed(connection, 'dml');
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}

console.log(failures === 0 ? 'all checks passed' : `${failures} checks failed`);
process.exit(failures === 0 ? 0 : 1);
