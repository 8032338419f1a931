// bench/medallion/generate.mjs
//
// Writes the medallion benchmark's input (the workload is described in bench/README.md):
//
//   node bench/medallion/generate.mjs OUT_DIR [--scale S|M|L|<events>] [--seed N] [--increment]
//
// OUT_DIR/events/part-NNNNN.jsonl (80 % of the events in 100 JSON-lines files),
// OUT_DIR/events_b/part-NNNNN.csv (20 % in 20 CSV files with a header) and OUT_DIR/users.csv;
// with --increment only OUT_DIR/increment/part-00100.jsonl, the next JSON file. Every file has
// its own generator seeded from the seed and the file's index, so the output is a function of
// the scale and the seed alone, and the increment does not depend on the other files.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SCALES = { S: 100_000, M: 5_000_000, L: 20_000_000 };
const EVENT_TYPES = ['view', 'click', 'add_to_cart', 'checkout', 'purchase', 'search', 'login', 'logout'];
const EVENT_WEIGHTS = [40, 25, 10, 6, 5, 8, 4, 2];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'IN', 'BR', 'CA', 'AU', 'JP', 'ES', 'IT', 'NL', 'SE', 'MX',
  'KR', 'PL', 'TR', 'AR', 'ZA', 'NG', 'EG', 'ID', 'PH', 'VN', 'TH', 'CH', 'BE', 'AT', 'IE', 'NZ'];
