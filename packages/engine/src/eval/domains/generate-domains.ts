// Three small non-retail datasets for the held-out "other domains" eval set, written as CSV files
// the way such data is usually published: daily weather by city, daily stock prices with the
// date written as text ("Jan 3 2000"), and flights with delays and distances. Deterministic (a
// seeded PRNG), so the set's gold rows never change.
// Usage: tsx packages/engine/src/eval/domains/generate-domains.ts --out DIR  (writes DIR/<db>/*.csv)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { prng } from '../../demo/retail-demo';

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** A standard normal draw (Box–Muller). */
const gauss = (rnd: () => number) => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());

function writeCsv(path: string, header: string[], rows: (string | number)[][]): void {
  writeFileSync(path, [header, ...rows].map((r) => r.join(',')).join('\n') + '\n');
}

// city, country, yearly mean °C, seasonal swing °C, southern hemisphere, daily chance of rain, mean rain mm
const CITIES: [string, string, number, number, boolean, number, number][] = [
  ['Oslo', 'Norway', 6, 10, false, 0.45, 4],
  ['Madrid', 'Spain', 15, 9, false, 0.2, 5],
  ['Chicago', 'United States', 10.5, 13, false, 0.35, 6],
  ['Toronto', 'Canada', 9, 13, false, 0.35, 5],
  ['Cairo', 'Egypt', 22, 7, false, 0.03, 3],
  ['Mumbai', 'India', 27, 2.5, false, 0.25, 20],
  ['Singapore', 'Singapore', 27.5, 1, false, 0.5, 12],
  ['Sydney', 'Australia', 18.5, 5, true, 0.35, 8],
];

