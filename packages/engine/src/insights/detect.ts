/**
 * Causal, robust anomaly detection on a series of numbers. Each point is compared only with
 * what the points before it predict.
 *
 * Expected value: the median of the recent `level` points, shifted by how the same moment one
 * season earlier stood against the level back then (the mean of `seasonHalf` points either side
 * of it, so that one odd week a year ago does not become this year's expectation). With a
 * `reference` (the whole a segment belongs to) the level is the segment's usual share of the
 * reference times the reference's recent level, and the seasonal shift is the reference's: both
 * are steadier than the segment's own. That needs `logScale`, where shares and shifts are ratios.
 * With `chooseSeason` the seasonal baseline is used only where it has predicted the series better
 * than the level alone, or where last year's shift at that moment is three times its own noise (a
 * rate without a yearly pattern gains nothing from last year's noise; a step into November learnt
 * a year ago is a pattern even when the months scored since could not show it).
 *
 * Score: the residual over the robust spread of the residuals of the `spread` points before
 * (scaled median absolute deviation; with `tailScale` at least what their 90th percentile
 * implies, for noise with heavy tails).
 *
 * Sustained shifts: for each `windows` length w, the mean residual of the last w points against a
 * baseline built from the points before the window. Its spread is the single-point spread scaled
 * for averaging: the points' own noise shrinks by 1/w, the baseline's error (shared by every point
 * of the window) does not. A drop that lasts three weeks is found when no single week stands out.
 * With `robustWindows` the window's residual is their median, not their mean: a level shift moves
 * every point, a single burst only one.
 *
 * Alerting: |score| ≥ `threshold` (a window of several points: `sustainedThreshold`); after an
 * alert the detector stays quiet for `cooldown` points (one alert per episode); during `warmup`
 * and the cooldown nothing is raised, but scores are remembered from the moment the seasonal baseline exists, so
 * that with `novelty` a series whose normal life already crossed the threshold (bursty machine
 * metrics) must beat its largest earlier score by that factor to alert. The record is kept per
 * window length: a level shift is compared with the shifts the series made before, a spike with
 * its spikes. A series that never crossed the threshold alerts at the threshold.
 *
 * Seasons are counted in points (`season` back), or, for a series with gaps, by `seasonLag`.
 */
export interface DetectOptions {
  /** Points per season (52 for weekly data over a year, 288 for 5-minute data over a day); 0 = none. */
  season?: number;
  /** Points whose median is the recent level. */
  level?: number;
  /** Points either side of the point one season earlier whose mean is the seasonal reference. */
  seasonHalf?: number;
  /** Residuals whose spread scales the score. */
  spread?: number;
  /** |score| at or above which a point is anomalous. */
  threshold?: number;
  /** |score| at or above which the mean of a window of several points is anomalous (default `threshold`). */
  sustainedThreshold?: number;
  /** Sustained-shift windows: numbers of latest points whose mean is scored (default [1]). */
  windows?: number[];
  /** Points of silence after an alert. */
  cooldown?: number;
  /** Points at the start that are never alerted on (their scores still feed `novelty`). */
  warmup?: number;
  /** With a history of scores above the threshold, alert only above this multiple of the largest. */
  novelty?: number;
  /** Compare on a log scale (strictly positive series): changes are ratios, not amounts. */
  logScale?: boolean;
  /** Scale by the larger of the MAD and the 90th-percentile spread (noise with heavy tails). */
  tailScale?: boolean;
  /** Use the seasonal baseline only where it has predicted better than the recent level alone. */
  chooseSeason?: boolean;
  /** A point that stands out on its own is remembered, a season later, as what was expected of it. */
  forgetOutliers?: boolean;
  /**
   * For each point, the index of the point one season earlier (-1: none), when the series has gaps
   * and `index - season` would be another time of day. Default: `index - season`.
   */
  seasonLag?: number[];
  /** Score a window of several points by the median of its residuals (a level shift), not their mean (which one spike can carry). */
  robustWindows?: boolean;
  /** A series aligned point by point (same length) whose seasonal shape this one follows. */
  reference?: number[];
  /**
   * The smallest spread a point is judged by, as a share of the range (max - min) the series has
   * spanned before it (not on a log scale): a move that small is not worth an alert however quiet
   * the series had been (a processor idling at 0.13 % that drops to 0.10 %).
   */
  rangeFloor?: number;
}

export interface Anomaly {
  index: number;
  /** Robust score of the window ending at `index`; sign = direction. */
  score: number;
  /** Points in that window (1 = the point alone). */
  window: number;
  /** Mean of the window's values and of their expected values (in the series' units; geometric means on a log scale). */
  actual: number;
  expected: number;
}

