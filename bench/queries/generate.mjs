// bench/queries/generate.mjs
//
// The data of the query benchmark (bench/queries.mjs): a fact table `sales`, two dimension
// tables `customers` and `products`, and orders as JSON text `orders_json`, written as zstd Parquet by DuckDB. Every value is a function
// of the row number (DuckDB's hash() of the row number mixed with a per-column salt), so the data
// is the same at every run with the pinned DuckDB version.
//
//   sales/part-0000N.parquet  8 files, one row group each
//     sale_id BIGINT       unique, a permutation of 1e9 .. 1e9 + rows - 1 (not sorted)
//     customer_id BIGINT   1 .. customers, skewed towards low ids, NULL in 0.5 % of rows
//     product_id INT       1 .. 10,000, skewed (the square of a uniform draw)
//     store_id INT         1 .. 10
//     ts TIMESTAMP         2024-01-01 .. 2025-12-31, milliseconds
//     quantity INT         1 .. 20, mostly small
//     price DECIMAL(10,2)  0.50 .. 999.99
//     status VARCHAR       completed 80 %, returned 8 %, cancelled 7 %, pending 5 %
//     comment VARCHAR      2 to 5 words of a 32-word vocabulary, NULL in 30 % of rows
//   customers/part-00000.parquet  customer_id BIGINT (1 .. customers), country VARCHAR (50 codes,
//                                 skewed), segment VARCHAR (4)
//   products/part-00000.parquet   product_id INT (1 .. 10,000), category VARCHAR (20),
//                                 brand VARCHAR (300)
//   orders_json/part-00000.parquet  order_id BIGINT, doc VARCHAR: one order as JSON text
//                                 ({"order", "store", "customer": {"id", "country"}, "status",
//                                 "lines": one or two {"sku", "qty", "price"}}), sales / 10 rows
//
// Scales: S = 1 M sales and 100 k customers, M = 10 M sales and 1 M customers; 10 k products.
// Usage: node bench/queries/generate.mjs DIR [--scale S|M]   (bench/queries.mjs calls it itself)
import { DuckDBInstance } from '@duckdb/node-api';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const scales = {
  S: { sales: 1_000_000, customers: 100_000, products: 10_000 },
  M: { sales: 10_000_000, customers: 1_000_000, products: 10_000 },
};
const salesFiles = 8;

const words = ['fast', 'slow', 'delivery', 'great', 'price', 'gift', 'wrap', 'late', 'box',
  'damaged', 'perfect', 'size', 'color', 'again', 'would', 'buy', 'not', 'as', 'described', 'love',
  'it', 'cheap', 'quality', 'return', 'store', 'staff', 'helpful', 'online', 'order', 'missing',
  'part', 'ok'];
const countries = ['US', 'DE', 'GB', 'FR', 'IN', 'BR', 'JP', 'CA', 'IT', 'ES', 'MX', 'AU', 'NL',
  'KR', 'PL', 'SE', 'BE', 'CH', 'AT', 'NO', 'DK', 'FI', 'IE', 'PT', 'CZ', 'RO', 'HU', 'GR', 'TR',
  'IL', 'AE', 'SA', 'ZA', 'NG', 'EG', 'KE', 'AR', 'CL', 'CO', 'PE', 'CN', 'TW', 'HK', 'SG', 'MY',
  'TH', 'VN', 'ID', 'PH', 'NZ'];
const categories = ['books', 'music', 'movies', 'games', 'toys', 'garden', 'tools', 'kitchen',
  'furniture', 'lighting', 'clothing', 'shoes', 'jewelry', 'beauty', 'health', 'sports', 'outdoors',
  'automotive', 'electronics', 'computers'];
const segments = ['consumer', 'corporate', 'home office', 'small business'];

const list = (values) => `[${values.map((v) => `'${v}'`).join(', ')}]`;

