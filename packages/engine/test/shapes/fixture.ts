import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { answerOnce, type Answer } from '../../src/answer/answer';
import { loadDataDir } from '../../src/eval/load';
import { NOW, type Demo } from '../setup';

// A cinema chain, as a user would upload it: bookings (one row per booking) of films at cinemas,
// from Jan 2025 to the clock's day (Nov 22, 2026), some days without any booking. The tests of
// the shapes of question beyond plain aggregates ask it in words of their own.

const CITIES = ['Leeds', 'York', 'Hull'];
const CINEMAS = ['Roxy', 'Odeon', 'Plaza', 'Rex', 'Regal', 'Savoy'];
const FILMS: [string, string][] = [
  ['Night Train', 'Thriller'],
  ['Blue Harbour', 'Drama'],
  ['Quiet Fields', 'Drama'],
  ['Iron Comet', 'Action'],
  ['Last Signal', 'Thriller'],
  ['Paper Kings', 'Comedy'],
  ['Red Canyon', 'Action'],
  ['Small Hours', 'Comedy'],
];

function bookings(): string {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const lines = ['booking_id,booking_date,cinema_id,film_id,seats,ticket_price,takings,wait_minutes'];
  let id = 1;
  for (let d = Date.UTC(2025, 0, 1); d <= NOW.getTime(); d += 86_400_000) {
    // Every seventh day or so the chain sells nothing (the mean is over days with bookings).
    if (next() < 0.15) continue;
    const n = 2 + Math.floor(next() * 6);
    for (let k = 0; k < n; k++) {
      const cinema = 1 + Math.floor(next() * CINEMAS.length);
      const film = 1 + Math.floor(next() * FILMS.length);
      const seats = 1 + Math.floor(next() * 5);
      const price = [7.5, 9, 11, 12.5][Math.floor(next() * 4)]!;
      const day = new Date(d).toISOString().slice(0, 10);
      lines.push(
        [id++, day, cinema, film, seats, price, (seats * price).toFixed(2), (seats * 7 + cinema) % 20].join(
          ',',
        ),
      );
    }
  }
  return lines.join('\n') + '\n';
}

const FILES: Record<string, string> = {
  'cinemas.csv':
    'cinema_id,cinema_name,city\n' +
    CINEMAS.map((c, i) => `${i + 1},${c},${CITIES[i % CITIES.length]}`).join('\n') +
    '\n',
  'films.csv':
    'film_id,film_title,genre\n' + FILMS.map(([t, g], i) => `${i + 1},${t},${g}`).join('\n') + '\n',
  'bookings.csv': bookings(),
};

const SCHEMA = {
  tables: [
    { name: 'cinemas', columns: [], primary_key: ['cinema_id'] },
    { name: 'films', columns: [], primary_key: ['film_id'] },
    {
      name: 'bookings',
      columns: [],
      primary_key: ['booking_id'],
      foreign_keys: [
        { column: 'cinema_id', ref_table: 'cinemas', ref_column: 'cinema_id' },
        { column: 'film_id', ref_table: 'films', ref_column: 'film_id' },
      ],
    },
  ],
};

export async function openCinemas(): Promise<Demo> {
  const dir = mkdtempSync(join(tmpdir(), 'catalyst-cinemas-'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, 'schema.json'), JSON.stringify(SCHEMA));
  const { warehouse, model } = await loadDataDir(dir);
  model.metrics.push({
    name: 'average_booking_value',
    label: 'Average Booking Value',
    table: 'bookings',
    expression: 'SUM("takings") / NULLIF(COUNT(DISTINCT "booking_id"), 0)',
    synonyms: [],
    definition: 'Takings per booking.',
  });
  return { warehouse, model, dir };
}

export const ask = (db: Demo, question: string): Promise<Answer> =>
  answerOnce({ question, model: db.model, warehouse: db.warehouse, now: NOW, threshold: 0.5 });

const norm = (v: unknown): string => {
  if (typeof v === 'bigint') v = Number(v);
  if (typeof v === 'number') return String(Math.round(v * 10000) / 10000);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (v === null || v === undefined) return 'null';
  return String(v).replace(/^(\d{4}-\d{2}-\d{2})[T ]00:00:00(?:\.000)?Z?$/, '$1');
};

/**
 * The answer holds the hand-written SQL's result: as many rows, and each of the SQL's columns
 * among the answer's (as the eval scorer compares; extra answer columns allowed), in order when
 * `ordered`.
 */
export async function expectAnswerHas(db: Demo, answer: Answer, sql: string, ordered = false): Promise<void> {
  expect(answer.status, `${answer.question}: ${answer.message} ${answer.evidence.doubts.join('; ')}`).toBe(
    'answered',
  );
  const gold = (await db.warehouse.query(sql)).rows.map((r) => r.map(norm));
  const got = answer.rows.map((r) => r.map(norm));
  expect(got.length, answer.reading).toBe(gold.length);
  if (!gold.length) return;
  const key = (rows: string[][]) =>
    ordered ? rows.map((r) => r.join('|')) : rows.map((r) => r.join('|')).sort();
  const goldKey = key(gold);
  const width = got[0]!.length;
  // Each gold column to a different answer column, so that the projected rows are the gold rows.
  const search = (j: number, pick: number[]): boolean => {
    if (j === gold[0]!.length)
      return key(got.map((r) => pick.map((k) => r[k]!))).join('\n') === goldKey.join('\n');
    for (let k = 0; k < width; k++) if (!pick.includes(k) && search(j + 1, [...pick, k])) return true;
    return false;
  };
  expect(search(0, []), `${answer.reading}\n${JSON.stringify(answer.rows.slice(0, 5))}`).toBe(true);
}

/** Declined, and not answered as another question. */
export function expectDeclined(answer: Answer): void {
  expect(answer.status, `${answer.question}: ${answer.reading}`).toBe('declined');
}
