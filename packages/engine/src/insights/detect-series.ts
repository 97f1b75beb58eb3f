import { detectAnomalies as detectValues, scoreSeries, SENSITIVITY, type DetectOptions } from './detect';

export type Sensitivity = keyof typeof SENSITIVITY;

export interface SeriesPoint {
  t: Date | string;
  v: number;
}

export interface SeriesDetectOptions {
  sensitivity: Sensitivity;
  /** Points per season, 0 for none, or 'auto' (from the sampling interval: a day of intraday points, a week of days, a year of weeks or months). */
  seasonality?: number | 'auto';
  /**
   * The series this one is a part of (a segment's total), on the same timestamps: its seasonal
   * shape, less noisy than the segment's own, sets the segment's expected values.
   */
  reference?: SeriesPoint[];
}

export interface SeriesAlert {
  /** ISO timestamp of the alerting point. */
  t: string;
  /** Index in the cleaned series (sorted by time, repeated timestamps merged). */
  index: number;
  value: number;
  /** Robust score: residual over the scaled MAD of past residuals; sign = direction. */
  score: number;
  /** Points in the scored window ending at the alert (a sustained shift spans several). */
  window: number;
  /** ISO timestamp of the window's first point. */
  from: string;
  /** Mean of the window's values, and what the detector expected there. */
  actual: number;
  expected: number;
}

const DAY = 86_400_000;

const toMs = (t: Date | string) =>
  t instanceof Date ? t.getTime() : Date.parse(/^\d{4}-\d\d-\d\d \d/.test(t) ? t.replace(' ', 'T') + 'Z' : t);

