import type { TTimeGrain, TValueFormat } from '@catalyst/contracts';

// Words and numbers as the narrative writes them (en-US; the web app formats the cards' numbers
// in the reader's own locale from the same TValueFormat).

const DAY = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const formatNumber = (v: number): string =>
  Number.isInteger(v) ? v.toLocaleString('en-US') : v.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** A value in its format: "$2,202,447", "39.4%", "1,234.5". */
export function formatValue(v: number, format: TValueFormat = { style: 'number' }): string {
  if (format.style === 'percent')
    return v.toLocaleString('en-US', { style: 'percent', maximumFractionDigits: 1 });
  if (format.style === 'currency') {
    const big = Math.abs(v) >= 1000;
    return v.toLocaleString('en-US', {
      style: 'currency',
      currency: format.currency ?? 'USD',
      maximumFractionDigits: big ? 0 : 2,
      minimumFractionDigits: big ? 0 : undefined,
    });
  }
  return formatNumber(Number.isInteger(v) ? v : Number(v.toPrecision(12)));
}

/** A change between two values: relative ("+8.6%"), or in points for percentages ("-0.4 pts"). */
export function formatChange(from: number, to: number, format: TValueFormat): string | null {
  const sign = (x: number): string => (x > 0 ? '+' : x < 0 ? '-' : '±');
  if (format.style === 'percent') {
    const points = Math.round((to - from) * 1000) / 10;
    return `${sign(points)}${Math.abs(points).toLocaleString('en-US')} pts`;
  }
  if (from === 0) return null;
  const pct = Math.round(((to - from) / Math.abs(from)) * 1000) / 10;
  return `${sign(pct)}${Math.abs(pct).toLocaleString('en-US')}%`;
}

/** A date value of a row (ISO text, "YYYY-MM-DD hh:mm:ss", a Date) as a UTC day, or null. */
export function toDay(v: unknown): Date | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : startOfDay(v);
  if (typeof v !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) ? null : d;
}
const startOfDay = (d: Date): Date => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
export const addDays = (d: Date, n: number): Date => new Date(d.getTime() + n * DAY);
export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

/** The first day after the bucket that starts at `start` (weeks start on Monday in every dialect). */
export function bucketEnd(start: Date, grain: TTimeGrain): Date {
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth();
  if (grain === 'day') return addDays(start, 1);
  if (grain === 'week') return addDays(start, 7);
  if (grain === 'month') return new Date(Date.UTC(y, m + 1, 1));
  if (grain === 'quarter') return new Date(Date.UTC(y, m + 3, 1));
  return new Date(Date.UTC(y + 1, 0, 1));
}

export const shortDay = (d: Date): string => `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
const longDay = (d: Date): string => `${shortDay(d)}, ${d.getUTCFullYear()}`;

/** A time bucket as people name it: "Nov 2026", "Q4 2026", "Week of Nov 16, 2026". */
export function bucketLabel(start: Date, grain: TTimeGrain): string {
  const y = start.getUTCFullYear();
  if (grain === 'year') return String(y);
  if (grain === 'quarter') return `Q${Math.floor(start.getUTCMonth() / 3) + 1} ${y}`;
  if (grain === 'month') return `${MONTHS[start.getUTCMonth()]} ${y}`;
  if (grain === 'week') return `Week of ${longDay(start)}`;
  return longDay(start);
}

/** Days from `from` to the day before `toExclusive`: "Oct 1–31, 2026", "Oct 1 – Nov 22, 2026". */
export function rangeText(from: Date | null, toExclusive: Date | null): string {
  const last = toExclusive ? addDays(toExclusive, -1) : null;
  if (from && last) {
    if (last.getTime() < from.getTime()) return `no days (${longDay(from)})`;
    if (from.getTime() === last.getTime()) return longDay(from);
    if (from.getUTCFullYear() !== last.getUTCFullYear()) return `${longDay(from)} – ${longDay(last)}`;
    if (from.getUTCMonth() !== last.getUTCMonth())
      return `${shortDay(from)} – ${shortDay(last)}, ${last.getUTCFullYear()}`;
    return `${shortDay(from)}–${last.getUTCDate()}, ${last.getUTCFullYear()}`;
  }
  if (from) return `since ${longDay(from)}`;
  if (last) return `up to ${longDay(last)}`;
  return 'all dates';
}

export const GRAIN_PLURAL: Record<TTimeGrain, string> = {
  day: 'days',
  week: 'weeks',
  month: 'months',
  quarter: 'quarters',
  year: 'years',
};
