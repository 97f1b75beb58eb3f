import { describe, expect, it } from 'vitest';
import { detectAnomalies, latestShifts, scanMetrics, type MeasureSeries } from '../../src/insights';

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WEEK = 7 * 86_400_000;
const START = Date.UTC(2024, 10, 25); // a Monday
const REGIONS: [string, number][] = [
  ['North', 0.35],
  ['South', 0.3],
  ['East', 0.2],
  ['West', 0.15],
];
const CHANNELS: [string, number][] = [
  ['Online', 0.6],
  ['Store', 0.4],
];

interface Options {
  seed: number;
  weeks?: number;
  /** In the last 3 weeks, this share of the region's orders is lost. */
  drop?: { region: string; share: number };
  /** In the last 3 weeks, every order is worth this much more. */
  lift?: number;
}

/**
 * Weekly orders of a business with a yearly pattern (and a step up in November), growth and
 * noise, summed by week in total, by region and by channel the way the scan's SQL would.
 */
function business(o: Options): MeasureSeries[] {
  const r = rng(o.seed);
  const pick = (items: [string, number][]) => {
    let x = r();
    for (const [name, w] of items) if ((x -= w) <= 0) return name;
    return items[items.length - 1]![0];
  };
  const weeks = o.weeks ?? 104;
  const sums = new Map<string, { quantity: number; revenue: number; orders: number; returned: number }[]>();
  const add = (key: string, w: number, q: number, v: number, ret: boolean) => {
    let s = sums.get(key);
    if (!s)
      sums.set(
        key,
        (s = Array.from({ length: weeks }, () => ({ quantity: 0, revenue: 0, orders: 0, returned: 0 }))),
      );
    s[w]!.quantity += q;
    s[w]!.revenue += v;
    s[w]!.orders += 1;
    s[w]!.returned += ret ? 1 : 0;
  };
  for (let w = 0; w < weeks; w++) {
    const month = new Date(START + w * WEEK).getUTCMonth();
    const season = 1 + 0.15 * Math.cos(((month - 11) / 12) * 2 * Math.PI) + (month >= 10 ? 0.12 : 0);
    const count = Math.round(600 * season * (1 + (0.1 * w) / 52) * (0.95 + 0.1 * r()));
    const last = w >= weeks - 3;
    for (let i = 0; i < count; i++) {
      const region = pick(REGIONS);
      if (last && o.drop?.region === region && r() < o.drop.share) continue;
      const channel = pick(CHANNELS);
      const quantity = 1 + Math.floor(r() * 3);
      const value = quantity * 40 * Math.exp(0.8 * (r() + r() + r() - 1.5)) * (last ? (o.lift ?? 1) : 1);
      const returned = r() < 0.05;
      for (const key of ['*', `region=${region}`, `channel=${channel}`])
        add(key, w, quantity, value, returned);
    }
  }
  const seriesOf = (
    key: string,
    f: (s: { quantity: number; revenue: number; orders: number; returned: number }) => number,
  ) => sums.get(key)!.map((s, w) => ({ t: new Date(START + w * WEEK).toISOString().slice(0, 10), v: f(s) }));
  const measure = (
    key: string,
    additive: boolean,
    f: (s: { quantity: number; revenue: number; orders: number; returned: number }) => number,
  ): MeasureSeries => ({
    key,
    additive,
    total: seriesOf('*', f),
    segments: [...sums.keys()]
      .filter((k) => k !== '*')
      .map((k) => ({
        attribute: k.split('=')[0]!,
        value: k.split('=')[1]!,
        series: seriesOf(k, f),
        weights: seriesOf(k, (s) => s.orders),
      })),
  });
  return [
    measure('Quantity', true, (s) => s.quantity),
    measure('Revenue', true, (s) => s.revenue),
    measure('Return Rate', false, (s) => s.returned / s.orders),
  ];
}

const names = (found: ReturnType<typeof scanMetrics>) =>
  found.map((f) => `${f.measure} ${f.segment ? f.segment.value : 'total'}`).sort();