// The statements that write the tables into `dir` (which exists and is empty).
function statements(dir, size) {
  const copy = (query, file, rowGroup) =>
    `COPY (${query}) TO '${file}' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${rowGroup})`;
  const perFile = Math.ceil(size.sales / salesFiles);
  // 2 to 5 words: word w (from 0) is there when w < 2 + pick(i, 10, 4); concat_ws skips NULLs.
  const word = (w) => `${list(words)}[1 + pick(i, ${11 + w}, ${words.length})]`;
  const comment = [0, 1, 2, 3, 4]
    .map((w) => (w < 2 ? word(w) : `CASE WHEN pick(i, 10, 4) >= ${w - 1} THEN ${word(w)} END`))
    .join(', ');
  mkdirSync(join(dir, 'sales'), { recursive: true });
  const sql = [
    // u(i, k): a uniform draw in [0, 1) from 53 bits of the hash; pick(i, k, n): one of 0 .. n-1.
    // Draw k of row i hashes the single number i * 100 + k: DuckDB's hash(i, k) of two values
    // is hash(i) combined with a constant, so its draws for different k are not independent.
    'CREATE OR REPLACE MACRO u(i, k) AS (hash(i * 100 + k) >> 11)::DOUBLE / 9007199254740992.0',
    'CREATE OR REPLACE MACRO pick(i, k, n) AS (hash(i * 100 + k) % n)::BIGINT',
  ];
  for (let f = 0; f < salesFiles; ++f) {
    const first = f * perFile;
    const last = Math.min(size.sales, first + perFile);
    // sale_id: i * an odd multiplier that 5 does not divide, modulo rows (a power of ten),
    // is a permutation of 0 .. rows - 1.
    const query = `SELECT
        1000000000 + (i * 2654435761) % ${size.sales} AS sale_id,
        CASE WHEN u(i, 1) < 0.005 THEN NULL
             ELSE 1 + floor(${size.customers} * pow(u(i, 2), 1.3))::BIGINT END AS customer_id,
        (1 + floor(${size.products} * pow(u(i, 3), 2)))::INT AS product_id,
        (1 + pick(i, 4, 10))::INT AS store_id,
        TIMESTAMP '2024-01-01' + to_milliseconds(pick(i, 5, ${730 * 86400 * 1000})) AS ts,
        (1 + floor(20 * pow(u(i, 6), 3)))::INT AS quantity,
        ((50 + pick(i, 7, 99950))::DECIMAL(12, 0) * 0.01)::DECIMAL(10, 2) AS price,
        CASE WHEN u(i, 8) < 0.80 THEN 'completed' WHEN u(i, 8) < 0.88 THEN 'returned'
             WHEN u(i, 8) < 0.95 THEN 'cancelled' ELSE 'pending' END AS status,
        CASE WHEN u(i, 9) < 0.30 THEN NULL
             ELSE concat_ws(' ', ${comment}) END AS comment
      FROM range(${first}, ${last}) t(i) ORDER BY i`;
    const file = join(dir, 'sales', `part-${String(f).padStart(5, '0')}.parquet`);
    sql.push(copy(query, file, perFile));
  }
  mkdirSync(join(dir, 'customers'), { recursive: true });
  sql.push(copy(`SELECT i AS customer_id,
        ${list(countries)}[1 + floor(${countries.length} * pow(u(i, 21), 2))::BIGINT] AS country,
        ${list(segments)}[1 + pick(i, 22, ${segments.length})] AS segment
      FROM range(1, ${size.customers + 1}) t(i) ORDER BY i`,
  join(dir, 'customers', 'part-00000.parquet'), 1_048_576));
  mkdirSync(join(dir, 'products'), { recursive: true });
  sql.push(copy(`SELECT i::INT AS product_id,
        ${list(categories)}[1 + pick(i, 31, ${categories.length})] AS category,
        'brand_' || lpad(pick(i, 32, 300)::VARCHAR, 3, '0') AS brand
      FROM range(1, ${size.products + 1}) t(i) ORDER BY i`,
  join(dir, 'products', 'part-00000.parquet'), 1_048_576));
  mkdirSync(join(dir, 'orders_json'), { recursive: true });
  const line = (k) => `json_object('sku', 1 + pick(i, ${k}, 10000), 'qty', 1 + pick(i, ${k + 1}, 5),
        'price', ((50 + pick(i, ${k + 2}, 9950))::DECIMAL(12, 0) * 0.01)::DECIMAL(10, 2))`;
  sql.push(copy(`SELECT i AS order_id, json_object('order', i, 'store', 1 + pick(i, 41, 10),
        'customer', json_object('id', 1 + pick(i, 42, ${size.customers}),
          'country', ${list(countries)}[1 + floor(${countries.length} * pow(u(i, 43), 2))::BIGINT]),
        'status', CASE WHEN u(i, 44) < 0.85 THEN 'completed' ELSE 'returned' END,
        'lines', CASE WHEN pick(i, 45, 2) = 0 THEN json_array(${line(46)})
                      ELSE json_array(${line(46)}, ${line(49)}) END)::VARCHAR AS doc
      FROM range(0, ${size.sales / 10}) t(i) ORDER BY i`,
  join(dir, 'orders_json', 'part-00000.parquet'), 1_048_576));
  return sql;
}

// Writes the tables of `scale` into `dir` unless they are there; returns the seconds it took.
export async function generate(dir, scale) {
  const size = scales[scale];
  if (!size) throw new Error(`unknown scale ${scale} (one of ${Object.keys(scales).join(', ')})`);
  if (existsSync(join(dir, 'sales')) && existsSync(join(dir, 'orders_json'))) return 0;
  rmSync(dir, { recursive: true, force: true });  // from before a table was added
  const start = process.hrtime.bigint();
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const instance = await DuckDBInstance.create(':memory:', { threads: String(cpus().length) });
  const connection = await instance.connect();
  for (const statement of statements(partial, size)) await connection.run(statement);
  connection.closeSync();
  instance.closeSync?.();
  renameSync(partial, dir);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  const at = process.argv.indexOf('--scale');
  const scale = at > 0 ? process.argv[at + 1] : 'S';
  if (!dir) {
    console.error('usage: node bench/queries/generate.mjs DIR [--scale S|M]');
    process.exit(2);
  }
  const seconds = await generate(resolve(dir), scale);
  console.log(seconds ? `wrote the ${scale} tables in ${seconds.toFixed(1)} s`
    : `${dir} already holds the tables`);
}