function weather(dir: string): void {
  const rnd = prng(7001);
  const rows: (string | number)[][] = [];
  for (const [city, country, mean, swing, south, rainChance, rainMean] of CITIES) {
    let anomaly = 0;
    for (let t = Date.UTC(2023, 0, 1); t <= Date.UTC(2024, 11, 31); t += DAY) {
      const date = new Date(t);
      const dayOfYear = (t - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY;
      const season = Math.cos((2 * Math.PI * (dayOfYear - 200)) / 365) * (south ? -1 : 1);
      anomaly = 0.7 * anomaly + gauss(rnd) * 1.8;
      const temperature = mean + swing * season + anomaly;
      const range = 4 + rnd() * 6;
      // Mumbai's monsoon: most of the year's rain falls from June to September.
      const monsoon = city === 'Mumbai' && date.getUTCMonth() >= 5 && date.getUTCMonth() <= 8;
      const rains = rnd() < (monsoon ? 0.85 : city === 'Mumbai' ? 0.04 : rainChance);
      const precipitation = rains ? round(-Math.log(1 - rnd()) * rainMean * (monsoon ? 1.5 : 1), 1) : 0;
      rows.push([
        iso(t),
        city,
        country,
        round(temperature, 1),
        round(temperature - range / 2, 1),
        round(temperature + range / 2, 1),
        precipitation,
        Math.min(100, Math.round(55 + (rains ? 20 : 0) + gauss(rnd) * 10)),
        round(8 + Math.abs(gauss(rnd)) * 9, 1),
      ]);
    }
  }
  mkdirSync(dir, { recursive: true });
  writeCsv(
    join(dir, 'weather.csv'),
    [
      'date',
      'city',
      'country',
      'temperature',
      'temp_min',
      'temp_max',
      'precipitation',
      'humidity',
      'wind_speed',
    ],
    rows,
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Jan 3 2000": how many published price files write dates. */
const textDate = (t: number) => {
  const d = new Date(t);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()} ${d.getUTCFullYear()}`;
};

// symbol, first open, daily drift, daily volatility, typical volume
const SYMBOLS: [string, number, number, number, number][] = [
  ['ACME', 42, 0.0006, 0.021, 1_800_000],
  ['GLBX', 118, -0.0004, 0.028, 4_500_000],
  ['INIT', 23.5, 0.0002, 0.015, 650_000],
  ['UMBR', 7.8, 0.0011, 0.035, 9_000_000],
];

function stocks(dir: string): void {
  const rnd = prng(7002);
  const rows: (string | number)[][] = [];
  for (const [symbol, first, drift, volatility, volume] of SYMBOLS) {
    let close = first;
    for (let t = Date.UTC(2000, 0, 3); t <= Date.UTC(2001, 11, 31); t += DAY) {
      const weekday = new Date(t).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      const open = close * (1 + gauss(rnd) * volatility * 0.3);
      close = Math.max(0.5, open * (1 + drift + gauss(rnd) * volatility));
      const high = Math.max(open, close) * (1 + rnd() * volatility);
      const low = Math.min(open, close) * (1 - rnd() * volatility);
      rows.push([
        symbol,
        textDate(t),
        round(open, 2),
        round(high, 2),
        round(low, 2),
        round(close, 2),
        Math.round(volume * Math.exp(gauss(rnd) * 0.35)),
      ]);
      close = round(close, 2);
    }
  }
  mkdirSync(dir, { recursive: true });
  writeCsv(join(dir, 'stocks.csv'), ['symbol', 'date', 'open', 'high', 'low', 'close', 'volume'], rows);
}

// Airports with their position, so that distances are real great-circle miles.
const AIRPORTS: [string, number, number][] = [
  ['JFK', 40.64, -73.78],
  ['LAX', 33.94, -118.41],
  ['ORD', 41.98, -87.9],
  ['ATL', 33.64, -84.43],
  ['DFW', 32.9, -97.04],
  ['DEN', 39.86, -104.67],
  ['SFO', 37.62, -122.38],
  ['SEA', 47.45, -122.31],
  ['MIA', 25.79, -80.29],
  ['BOS', 42.36, -71.01],
];
// carrier, code, mean departure delay (minutes), cancellation chance
const CARRIERS: [string, string, number, number][] = [
  ['Aurora Airlines', 'AU', 9, 0.012],
  ['Blue Heron Air', 'BH', 14, 0.02],
  ['Cobalt Air', 'CB', 6, 0.008],
  ['Evergreen Express', 'EV', 18, 0.03],
];

function miles(a: [string, number, number], b: [string, number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLon = (b[2] - a[2]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLon / 2) ** 2;
  return Math.round(3958.8 * 2 * Math.asin(Math.sqrt(h)));
}

function flights(dir: string): void {
  const rnd = prng(7003);
  const rows: (string | number)[][] = [];
  for (let t = Date.UTC(2025, 0, 1); t <= Date.UTC(2025, 11, 31); t += DAY) {
    const month = new Date(t).getUTCMonth();
    // Winter storms and summer thunderstorms make December–February and July later.
    const weather = month <= 1 || month === 11 ? 1.5 : month === 6 ? 1.3 : 1;
    const count = 36 + Math.floor(rnd() * 10);
    for (let i = 0; i < count; i++) {
      const [carrier, code, meanDelay, cancelChance] = CARRIERS[Math.floor(rnd() * CARRIERS.length)]!;
      const origin = AIRPORTS[Math.floor(rnd() * AIRPORTS.length)]!;
      let dest = AIRPORTS[Math.floor(rnd() * AIRPORTS.length)]!;
      if (dest === origin) dest = AIRPORTS[(AIRPORTS.indexOf(origin) + 3) % AIRPORTS.length]!;
      const cancelled = rnd() < cancelChance * weather;
      const late = rnd() < 0.35;
      const depDelay = late
        ? Math.round(-Math.log(1 - rnd()) * meanDelay * 2.2 * weather)
        : -Math.floor(rnd() * 8);
      const arrDelay = depDelay + Math.round(gauss(rnd) * 9);
      rows.push([
        iso(t),
        carrier,
        `${code}${100 + Math.floor(rnd() * 900)}`,
        origin[0],
        dest[0],
        cancelled ? '' : depDelay,
        cancelled ? '' : arrDelay,
        miles(origin, dest),
        cancelled ? 1 : 0,
      ]);
    }
  }
  mkdirSync(dir, { recursive: true });
  writeCsv(
    join(dir, 'flights.csv'),
    [
      'flight_date',
      'carrier',
      'flight_number',
      'origin',
      'dest',
      'dep_delay',
      'arr_delay',
      'distance',
      'cancelled',
    ],
    rows,
  );
}

/** Writes DIR/weather/weather.csv, DIR/stocks/stocks.csv and DIR/flights/flights.csv. */
export function generateDomains(dir: string): string[] {
  weather(join(dir, 'weather'));
  stocks(join(dir, 'stocks'));
  flights(join(dir, 'flights'));
  return ['weather', 'stocks', 'flights'];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--out');
  const out = at < 0 ? undefined : process.argv[at + 1];
  if (!out) throw new Error('usage: generate-domains.ts --out DIR');
  generateDomains(out);
  console.log(`wrote weather, stocks and flights to ${out}`);
}
