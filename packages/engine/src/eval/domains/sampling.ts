// What the generators of our eval datasets share: seeded draws, days and CSV files.
import { writeFileSync } from 'node:fs';

export const DAY = 86_400_000;
export const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
export const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
/** A standard normal draw (Box–Muller). */
export const gauss = (rnd: () => number) =>
  Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
/** An exponential draw with the given mean. */
export const expo = (rnd: () => number, mean: number) => -Math.log(1 - rnd()) * mean;

/** Picks from [value, weight] pairs. */
export function weighted<T>(rnd: () => number, options: readonly (readonly [T, number])[]): T {
  const total = options.reduce((s, [, w]) => s + w, 0);
  let r = rnd() * total;
  for (const [value, w] of options) {
    r -= w;
    if (r < 0) return value;
  }
  return options[options.length - 1]![0];
}

/** A day between `from` and `to` (UTC ms), more likely towards `to` when growth > 1. */
export function dayBetween(rnd: () => number, from: number, to: number, growth = 1): number {
  const days = Math.floor((to - from) / DAY);
  // Inverse CDF of a density rising linearly from 1 to `growth`.
  const u = rnd();
  const x = growth === 1 ? u : (Math.sqrt(1 + (growth * growth - 1) * u) - 1) / (growth - 1);
  return from + Math.min(days, Math.floor(x * (days + 1))) * DAY;
}

export type Cell = string | number | boolean | null;

/** A CSV file with a header row; NULL is an empty cell, text with a comma or quote is quoted. */
export function writeCsv(path: string, header: string[], rows: Cell[][]): void {
  const cell = (v: Cell) =>
    v === null ? '' : typeof v === 'string' && /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v);
  writeFileSync(path, [header, ...rows].map((r) => r.map(cell).join(',')).join('\n') + '\n');
}
