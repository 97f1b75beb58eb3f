import { describe, expect, it } from 'vitest';
import { detectSeriesAnomalies, explainChange, impactLevel, periodChange } from '../../src/insights';

function rng(seed: number) {
  let a = seed;
  return () => (a = (a * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** Daily series: weekly pattern + slow trend + noise, from 2025-01-06. */
function daily(n: number, seed = 3) {
  const r = rng(seed);
  const start = Date.UTC(2025, 0, 6);
  return Array.from({ length: n }, (_, i) => ({
    t: new Date(start + i * 86_400_000).toISOString(),
    v: 1000 + 2 * i + 150 * Math.sin((2 * Math.PI * i) / 7) + (r() - 0.5) * 40,
  }));
}

const inRange = (alerts: { index: number }[], from: number, to: number) =>
  alerts.some((a) => a.index >= from && a.index <= to);

describe('detectSeriesAnomalies', () => {
  it('raises nothing on an unchanged noisy seasonal series', () => {
    for (const seed of [1, 2, 3])
      expect(detectSeriesAnomalies(daily(200, seed), { sensitivity: 'balanced' })).toEqual([]);
  });

  it('finds a level shift, a spike and a drift, once per episode', () => {
    const shift = daily(200).map((p, i) => (i >= 150 ? { ...p, v: p.v * 0.6 } : p));
    const found = detectSeriesAnomalies(shift, { sensitivity: 'balanced' });
    expect(inRange(found, 150, 152)).toBe(true);
    expect(found.filter((a) => a.index >= 150 && a.index < 153)).toHaveLength(1);
    expect(found[0]!.score).toBeLessThan(0);

    const spike = daily(200).map((p, i) => (i === 120 ? { ...p, v: p.v * 2 } : p));
    expect(detectSeriesAnomalies(spike, { sensitivity: 'balanced' }).map((a) => a.index)).toEqual([120]);

    const drift = daily(200).map((p, i) => (i >= 140 ? { ...p, v: p.v + 25 * (i - 140) } : p));
    expect(inRange(detectSeriesAnomalies(drift, { sensitivity: 'balanced' }), 140, 160)).toBe(true);
  });

  it('is causal: later points do not change earlier alerts', () => {
    const s = daily(200).map((p, i) =>
      i === 120 ? { ...p, v: p.v * 2 } : i >= 170 ? { ...p, v: p.v * 0.5 } : p,
    );
    const full = detectSeriesAnomalies(s, { sensitivity: 'balanced' }).filter((a) => a.index <= 130);
    expect(detectSeriesAnomalies(s.slice(0, 131), { sensitivity: 'balanced' })).toEqual(full);
  });

  it('handles flat, short, repeated and irregular series', () => {
    const flat = Array.from({ length: 100 }, (_, i) => ({
      t: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000),
      v: 5,
    }));
    expect(detectSeriesAnomalies(flat, { sensitivity: 'aggressive' })).toEqual([]);
    expect(detectSeriesAnomalies(flat.slice(0, 3), { sensitivity: 'balanced' })).toEqual([]);
    expect(detectSeriesAnomalies([], { sensitivity: 'balanced' })).toEqual([]);
    const repeated = [...flat, ...flat].map((p) => ({
      t: p.t.toISOString().replace('T', ' ').slice(0, 19),
      v: p.v,
    }));
    expect(detectSeriesAnomalies(repeated, { sensitivity: 'balanced', seasonality: 24 })).toEqual([]);
    const irregular = daily(200).filter((_, i) => i % 5 !== 0 && !(i > 60 && i < 70));
    expect(() =>
      detectSeriesAnomalies(irregular, { sensitivity: 'conservative', seasonality: 'auto' }),
    ).not.toThrow();
  });

  it('a lower risk tolerance hears about smaller moves', () => {
    const s = daily(200).map((p, i) => (i === 120 ? { ...p, v: p.v + 150 } : p));
    const n = (sensitivity: 'conservative' | 'balanced' | 'aggressive') =>
      detectSeriesAnomalies(s, { sensitivity }).length;
    expect(n('conservative')).toBeGreaterThanOrEqual(n('balanced'));
    expect(n('balanced')).toBeGreaterThanOrEqual(n('aggressive'));
  });
});

describe('explainChange', () => {
  const before = [
    { region: 'North', channel: 'web', revenue: 100 },
    { region: 'South', channel: 'web', revenue: 80 },
    { region: 'East', channel: 'store', revenue: 50 },
  ];
  const after = [
    { region: 'North', channel: 'web', revenue: 105 },
    { region: 'South', channel: 'web', revenue: 30 },
    { region: 'East', channel: 'store', revenue: 60 },
  ];

  it('ranks the right driver first and contributions sum to the delta', () => {
    const r = explainChange({ before, after, measure: 'revenue', attributes: ['region', 'channel'] });
    expect(r.delta).toBe(-35);
    const regions = r.byAttribute.region!;
    expect(regions[0]).toMatchObject({ value: 'South', before: 80, after: 30, contribution: -50 });
    expect(regions[0]!.share).toBeCloseTo(50 / 35);
    // Its usual part: 80 of the 230 before the change.
    expect(regions[0]!.usual).toBeCloseTo(80 / 230);
    expect(regions.reduce((s, d) => s + d.contribution, 0)).toBeCloseTo(-35);
    expect(regions.reduce((s, d) => s + d.share, 0)).toBeCloseTo(1);
    expect(r.ranked[0]!.value).toBe('South');
    expect(r.byAttribute.channel!.map((d) => [d.value, d.contribution])).toEqual([
      ['web', -45],
      ['store', 10],
    ]);
  });

  it('splits a ratio change into mix and rate that add up to the change', () => {
    // conversion = orders / visits; mobile's rate falls from 0.1 to 0.05, desktop unchanged at 0.2.
    const b = [
      { device: 'desktop', orders: 20, visits: 100 },
      { device: 'mobile', orders: 10, visits: 100 },
    ];
    const a = [
      { device: 'desktop', orders: 20, visits: 100 },
      { device: 'mobile', orders: 5, visits: 100 },
    ];
    const r = explainChange({
      before: b,
      after: a,
      measure: { numerator: 'orders', denominator: 'visits' },
      attributes: ['device'],
    });
    expect(r.delta).toBeCloseTo(0.125 - 0.15);
    const [top] = r.byAttribute.device!;
    expect(top).toMatchObject({ value: 'mobile' });
    expect(top!.rate).toBeCloseTo(-0.025);
    expect(top!.mix).toBeCloseTo(0);
    // A ratio's value is weighed by its part of the denominator: half the visits.
    expect(top!.usual).toBeCloseTo(0.5);
    expect(r.byAttribute.device!.reduce((s, d) => s + d.contribution, 0)).toBeCloseTo(r.delta);
  });
});

describe('periodChange', () => {
  it('compares the latest complete month with the one before and a year earlier', () => {
    const s = [
      { t: '2024-03-10', v: 50 },
      { t: '2025-02-01', v: 80 },
      { t: '2025-02-20', v: 20 },
      { t: '2025-03-05', v: 60 },
      { t: '2025-03-25', v: 60 },
      { t: '2025-04-02', v: 999 },
    ];
    const r = periodChange(s, 'month')!;
    expect(r.current).toMatchObject({ start: '2025-03-01T00:00:00.000Z', value: 120 });
    expect(r.previous!.value).toBe(100);
    expect(r.relativeChange).toBeCloseTo(0.2);
    expect(r.lastYear!.value).toBe(50);
    expect(r.relativeChangeVsLastYear).toBeCloseTo(1.4);
    expect(periodChange(s, 'month', { now: new Date('2025-05-01') })!.current.value).toBe(999);
    expect(periodChange([], 'week')).toBeNull();
  });
});

describe('impactLevel', () => {
  it('grades by size, confidence and share of the business, scaled by risk tolerance', () => {
    expect(
      impactLevel({ relativeChange: -0.4, score: 9, shareOfBusiness: 0.6, riskTolerance: 'balanced' }),
    ).toBe('Critical Alert');
    expect(
      impactLevel({ relativeChange: -0.25, score: 4, shareOfBusiness: 0.1, riskTolerance: 'balanced' }),
    ).toBe('High Impact');
    expect(
      impactLevel({ relativeChange: 0.1, score: 2, shareOfBusiness: 0.1, riskTolerance: 'balanced' }),
    ).toBe('Medium Impact');
    expect(
      impactLevel({ relativeChange: 0.02, score: 1, shareOfBusiness: 0.5, riskTolerance: 'balanced' }),
    ).toBe('Low Impact');
    expect(
      impactLevel({ relativeChange: 0.06, score: 1, shareOfBusiness: 0.5, riskTolerance: 'conservative' }),
    ).toBe('Medium Impact');
    expect(
      impactLevel({ relativeChange: 0.1, score: 2, shareOfBusiness: 0.1, riskTolerance: 'aggressive' }),
    ).toBe('Low Impact');
  });
});