// Skewed: the first countries carry most events.
const COUNTRY_WEIGHTS = COUNTRIES.map((_, rank) => 1 / (rank + 1) ** 1.1);
const DEVICES = ['web', 'ios', 'android', 'tablet', 'tv'];
const DEVICE_WEIGHTS = [45, 25, 22, 6, 2];
const TIERS = ['free', 'basic', 'pro', 'enterprise'];
const TIER_WEIGHTS = [60, 25, 12, 3];
const BAD_TIMESTAMPS = ['2024-13-45T25:61:00Z', 'not-a-timestamp', '15/03/2024 12:34:56'];
const FIRST_NAMES = ['Ada', 'Alan', 'Grace', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Radia', 'Tim'];
const JSON_FILES = 100;
const CSV_FILES = 20;
const YEAR_START_MS = Date.UTC(2024, 0, 1);
const YEAR_MS = 366 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

// sfc32: small, fast and good enough for test data; seeded through splitmix32.
function generator(seed) {
  let state = seed >>> 0;
  const mix = () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = mix(), b = mix(), c = mix(), d = mix();
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

// Picks from `values` with the given weights, by a binary search of the cumulative weights.
function weighted(values, weights) {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let running = 0;
  const bounds = weights.map((w) => (running += w) / total);
  return (r) => {
    let low = 0;
    let high = bounds.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (r < bounds[middle]) high = middle;
      else low = middle + 1;
    }
    return values[low];
  };
}

const eventType = weighted(EVENT_TYPES, EVENT_WEIGHTS);
const country = weighted(COUNTRIES, COUNTRY_WEIGHTS);
const device = weighted(DEVICES, DEVICE_WEIGHTS);
const tier = weighted(TIERS, TIER_WEIGHTS);

// One event; `format` writes it as a JSON line or a CSV line.
function makeEvents(random, users, count, firstId, sliceStart, sliceMs, format) {
  const lines = new Array(count);
  for (let n = 0; n < count; ++n) {
    let ms = sliceStart + Math.floor(random() * sliceMs);
    if (sliceStart > 0 && random() < 0.03) ms = Math.floor(random() * sliceStart); // late rows
    let amount = random() < 0.1 ? null : (1 + Math.floor(random() * 100_000)) / 100;
    let id = firstId + n;
    let ts = new Date(YEAR_START_MS + ms).toISOString();
    const defect = random();
    if (defect < 0.007) id = null;
    else if (defect < 0.014) amount = -(amount ?? 1);
    else if (defect < 0.02) ts = BAD_TIMESTAMPS[Math.floor(random() * BAD_TIMESTAMPS.length)];
    // Skewed to low ids; 0.5 % point at users that do not exist.
    const user = random() < 0.005 ? users + 1 + Math.floor(random() * users)
      : 1 + Math.floor(users * random() ** 2);
    lines[n] = format(id, user, ts, eventType(random()), amount === null ? null : amount.toFixed(2),
      country(random()), device(random()), 1 + Math.floor(random() * 60));
  }
  return lines.join('');
}

const jsonLine = (id, user, ts, type, amount, place, dev, version) =>
  `{"event_id":${id ?? 'null'},"user_id":${user},"ts":"${ts}","event_type":"${type}",` +
  `"amount":${amount ?? 'null'},"country":"${place}","payload":{"device":"${dev}","version":${version}}}\n`;

const csvLine = (id, user, ts, type, amount, place, dev, version) =>
  `${id ?? ''},${user},${ts},${type},${amount ?? ''},${place},${dev},${version}\n`;

function writeUsers(out, users, seed) {
  const random = generator(seed * 7 + 1);
  const lines = ['user_id,name,signup_date,tier\n'];
  for (let id = 1; id <= users; ++id) {
    let name = `${FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)]} ${id}`;
    if (random() < 0.02) name = `"${name}, Jr."`;
    const signup = new Date(Date.UTC(2020, 0, 1) + Math.floor(random() * 1460) * DAY_MS);
    lines.push(`${id},${name},${signup.toISOString().slice(0, 10)},${tier(random())}\n`);
  }
  writeFileSync(join(out, 'users.csv'), lines.join(''));
}

function main() {
  const argv = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 ? argv[at + 1] : fallback;
  };
  const out = argv.find((arg, i) => !arg.startsWith('--') && !(i > 0 && ['--scale', '--seed'].includes(argv[i - 1])));
  if (!out) {
    console.error('usage: generate.mjs OUT_DIR [--scale S|M|L|<events>] [--seed N] [--increment]');
    process.exit(2);
  }
  const scaleName = option('scale', 'S');
  const events = SCALES[scaleName.toUpperCase()] ?? Number(scaleName);
  if (!Number.isInteger(events) || events <= 0) {
    console.error(`unknown scale '${scaleName}': S, M, L or a number of events`);
    process.exit(2);
  }
  const seed = Number(option('seed', '42'));
  const users = Math.max(1000, Math.floor(events / 50));
  const jsonEvents = Math.floor((events * 8) / 10);
  const perJson = Math.floor(jsonEvents / JSON_FILES);
  const perCsv = Math.floor((events - jsonEvents) / CSV_FILES);
  const jsonSlice = Math.floor(YEAR_MS / JSON_FILES);
  const csvSlice = Math.floor(YEAR_MS / CSV_FILES);
  const json = (dir, index) => {
    const random = generator(seed * 1_000_003 + index);
    const text = makeEvents(random, users, perJson, index * perJson + 1, index * jsonSlice, jsonSlice, jsonLine);
    writeFileSync(join(dir, `part-${String(index).padStart(5, '0')}.jsonl`), text);
  };

  if (argv.includes('--increment')) {
    mkdirSync(join(out, 'increment'), { recursive: true });
    json(join(out, 'increment'), JSON_FILES);
    return;
  }
  mkdirSync(join(out, 'events'), { recursive: true });
  mkdirSync(join(out, 'events_b'), { recursive: true });
  writeUsers(out, users, seed);
  for (let index = 0; index < JSON_FILES; ++index) json(join(out, 'events'), index);
  for (let index = 0; index < CSV_FILES; ++index) {
    const random = generator(seed * 2_000_003 + index);
    // Ids after every JSON id, so that the two sources never share one.
    const first = 10 * events + index * perCsv + 1;
    const text = makeEvents(random, users, perCsv, first, index * csvSlice, csvSlice, csvLine);
    writeFileSync(join(out, 'events_b', `part-${String(index).padStart(5, '0')}.csv`),
      'event_id,user_id,ts,event_type,amount,country,device,version\n' + text);
  }
}

main();
