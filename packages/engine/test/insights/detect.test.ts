import { describe, expect, it } from 'vitest';
import { detectAnomalies, detectorSettings } from '../../src/insights';

function noisy(n: number, seed = 7) {
  let a = seed;
  const rnd = () => (a = (a * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, (_, i) => 100 + 10 * Math.sin((2 * Math.PI * i) / 52) + (rnd() - 0.5) * 6);
}

describe('detectAnomalies', () => {
  it('finds a level drop, a spike and nothing in the unchanged series', () => {
    const base = noisy(120);
    expect(detectAnomalies(base, { season: 52, level: 8, spread: 26, threshold: 4 })).toEqual([]);
    const dropped = base.map((v, i) => (i >= 110 ? v * 0.6 : v));
    const drop = detectAnomalies(dropped, { season: 52, level: 8, spread: 26, threshold: 4 });
    expect(drop.map((a) => a.index)).toContain(110);
    expect(drop.every((a) => a.score < 0)).toBe(true);
    const spiked = base.map((v, i) => (i === 90 ? v * 2 : v));
    expect(
      detectAnomalies(spiked, { season: 52, level: 8, spread: 26, threshold: 4 }).map((a) => a.index),
    ).toEqual([90]);
  });

  it('is causal: later points do not change earlier alerts', () => {
    const series = noisy(120).map((v, i) => (i >= 100 ? v + 40 : v));
    const full = detectAnomalies(series, { threshold: 4 }).filter((a) => a.index <= 100);
    const cut = detectAnomalies(series.slice(0, 101), { threshold: 4 });
    expect(cut).toEqual(full);
  });

  it('handles flat and short series without alerts or errors', () => {
    expect(detectAnomalies(new Array(60).fill(5))).toEqual([]);
    expect(detectAnomalies([1, 2, 3])).toEqual([]);
    expect(detectAnomalies([])).toEqual([]);
  });

  it('stays quiet for the cooldown after an alert', () => {
    const series = noisy(120).map((v, i) => (i >= 100 ? v + 60 : v));
    const alerts = detectAnomalies(series, { season: 52, level: 8, spread: 26, threshold: 4, cooldown: 50 });
    expect(alerts.filter((a) => a.index >= 100)).toHaveLength(1);
  });
});

describe('novelty record', () => {
  // A burst of +40 at 70, then +70 at 90 (inside the cooldown of the alert at 70) and again at
  // 110: the burst at 110 is no bigger than the one the series made while the detector was quiet,
  // so it is not new.
  const flat = noisy(130).map((v, i) => v - 10 * Math.sin((2 * Math.PI * i) / 52));
  const bursty = flat.map((v, i) => (i === 70 ? v + 40 : i === 90 || i === 110 ? v + 70 : v));
  const options = { level: 8, spread: 26, threshold: 4, novelty: 1.2, warmup: 30 };

  it('counts what the series did during a cooldown as part of its normal life', () => {
    const alerts = detectAnomalies(bursty, { ...options, cooldown: 30 });
    expect(alerts.map((a) => a.index)).toEqual([70]);
  });

  it('still raises a burst larger than any before it', () => {
    const bigger = bursty.map((v, i) => (i === 110 ? v + 40 : v));
    const alerts = detectAnomalies(bigger, { ...options, cooldown: 30 });
    expect(alerts.map((a) => a.index)).toEqual([70, 110]);
  });
});

describe('range floor', () => {
  // A metric that idles at about 0.13 with tiny jitter and has once spiked to 100: a dip to 0.10
  // is many times its jitter, but a sliver of the range it has spanned.
  let a = 11;
  const rnd = () => (a = (a * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const idle = Array.from({ length: 200 }, (_, i) => (i === 40 ? 100 : 0.13 + (rnd() - 0.5) * 0.004));
  const dipped = idle.map((v, i) => (i >= 150 ? v - 0.03 : v));
  const options = { level: 8, spread: 26, threshold: 4, windows: [1, 12], warmup: 60 };

  it('raises a move that is large against the noise when no floor is set', () => {
    expect(detectAnomalies(dipped, options).some((x) => x.index >= 150)).toBe(true);
  });

  it('ignores it when the move is under the share of the range set as the floor', () => {
    expect(detectAnomalies(dipped, { ...options, rangeFloor: 0.02 })).toEqual([]);
  });

  it('still raises a move beyond the floor', () => {
    const jumped = idle.map((v, i) => (i >= 150 ? v + 10 : v));
    const alerts = detectAnomalies(jumped, { ...options, rangeFloor: 0.02 });
    expect(alerts.map((x) => x.index)).toContain(150);
  });
});

describe('detectorSettings threshold', () => {
  const at = (stepMinutes: number) =>
    detectorSettings(stepMinutes * 60_000, 5000, { sensitivity: 'balanced' }).threshold!;

  it('keeps the bar of daily and coarser series and raises it with the points a day', () => {
    expect(at(1440)).toBe(4);
    expect(at(7 * 1440)).toBe(4);
    expect(at(60)).toBeGreaterThan(at(1440));
    expect(at(5)).toBeGreaterThan(at(60));
    expect(at(5)).toBeCloseTo(4 * 2.3);
  });
});
