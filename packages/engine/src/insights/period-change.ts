/**
 * Period-over-period change of a business series: the latest complete period against the one
 * before and against the same period a year earlier (when the data reaches back that far).
 * Periods are calendar periods in UTC; the latest period counts as complete only when the data
 * holds a point in the period after it, or `now` is past its end.
 */
export type Grain = 'day' | 'week' | 'month' | 'quarter' | 'year';

export interface PeriodTotal {
  start: string;
  value: number;
  points: number;
}

export interface PeriodChange {
  grain: Grain;
  current: PeriodTotal;
  previous: PeriodTotal | null;
  lastYear: PeriodTotal | null;
  /** current - previous, and relative to |previous| (null when previous is missing or 0). */
  change: number | null;
  relativeChange: number | null;
  changeVsLastYear: number | null;
  relativeChangeVsLastYear: number | null;
}

const DAY = 86_400_000;

export function periodStart(t: Date, grain: Grain): Date {
  const y = t.getUTCFullYear();
  const m = t.getUTCMonth();
  switch (grain) {
    case 'day':
      return new Date(Date.UTC(y, m, t.getUTCDate()));
    case 'week': {
      const d = Date.UTC(y, m, t.getUTCDate());
      const dow = (new Date(d).getUTCDay() + 6) % 7; // Monday-based weeks
      return new Date(d - dow * DAY);
    }
    case 'month':
      return new Date(Date.UTC(y, m, 1));
    case 'quarter':
      return new Date(Date.UTC(y, m - (m % 3), 1));
    case 'year':
      return new Date(Date.UTC(y, 0, 1));
  }
}

export function shiftPeriod(start: Date, grain: Grain, n: number): Date {
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth();
  switch (grain) {
    case 'day':
      return new Date(start.getTime() + n * DAY);
    case 'week':
      return new Date(start.getTime() + n * 7 * DAY);
    case 'month':
      return new Date(Date.UTC(y, m + n, 1));
    case 'quarter':
      return new Date(Date.UTC(y, m + 3 * n, 1));
    case 'year':
      return new Date(Date.UTC(y + n, 0, 1));
  }
}

const toDate = (t: Date | string) =>
  t instanceof Date ? t : new Date(/^\d{4}-\d\d-\d\d \d/.test(t) ? t.replace(' ', 'T') + 'Z' : t);

/** Sums values per period. Returns null when no complete period exists. */
export function periodChange(
  series: { t: Date | string; v: number }[],
  grain: Grain,
  options: { now?: Date; aggregate?: 'sum' | 'mean' } = {},
): PeriodChange | null {
  const buckets = new Map<number, { sum: number; n: number }>();
  let latest = -Infinity;
  for (const p of series) {
    const d = toDate(p.t);
    if (Number.isNaN(d.getTime()) || !Number.isFinite(p.v)) continue;
    const k = periodStart(d, grain).getTime();
    const b = buckets.get(k) ?? { sum: 0, n: 0 };
    b.sum += p.v;
    b.n += 1;
    buckets.set(k, b);
    latest = Math.max(latest, k);
  }
  if (!buckets.size) return null;
  const now = options.now?.getTime();
  const latestEnd = shiftPeriod(new Date(latest), grain, 1).getTime();
  const complete = now !== undefined ? now >= latestEnd : false;
  const current = complete ? latest : shiftPeriod(new Date(latest), grain, -1).getTime();
  const total = (k: number): PeriodTotal | null => {
    const b = buckets.get(k);
    if (!b) return null;
    return {
      start: new Date(k).toISOString(),
      value: options.aggregate === 'mean' ? b.sum / b.n : b.sum,
      points: b.n,
    };
  };
  const cur = total(current);
  if (!cur) return null;
  const previous = total(shiftPeriod(new Date(current), grain, -1).getTime());
  const yearAgo =
    grain === 'week'
      ? shiftPeriod(new Date(current), 'week', -52)
      : grain === 'year'
        ? null
        : grain === 'day'
          ? shiftPeriod(new Date(current), 'day', -364)
          : shiftPeriod(new Date(current), 'month', -12);
  const lastYear = yearAgo ? total(yearAgo.getTime()) : null;
  const rel = (x: PeriodTotal | null) =>
    x && x.value !== 0 ? (cur.value - x.value) / Math.abs(x.value) : null;
  return {
    grain,
    current: cur,
    previous,
    lastYear,
    change: previous ? cur.value - previous.value : null,
    relativeChange: rel(previous),
    changeVsLastYear: lastYear ? cur.value - lastYear.value : null,
    relativeChangeVsLastYear: rel(lastYear),
  };
}