export interface ScoredSeries {
  alerts: Anomaly[];
  /** Each point's strongest window (the one furthest past its bar), null where it cannot be scored yet. */
  scores: (Anomaly | null)[];
  /** Every window ending at the last point, for a caller judging the newest data. */
  latest: Anomaly[];
  /** The first point whose score counts in the novelty record (the seasonal baseline exists from there). */
  recordFrom: number;
}

function median(xs: number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const middle = (s: number[]) =>
  s.length % 2 ? s[s.length >> 1]! : (s[(s.length >> 1) - 1]! + s[s.length >> 1]!) / 2;

/** Mean absolute deviation from the median: unlike the MAD it counts a pattern that is large but brief (a daily on/off). */
function meanAbs(xs: number[]): number {
  const c = median(xs);
  return mean(xs.map((x) => Math.abs(x - c)));
}

/**
 * Center (median) and robust spread of residuals: the scaled median absolute deviation, and with
 * `tail` at least the spread their 90th percentile implies (1.645 sigma for normal noise), for
 * noise whose tails are heavier than its body suggests.
 */
function spreadOf(xs: number[], tail: boolean): { center: number; spread: number } {
  const center = middle(sorted(xs));
  const d = sorted(xs.map((x) => Math.abs(x - center)));
  const mad = middle(d) * 1.4826;
  return {
    center,
    spread: tail ? Math.max(mad, d[Math.min(d.length - 1, Math.floor(0.9 * d.length))]! / 1.645) : mad,
  };
}

/** Robust spread of successive differences: the point-to-point noise of a series. */
function stepNoise(xs: number[]): number {
  const d: number[] = [];
  for (let i = 1; i < xs.length; i++) d.push(Math.abs(xs[i]! - xs[i - 1]!));
  return d.length ? (median(d) * 1.4826) / Math.SQRT2 : 0;
}

/** The baseline's parts, memoised: the level for a window starting at `start`, the level a season before it, the smoothed value a season before j. */
class Baseline {
  private readonly recentMemo = new Map<number, number>();
  private readonly thenMemo = new Map<number, number>();
  private readonly sameMemo = new Map<number, number>();
  /** The values the seasonal reference reads: the series, with points that stood out on their own replaced by what was expected of them. */
  private readonly seasonalRef: number[];

  constructor(
    private readonly x: number[],
    private readonly ref: number[],
    readonly season: number,
    readonly level: number,
    readonly half: number,
    private readonly lag: (j: number) => number,
  ) {
    this.seasonalRef = [...ref];
  }

  /**
   * Point j stood out on its own: a season later it is remembered as what was expected of it, so
   * that one spike does not come back a week later as a dip against its own echo.
   */
  forget(j: number, expected: number): void {
    if (this.ref === this.x) this.seasonalRef[j] = expected;
  }

  private recent(start: number): number {
    let r = this.recentMemo.get(start);
    if (r === undefined) {
      const { x, ref, level } = this;
      if (ref === x) r = median(x.slice(Math.max(0, start - level), start));
      else {
        // A segment's level: its usual share of the reference over twice the level window (a
        // share is steadier than the segment itself), times the reference's recent level.
        const from = Math.max(0, start - 2 * level);
        r =
          median(x.slice(from, start).map((v, k) => v - ref[from + k]!)) +
          median(ref.slice(Math.max(0, start - level), start));
      }
      this.recentMemo.set(start, r);
    }
    return r;
  }

  /** How the moment a season before j stood against the level back then (null without a season of history before `start`). */
  shift(j: number, start: number): number | null {
    const recent = this.recent(start);
    const seasonal = this.expected(j, start, true);
    return seasonal === null ? null : seasonal - recent;
  }

  /**
   * The expected value of point j from the points before `start` (start ≤ j). Null when the
   * seasonal baseline was asked for and the data does not reach back a season before the window.
   */
  expected(j: number, start: number, seasonal: boolean): number | null {
    if (!seasonal) return this.recent(start);
    const { season: s, half: h, level, ref } = this;
    if (!s) return null;
    const startThen = this.lag(start);
    const jThen = this.lag(j);
    if (startThen - level < 0 || jThen - h < 0 || jThen + h >= start) return null;
    let then = this.thenMemo.get(start);
    if (then === undefined)
      this.thenMemo.set(start, (then = median(ref.slice(startThen - level, startThen))));
    let same = this.sameMemo.get(j);
    if (same === undefined)
      this.sameMemo.set(j, (same = mean(this.seasonalRef.slice(jThen - h, jThen + h + 1))));
    return this.recent(start) + (same - then);
  }
}

export function detectAnomalies(values: number[], options: DetectOptions = {}): Anomaly[] {
  return scoreSeries(values, options).alerts;
}

/** The detector's full output: the alerts, each point's strongest window and the windows ending at the last point. */
export function scoreSeries(values: number[], options: DetectOptions = {}): ScoredSeries {
  const n = values.length;
  const level = Math.max(2, options.level ?? 8);
  const logScale =
    !!options.logScale &&
    values.every((v) => v > 0) &&
    (!options.reference || options.reference.every((v) => v > 0));
  const reference =
    options.reference && options.reference.length === n && logScale ? options.reference : undefined;
  const x = logScale ? values.map(Math.log) : values;
  const ref = reference ? reference.map(Math.log) : x;
  const season = options.season ?? 0;
  const half = Math.max(0, options.seasonHalf ?? 0);
  const robust = !!options.robustWindows;
  const seasonMedians = new Map<number, number>();
  const usedMedians = new Map<number, number>();
  const lags = options.seasonLag?.length === n ? options.seasonLag : null;
  const base = new Baseline(x, ref, season, level, half, lags ? (j) => lags[j]! : (j) => j - season);
  const spread = options.spread ?? 26;
  const threshold = options.threshold ?? 4;
  const sustainedThreshold = options.sustainedThreshold ?? threshold;
  const windows = [...new Set(options.windows ?? [1])].filter((w) => w >= 1).sort((a, b) => a - b);
  const cooldown = options.cooldown ?? 0;
  const warmup = Math.max(options.warmup ?? 0, level * 2);
  const novelty = options.novelty ?? 0;
  const seasonFrom = season ? season + level : level;
  // How much noisier the reference is than the series' own points (1 = itself).
  const ownNoise = stepNoise(x);
  const refNoise = reference && ownNoise > 0 ? (stepNoise(ref) / ownNoise) ** 2 : 1;
  const back = (v: number) => (logScale ? Math.exp(v) : v);
  // The noise of last year's seasonal shift (a mean of 2h+1 reference points against a median of
  // `level`): a shift three times that is a pattern, not noise, even where the residuals of the
  // months before could not show it (a step into November learnt a year ago).
  const shiftNoise = stepNoise(ref) * Math.sqrt(1 / (2 * half + 1) + Math.PI / 2 / level);

  // Residuals against the level alone, against the seasonal baseline where it exists, and
  // against whichever of the two each point was scored with.
  const levelResiduals: number[] = new Array(n).fill(Number.NaN);
  const seasonResiduals: number[] = new Array(n).fill(Number.NaN);
  const usedResiduals: number[] = new Array(n).fill(Number.NaN);
  const scores: (Anomaly | null)[] = new Array(n).fill(null);
  let latest: Anomaly[] = [];
  const alerts: Anomaly[] = [];
  let quietUntil = -1;
  // The novelty record of each window length: a level shift is judged against the shifts the
  // series made before, a spike against its spikes.
  const largest = new Map<number, number>();
  // The range the series has spanned before the point being judged.
  const rangeFloor = logScale ? 0 : (options.rangeFloor ?? 0);
  let highest = Math.max(...x.slice(0, level));
  let lowest = Math.min(...x.slice(0, level));
  for (let i = level; i < n; i++) {
    highest = Math.max(highest, x[i - 1]!);
    lowest = Math.min(lowest, x[i - 1]!);
    levelResiduals[i] = x[i]! - base.expected(i, i, false)!;
    const seasonalHere = season ? base.expected(i, i, true) : null;
    if (seasonalHere !== null) seasonResiduals[i] = x[i]! - seasonalHere;
    const from = Math.max(level, i - spread);
    const seasonAt: number[] = [];
    for (let k = from; k < i; k++) if (!Number.isNaN(seasonResiduals[k]!)) seasonAt.push(k);
    const enough = seasonAt.length >= Math.max(level, spread / 2);
    const seasonal =
      seasonalHere !== null &&
      (!options.chooseSeason ||
        (enough &&
          meanAbs(seasonAt.map((k) => seasonResiduals[k]!)) <
            meanAbs(seasonAt.map((k) => levelResiduals[k]!))) ||
        Math.abs(base.shift(i, i)!) >= 3 * shiftNoise);
    usedResiduals[i] = seasonal ? seasonResiduals[i]! : levelResiduals[i]!;
    // A point is judged by the residuals of its own model once there are half a spread window of
    // them; before that, by the residuals of whichever baseline each earlier point was scored with.
    const residuals = seasonal && enough ? seasonResiduals : usedResiduals;
    const pastAt =
      seasonal && enough
        ? seasonAt
        : [...Array(i - from).keys()].map((k) => k + from).filter((k) => !Number.isNaN(usedResiduals[k]!));
    // Points that can neither alert nor feed the novelty record need no score.
    if (pastAt.length < level || (i < warmup && i < seasonFrom && i < n - 1)) continue;
    const floor = logScale
      ? 0.005
      : Math.max(Math.abs(median(values.slice(i - level, i))) * 0.01, rangeFloor * (highest - lowest));
    // A window is judged by the residuals before it: a shift three periods long must not widen
    // the noise it is measured against.
    const judgeBy = (start: number) => {
      const before = start === i ? pastAt : pastAt.filter((k) => k < start);
      if (before.length < level) return null;
      const { center, spread: pastSpread } = spreadOf(
        before.map((k) => residuals[k]!),
        !!options.tailScale,
      );
      return { before, center, pointScale: Math.max(pastSpread, floor, 1e-9) };
    };
    const here: Anomaly[] = [];
    let best: Anomaly | null = null;
    let bestExcess = -Infinity;
    const excessOf = new Map<Anomaly, number>();
    for (const w of windows) {
      const start = i - w + 1;
      if (start < level) continue;
      let actual = 0;
      let expected = 0;
      let complete = true;
      const gaps: number[] = [];
      for (let j = start; j <= i; j++) {
        const e = base.expected(j, start, seasonal);
        if (e === null) complete = false;
        actual += x[j]!;
        expected += e ?? 0;
        gaps.push(x[j]! - (e ?? 0));
      }
      if (!complete) continue;
      actual /= w;
      expected /= w;
      if (robust && w > 1) actual = expected + median(gaps);
      const judge = judgeBy(start);
      if (!judge) continue;
      const { before, center, pointScale } = judge;
      let centerW = center;
      let scale = pointScale;
      if (w > 1) {
        // The typical residual of w points in a row: with skewed noise (a few big orders) the
        // mean of several points sits above the median of single points.
        const means: number[] = [];
        for (const k of before) {
          if (k - w + 1 < from) continue;
          let sum = 0;
          for (let j = k - w + 1; j <= k; j++) sum += residuals[j]!;
          if (Number.isNaN(sum)) continue;
          if (!robust) means.push(sum / w);
          else {
            // The residuals of points before i are final: their window medians are kept.
            const memo = residuals === seasonResiduals ? seasonMedians : usedMedians;
            const at = w * 1e8 + k;
            let m = memo.get(at);
            if (m === undefined) memo.set(at, (m = median(residuals.slice(k - w + 1, k + 1))));
            means.push(m);
          }
        }
        if (means.length >= level) centerW = median(means);
        // The baseline's error as a share of one point's noise: the level (a median of `level`
        // points, π/2 per point; for a segment its share over twice as many points plus the
        // reference's level) and the seasonal shift (a mean of 2h+1 points and a median).
        const shift = seasonal ? 1 / (2 * half + 1) + Math.PI / 2 / level : 0;
        const b = reference
          ? Math.PI / 2 / (2 * level) + (Math.PI / 2 / level + shift) * refNoise
          : Math.PI / 2 / level + shift;
        scale = pointScale * Math.sqrt((1 / w + b) / (1 + b));
      }
      const score = (actual - expected - centerW) / scale;
      const anomaly = {
        index: i,
        score,
        window: w,
        actual: back(actual),
        expected: back(expected + centerW),
      };
      here.push(anomaly);
      if (options.forgetOutliers && w === 1 && Math.abs(score) >= threshold)
        base.forget(i, expected + centerW);
      const excess = Math.abs(score) - (w === 1 ? threshold : sustainedThreshold);
      excessOf.set(anomaly, excess);
      if (excess > bestExcess) {
        best = anomaly;
        bestExcess = excess;
      }
    }
    if (i === n - 1) latest = here;
    if (!best) continue;
    scores[i] = best;
    // During warm-up and after an alert nothing is raised, but what the series does still sets
    // its record: a burst in the quiet days after an alert is part of its normal life too.
    if (i < warmup || i <= quietUntil) {
      if (i >= seasonFrom)
        for (const a of here) largest.set(a.window, Math.max(largest.get(a.window) ?? 0, Math.abs(a.score)));
      continue;
    }
    let raised: Anomaly | null = null;
    let raisedExcess = -Infinity;
    for (const a of here) {
      const size = Math.abs(a.score);
      const bar = a.window === 1 ? threshold : sustainedThreshold;
      const record = largest.get(a.window) ?? 0;
      const novel = record < bar || size >= novelty * record;
      largest.set(a.window, Math.max(record, size));
      const excess = excessOf.get(a)!;
      if (excess >= 0 && novel && excess > raisedExcess) {
        raised = a;
        raisedExcess = excess;
      }
    }
    if (raised) {
      alerts.push(raised);
      quietUntil = i + cooldown;
    }
  }
  return { alerts, scores, latest, recordFrom: seasonFrom };
}

/** Detector thresholds by risk tolerance: a conservative team wants to hear about smaller moves. */
export const SENSITIVITY = { conservative: 3.5, balanced: 4, aggressive: 5 } as const;