/** Sorts by time, drops unparseable points, merges repeated timestamps into their mean. */
export function cleanSeries(series: SeriesPoint[]): { ms: number[]; v: number[] } {
  const pts = series
    .map((p) => ({ ms: toMs(p.t), v: p.v }))
    .filter((p) => Number.isFinite(p.ms) && Number.isFinite(p.v));
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

/** The parameters the detector uses for a series of `n` points sampled every `step` ms. */
export function detectorSettings(step: number, n: number, options: SeriesDetectOptions): DetectOptions {
  const perDay = Math.max(1, Math.round(DAY / step));
  const intraday = step <= 2 * 3_600_000;
  const wanted =
    options.seasonality === undefined || options.seasonality === 'auto'
      ? autoSeason(step)
      : Math.max(0, Math.round(options.seasonality));
  // The recent level: an hour of intraday points, two weeks of days, a quarter of weeks, half a year of months.
  const level = intraday
    ? Math.max(6, Math.round(perDay / 24))
    : step <= 1.5 * DAY
      ? 14
      : step <= 8 * DAY
        ? 13
        : 6;
  // A season is used only when the data holds one season and a level to learn from, and half a
  // spread window of seasonal residuals to judge it by (two years of weeks, even when a partial
  // first week is left out).
  const season = wanted >= 2 && n >= wanted + level + Math.max(26, wanted) / 2 ? wanted : 0;
  // Many points a day mean many tests a day: raise the bar with log(points per day) so that a
  // 5-minute series does not raise more false alerts per day than a daily one (2.3 times the
  // daily bar at 288 points a day; daily and coarser series keep theirs).
  const threshold = SENSITIVITY[options.sensitivity] * (1 + (1.3 * Math.log10(perDay)) / Math.log10(288));
  const spread = Math.max(26, season || perDay);
  return {
    season,
    level,
    // Weeks a year apart are alike, so a year-ago week is smoothed with its neighbours; hours of a
    // day and days of a week are not (Monday is not Sunday), so those use the point itself.
    seasonHalf: season === 52 ? 1 : 0,
    // A daily cycle is seen again every day; a yearly pattern is learnt from one noisy earlier
    // year, so for daily and coarser data it is used only where it has beaten the recent level.
    chooseSeason: !intraday,
    spread,
    threshold,
    // Business series (daily or coarser) are also scored as the mean of their last 2 and 3
    // points: a shift that lasts is found before any single point stands out. Intraday machine
    // metrics move in autocorrelated runs and bursts: a level shift there is the median of the
    // last dozen readings (one burst does not move it), judged against the shifts the series
    // made before (the novelty record is kept per window length).
    windows: intraday ? [1, 12] : [1, 2, 3],
    robustWindows: intraday,
    // One alert per episode: quiet for three days of points (at least three points).
    cooldown: Math.max(3, perDay * 3),
    // A series whose normal life is bursty must do something it has not done before (1.2 x its
    // largest earlier score): this halves false alerts on machine metrics at a small recall cost.
    novelty: intraday ? 1.2 : 0,
    // Nothing is raised until the detector has a seasonal baseline and a spread of residuals to
    // judge it by; the scores it sees meanwhile are remembered for the novelty rule. Where that
    // rule applies, the record is the largest of the scores seen so far, which says little about
    // the series' normal life until it has seen a couple of hundred of them: an hourly series waits
    // 200 scored points (about a week) rather than a day of spread (a 5-minute one already has 288).
    warmup: Math.min((season || 0) + level + (intraday ? Math.max(spread, 200) : spread), Math.floor(n / 2)),
    // A machine metric idling near zero has tiny residuals: a move under 2 % of the range it has
    // spanned is not news, however quiet it was (business series are compared as ratios instead).
    rangeFloor: intraday ? 0.02 : 0,
    // Counts and amounts of a business change by ratios; strictly positive series are compared on a log scale.
    logScale: !intraday,
    // Weekly sums of orders have heavier tails than their body suggests (a few very large
    // orders): the spread is at least what the 90th percentile of past residuals implies.
    tailScale: !intraday,
    // A one-day spike in sales is not next week's expectation; a burst of a machine metric often
    // is (the same job runs at the same hour every day), so intraday series keep theirs.
    forgetOutliers: !intraday,
  };
}

/**
 * For each point, the index of the point one season earlier by the clock (within half a step), or
 * -1: in a series with gaps, "288 points ago" is no longer the same time yesterday.
 */
function seasonLags(ms: number[], season: number, step: number): number[] | undefined {
  if (!season) return undefined;
  const span = season * step;
  const lags: number[] = new Array(ms.length).fill(-1);
  let k = 0;
  for (let j = 0; j < ms.length; j++) {
    const target = ms[j]! - span;
    while (k + 1 < j && ms[k + 1]! <= target) k++;
    let best = -1;
    for (const c of [k, k + 1])
      if (
        c < j &&
        Math.abs(ms[c]! - target) <= step / 2 &&
        (best < 0 || Math.abs(ms[c]! - target) < Math.abs(ms[best]! - target))
      )
        best = c;
    lags[j] = best;
  }
  return lags;
}

/** The reference's values on the series' timestamps, or undefined when any is missing. */
function aligned(ms: number[], reference: SeriesPoint[] | undefined): number[] | undefined {
  if (!reference) return undefined;
  const ref = cleanSeries(reference);
  const at = new Map(ref.ms.map((t, i) => [t, ref.v[i]!]));
  const values = ms.map((t) => at.get(t));
  return values.every((x) => x !== undefined) ? (values as number[]) : undefined;
}

/**
 * Causal anomaly alerts on a time series: each point is scored only against the points before
 * it (seasonal baseline + robust MAD scale), one alert per episode, sensitivity = the use case's
 * risk tolerance.
 */
export function detectSeriesAnomalies(series: SeriesPoint[], options: SeriesDetectOptions): SeriesAlert[] {
  const { ms, v } = cleanSeries(series);
  if (v.length < 8) return [];
  const step = typicalStep(ms);
  const settings = detectorSettings(step, v.length, options);
  return detectValues(v, {
    ...settings,
    seasonLag: seasonLags(ms, settings.season ?? 0, step),
    reference: aligned(ms, options.reference),
  }).map((a) => ({
    t: new Date(ms[a.index]!).toISOString(),
    index: a.index,
    value: v[a.index]!,
    score: a.score,
    window: a.window,
    from: new Date(ms[a.index - a.window + 1]!).toISOString(),
    actual: a.actual,
    expected: a.expected,
  }));
}

export interface WindowShift {
  /** Points in the window, which ends at the latest point. */
  window: number;
  from: string;
  to: string;
  score: number;
  /** Mean of the window's values and what the detector expected (series units). */
  actual: number;
  expected: number;
  /** (actual - expected) / |expected|. */
  relativeChange: number;
  /** The detector raises this window: its score clears its bar and, for a series whose history already crossed the threshold, beats its record by the novelty factor. */
  alert: boolean;
}

/**
 * The same detector judging only the newest point, window by window (the latest 1, 2, 3 periods
 * of a business series): what a scheduled scan asks. The novelty record is what the series did
 * before these windows, so a shift already under way does not raise its own bar; no cooldown
 * applies (the caller keeps one finding per window start).
 */
export function latestShifts(series: SeriesPoint[], options: SeriesDetectOptions): WindowShift[] {
  const { ms, v } = cleanSeries(series);
  if (v.length < 8) return [];
  const step = typicalStep(ms);
  const settings = detectorSettings(step, v.length, options);
  const reference = aligned(ms, options.reference);
  const windows = settings.windows ?? [1];
  const widest = Math.max(...windows);
  const scored = scoreSeries(v, {
    ...settings,
    seasonLag: seasonLags(ms, settings.season ?? 0, step),
    reference,
  });
  const record = Math.max(
    0,
    ...scored.scores
      .slice(scored.recordFrom, Math.max(0, v.length - widest))
      .map((s) => (s ? Math.abs(s.score) : 0)),
  );
  const threshold = settings.threshold ?? 4;
  const out: WindowShift[] = [];
  for (const latest of scored.latest) {
    const w = latest.window;
    const bar = w === 1 ? threshold : (settings.sustainedThreshold ?? threshold);
    const size = Math.abs(latest.score);
    out.push({
      window: w,
      from: new Date(ms[v.length - w]!).toISOString(),
      to: new Date(ms[v.length - 1]!).toISOString(),
      score: latest.score,
      actual: latest.actual,
      expected: latest.expected,
      relativeChange: (latest.actual - latest.expected) / Math.max(Math.abs(latest.expected), 1e-9),
      alert: size >= bar && (record < threshold || size >= (settings.novelty ?? 0) * record),
    });
  }
  return out;
}