describe('scanMetrics on weekly business series', () => {
  it('raises nothing on an unchanged business, whatever the noise', () => {
    for (const seed of [1, 2, 3, 4, 5, 6])
      expect(names(scanMetrics({ measures: business({ seed }), risk: 'balanced' })), `seed ${seed}`).toEqual(
        [],
      );
  });

  it('finds a region losing 40 % of its orders over three weeks, with its other measures and the right driver', () => {
    for (const seed of [1, 2, 3, 4]) {
      const found = scanMetrics({
        measures: business({ seed, drop: { region: 'East', share: 0.4 } }),
        risk: 'balanced',
      });
      const east = found.filter((f) => f.segment?.value === 'East');
      expect(east.map((f) => f.measure).sort(), `seed ${seed}: ${names(found).join(', ')}`).toEqual([
        'Quantity',
        'Revenue',
      ]);
      for (const f of east) {
        expect(f.relativeChange).toBeLessThan(-0.25);
        expect(f.periods).toBeGreaterThanOrEqual(2);
      }
      // The other regions' shares rose, and every channel lost East's orders: neither is a finding of its own.
      expect(found.filter((f) => f.segment && f.segment.value !== 'East')).toEqual([]);
      for (const total of found.filter((f) => f.segment === null))
        expect(total.drivers[0]).toMatchObject({ attribute: 'region', value: 'East' });
    }
  });

  it('raises a move of the whole business on the total, not on every segment', () => {
    const found = scanMetrics({ measures: business({ seed: 7, lift: 1.5 }), risk: 'balanced' });
    expect(names(found)).toEqual(['Revenue total']);
    expect(found[0]!.relativeChange).toBeGreaterThan(0.3);
  });

  it('hears about smaller moves with a lower risk tolerance', () => {
    const measures = business({ seed: 3, drop: { region: 'West', share: 0.25 } });
    const count = (risk: 'conservative' | 'balanced' | 'aggressive') =>
      scanMetrics({ measures, risk }).length;
    expect(count('conservative')).toBeGreaterThanOrEqual(count('balanced'));
    expect(count('balanced')).toBeGreaterThanOrEqual(count('aggressive'));
    expect(count('conservative')).toBeGreaterThan(0);
  });
});

describe('latestShifts', () => {
  it('scores the mean of the last weeks: a sustained drop stands out where no single week does', () => {
    const revenue = business({ seed: 2, drop: { region: 'North', share: 0.3 } })[1]!;
    const series = revenue.segments!.find((s) => s.value === 'North')!.series;
    const shifts = latestShifts(series, { sensitivity: 'balanced', reference: revenue.total });
    expect(shifts.map((s) => s.window)).toEqual([1, 2, 3]);
    const [one, , three] = shifts;
    expect(one!.alert).toBe(false);
    expect(Math.abs(three!.score)).toBeGreaterThan(Math.abs(one!.score));
    expect(three!.alert).toBe(true);
    expect(three!.relativeChange).toBeLessThan(-0.2);
    expect(three!.from).toBe(`${series[series.length - 3]!.t}T00:00:00.000Z`);
  });

  it('uses last year only where it predicts better: a rate without a yearly pattern is judged against its recent level', () => {
    const rate = business({ seed: 4 })[2]!.total.map((p, i, all) =>
      i >= all.length - 2 ? { ...p, v: p.v * 2 } : p,
    );
    const shifts = latestShifts(rate, { sensitivity: 'balanced' });
    expect(shifts.find((s) => s.window === 2)).toMatchObject({ alert: true });
    expect(shifts.find((s) => s.window === 2)!.relativeChange).toBeGreaterThan(0.6);
  });

  it('takes a segment’s season from the whole it belongs to: the November step is expected', () => {
    const [, revenue] = business({ seed: 5, weeks: 104 });
    for (const segment of revenue!.segments!) {
      const shifts = latestShifts(segment.series, { sensitivity: 'balanced', reference: revenue!.total });
      for (const s of shifts) expect(Math.abs(s.score), `${segment.value} w${s.window}`).toBeLessThan(3.5);
    }
  });
});

describe('detectAnomalies warm-up', () => {
  it('remembers the scores it saw while warming up: a bursty series must beat them to alert', () => {
    const r = rng(9);
    // Bursts from the start, a level shift later: the bursts are its normal life, the shift is not.
    const values = Array.from(
      { length: 400 },
      (_, i) => 10 + r() + (i % 37 === 5 ? 25 : 0) + (i >= 350 ? 60 : 0),
    );
    const alerts = detectAnomalies(values, {
      level: 8,
      spread: 40,
      threshold: 4,
      warmup: 120,
      novelty: 1.2,
      cooldown: 20,
    });
    expect(alerts.map((a) => a.index)).toEqual([350]);
  });
});
