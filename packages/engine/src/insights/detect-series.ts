import { detectAnomalies as detectValues, SENSITIVITY, type DetectOptions } from './detect';

export type Sensitivity = keyof typeof SENSITIVITY;

export interface SeriesPoint {
  t: Date | string;
  v: number;
}

export interface SeriesDetectOptions {
  sensitivity: Sensitivity;
  /** Points per season, 0 for none, or 'auto' (from the sampling interval: a day of intraday points, a week of days, a year of weeks or months). */
  seasonality?: number | 'auto';
}

export interface SeriesAlert {
  /** ISO timestamp of the alerting point. */
  t: string;
  /** Index in the cleaned series (sorted by time, repeated timestamps merged). */
  index: number;
  value: number;
  /** Robust score: residual over the scaled MAD of past residuals; sign = direction. */
  score: number;
}

const DAY = 86_400_000;

const toMs = (t: Date | string) => (t instanceof Date ? t.getTime() : Date.parse(/^\d{4}-\d\d-\d\d \d/.test(t) ? t.replace(' ', 'T') + 'Z' : t));

/** Sorts by time, drops unparseable points, merges repeated timestamps into their mean. */
export function cleanSeries(series: SeriesPoint[]): { ms: number[]; v: number[] } {
  const pts = series.map((p) => ({ ms: toMs(p.t), v: p.v })).filter((p) => Number.isFinite(p.ms) && Number.isFinite(p.v));
  pts.sort((a, b) => a.ms - b.ms);
  const ms: number[] = [];
  const v: number[] = [];
  let n = 0;
  for (const p of pts) {
    if (ms.length && ms[ms.length - 1] === p.ms) {
      n += 1;
      v[v.length - 1] = v[v.length - 1]! + (p.v - v[v.length - 1]!) / n;
    } else {
      ms.push(p.ms);
      v.push(p.v);
      n = 1;
    }
  }
  return { ms, v };
}

/** The median sampling interval, robust to gaps and irregular points. */
export function typicalStep(ms: number[]): number {
  const steps: number[] = [];
  for (let i = 1; i < ms.length; i++) steps.push(ms[i]! - ms[i - 1]!);
  steps.sort((a, b) => a - b);
  return steps[steps.length >> 1] ?? DAY;
}

function autoSeason(step: number): number {
  if (step <= 2 * 3_600_000) return Math.round(DAY / step); // intraday: one day
  if (step <= 1.5 * DAY) return 7; // daily: one week
  if (step <= 8 * DAY) return 52; // weekly: one year
  if (step <= 32 * DAY) return 12; // monthly: one year
  return 0;
}

/** The parameters the detector uses for a series sampled every `step` ms. */
export function detectorSettings(step: number, n: number, options: SeriesDetectOptions): DetectOptions {
  const perDay = Math.max(1, Math.round(DAY / step));
  const wanted = options.seasonality === undefined || options.seasonality === 'auto' ? autoSeason(step) : Math.max(0, Math.round(options.seasonality));
  const level = Math.max(6, Math.round(perDay / 24));
  // A season is used only when the data holds two of them before scoring can lean on it.
  const season = wanted >= 2 && n >= 2 * wanted + level ? wanted : 0;
  // Many points a day mean many tests a day: raise the bar with log(points per day) so that a
  // 5-minute series does not raise more false alerts per day than a daily one.
  const threshold = SENSITIVITY[options.sensitivity] * (1 + Math.log10(perDay) / Math.log10(288));
  // A series whose normal life is bursty must do something it has not done before (1.2 x its
  // largest earlier score): this halves false alerts on machine metrics at a small recall cost.
  const novelty = 1.2;
  return {
    season,
    level,
    spread: Math.max(26, perDay),
    threshold,
    // One alert per episode: quiet for three days of points (at least three points).
    cooldown: Math.max(3, perDay * 3),
    novelty,
    warmup: Math.min(Math.max(level * 2, perDay), Math.floor(n / 2)),
  };
}

/**
 * Causal anomaly alerts on a time series: each point is scored only against the points before
 * it (seasonal baseline + robust MAD scale), one alert per episode, sensitivity = the use case's
 * risk tolerance.
 */
export function detectSeriesAnomalies(series: SeriesPoint[], options: SeriesDetectOptions): SeriesAlert[] {
  const { ms, v } = cleanSeries(series);
  if (v.length < 8) return [];
  const settings = detectorSettings(typicalStep(ms), v.length, options);
  return detectValues(v, settings).map((a) => ({ t: new Date(ms[a.index]!).toISOString(), index: a.index, value: v[a.index]!, score: a.score }));
}
