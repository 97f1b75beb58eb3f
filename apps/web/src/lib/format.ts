// How the app words times, dates and numbers: one place, so that two screens never show the same
// age or count differently. Counts and the wording around them are English (en-US); dates and
// card values follow the reader's locale.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** Milliseconds from `time` (ISO text or epoch ms) to `now`; NaN when `time` is unreadable. */
export function ageMs(time: string | number, now = Date.now()): number {
  return now - (typeof time === 'number' ? time : new Date(time).getTime());
}

interface TimeAgoOptions {
  now?: number;
  /** Under this age (ms) the text is `justNow` instead of a number of minutes or hours. */
  justNowUnder?: number;
  justNow?: string;
}

/**
 * "N minutes ago" under an hour, "N hours ago" under a day, else "N days ago" (spec document 1
 * §9). Every unit counts whole units elapsed, rounded down, so an age never shows more than has
 * passed: 59 minutes is "59 minutes ago", 1 h 59 min "1 hour ago", 47 h "1 day ago". A time in the
 * future (clock skew) counts as now; an unreadable one is "".
 */
export function formatTimeAgo(time: string | number, options: TimeAgoOptions = {}): string {
  const { now = Date.now(), justNowUnder = 0, justNow = 'Just now' } = options;
  const ms = Math.max(0, ageMs(time, now));
  if (!Number.isFinite(ms)) return '';
  if (ms < justNowUnder) return justNow;
  if (ms < HOUR) return `${plural(Math.floor(ms / MINUTE), 'minute')} ago`;
  if (ms < DAY) return `${plural(Math.floor(ms / HOUR), 'hour')} ago`;
  return `${plural(Math.floor(ms / DAY), 'day')} ago`;
}

/** "less than a minute", "5 minutes", "about 1 hour", "3 days" (as in 'Saved about 1 hour ago'). */
export function formatDistance(fromMs: number, toMs: number): string {
  const s = Math.max(0, Math.round((toMs - fromMs) / 1000));
  const m = Math.round(s / 60);
  if (s < 30) return 'less than a minute';
  if (m < 2) return '1 minute';
  if (m < 45) return `${m} minutes`;
  const h = Math.round(m / 60);
  if (m < 90) return 'about 1 hour';
  if (h < 24) return `about ${h} hours`;
  const d = Math.round(h / 24);
  return d === 1 ? '1 day' : `${d} days`;
}

/** "Mar 4, 2026" in the reader's locale. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** "Mar 4, 2026, 10:05 AM" in the reader's locale. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

const TIMESTAMP = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "Mar 4, 2026, 14:05:09": en-US, 24-hour, with seconds (an updated-on time, spec document 2 §2.4); "—" when unreadable. */
export function formatTimestamp(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : TIMESTAMP.format(d);
}

/** A count with thousands separators: "12,345". */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** "1 row", "12,345 rows". */
export const formatRows = (n: number) => `${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`;

/** Bytes as the server words them: "512 B", "12 KB", "4.5 MB", "5 GB" (1 KB = 1024 bytes). */
export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${+(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${+(n / 1024 ** 2).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} B`;
}

/**
 * How a card shows a number, from the format the engine sends with it (`TValueFormat`): a rate
 * as a percentage of its fraction, money in its currency, anything else as a number — in the
 * reader's locale. Without a format a number shows with up to 2 decimals.
 */
export interface ValueFormat {
  style: 'number' | 'percent' | 'currency';
  currency?: string;
}

const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(undefined, options);
    } catch {
      // An unknown currency code: fall back to a plain number rather than failing the card.
      f = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
    }
    formatters.set(key, f);
  }
  return f;
}

/** A value in full: "$2,202,447", "39.4%", "1,234.57". */
export function formatValue(v: number, format?: ValueFormat | null): string {
  if (format?.style === 'percent')
    return numberFormat('percent', { style: 'percent', maximumFractionDigits: 1 }).format(v);
  if (format?.style === 'currency') {
    const big = Math.abs(v) >= 1000;
    const currency = format.currency ?? 'USD';
    return numberFormat(`currency:${currency}:${big}`, {
      style: 'currency',
      currency,
      maximumFractionDigits: big ? 0 : 2,
      minimumFractionDigits: big ? 0 : undefined,
    }).format(v);
  }
  return numberFormat('number', { maximumFractionDigits: 2 }).format(v);
}

/** A value for an axis: short ("$2.2M", "40%", "12K"). */
export function formatAxis(v: number, format?: ValueFormat | null): string {
  if (format?.style === 'percent')
    return numberFormat('axis-percent', { style: 'percent', maximumFractionDigits: 1 }).format(v);
  if (format?.style === 'currency') {
    const currency = format.currency ?? 'USD';
    return numberFormat(`axis-currency:${currency}`, {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    }).format(v);
  }
  return numberFormat('axis-number', { notation: 'compact', maximumFractionDigits: 1 }).format(v);
}

/**
 * The change from `previous` to `value`: in points for percentages ("+0.4 pts"), else relative
 * ("+8.6%"). `relative` is the engine's relative change when there is no previous value.
 */
export function formatChange(
  relative: number | null | undefined,
  format?: ValueFormat | null,
  value?: number | string | null,
  previous?: number | null,
): string | null {
  const sign = (x: number) => (x < 0 ? '-' : '+');
  if (format?.style === 'percent' && typeof value === 'number' && typeof previous === 'number') {
    const points = Math.round((value - previous) * 1000) / 10;
    return `${sign(points)}${numberFormat('points', { maximumFractionDigits: 1 }).format(Math.abs(points))} pts`;
  }
  if (typeof relative !== 'number' || !Number.isFinite(relative)) return null;
  return `${sign(relative)}${numberFormat('change', { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(Math.abs(relative) * 100)}%`;
}
