/**
 * How a card shows a number, from the format the engine sends with it (`TValueFormat`): a rate
 * as a percentage of its fraction, money in its currency, anything else as a number — in the
 * reader's locale. Without a format a number shows as before (up to 2 decimals).
 */
export interface ValueFormat {
  style: 'number' | 'percent' | 'currency';
  currency?: string;
}

const cache = new Map<string, Intl.NumberFormat>();
function formatter(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let f = cache.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(undefined, options);
    } catch {
      // An unknown currency code: fall back to a plain number rather than failing the card.
      f = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
    }
    cache.set(key, f);
  }
  return f;
}

/** A value in full: "$2,202,447", "39.4%", "1,234.57". */
export function formatValue(v: number, format?: ValueFormat | null): string {
  if (format?.style === 'percent')
    return formatter('percent', { style: 'percent', maximumFractionDigits: 1 }).format(v);
  if (format?.style === 'currency') {
    const big = Math.abs(v) >= 1000;
    const currency = format.currency ?? 'USD';
    return formatter(`currency:${currency}:${big}`, {
      style: 'currency',
      currency,
      maximumFractionDigits: big ? 0 : 2,
      minimumFractionDigits: big ? 0 : undefined,
    }).format(v);
  }
  return formatter('number', { maximumFractionDigits: 2 }).format(v);
}

/** A value for an axis: short ("$2.2M", "40%", "12K"). */
export function formatAxis(v: number, format?: ValueFormat | null): string {
  if (format?.style === 'percent')
    return formatter('axis-percent', { style: 'percent', maximumFractionDigits: 1 }).format(v);
  if (format?.style === 'currency') {
    const currency = format.currency ?? 'USD';
    return formatter(`axis-currency:${currency}`, {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    }).format(v);
  }
  return formatter('axis-number', { notation: 'compact', maximumFractionDigits: 1 }).format(v);
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
    return `${sign(points)}${formatter('points', { maximumFractionDigits: 1 }).format(Math.abs(points))} pts`;
  }
  if (typeof relative !== 'number' || !Number.isFinite(relative)) return null;
  return `${sign(relative)}${formatter('change', { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(Math.abs(relative) * 100)}%`;
}
