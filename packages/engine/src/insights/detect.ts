/**
 * Causal, robust anomaly detection on a series of numbers: each point is compared with what the
 * points before it predict (the median of the recent points, or the same point one season earlier
 * shifted by the change in level), and its residual is scaled by the robust spread (median
 * absolute deviation) of the residuals before it. One alert per episode: after an alert the
 * detector stays quiet for `cooldown` points.
 */
export interface DetectOptions {
  /** Points per season (52 for weekly data over a year, 288 for 5-minute data over a day); 0 = none. */
  season?: number;
  /** Points whose median is the recent level. */
  level?: number;
  /** Residuals whose spread scales the score. */
  spread?: number;
  /** |score| at or above which a point is anomalous. */
  threshold?: number;
  /** Points of silence after an alert. */
  cooldown?: number;
  /** Points at the start that are never scored (no history yet). */
  warmup?: number;
  /** Points whose median is the current value: 1 scores single points, more needs a sustained move. */
  smooth?: number;
  /**
   * Alert only when a score beats this share of the largest score seen before in the series: a
   * series whose normal life is spiky must do something it has not done before.
   */
  novelty?: number;
}

export interface Anomaly {
  index: number;
  score: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function expectedAt(values: number[], i: number, season: number, level: number): number {
  const recent = median(values.slice(Math.max(0, i - level), i));
  if (!season || i < season + level) return recent;
  const lastSeason = median(values.slice(i - season - level, i - season));
  return values[i - season]! + (recent - lastSeason);
}

export function detectAnomalies(values: number[], options: DetectOptions = {}): Anomaly[] {
  const season = options.season ?? 0;
  const level = options.level ?? 8;
  const spread = options.spread ?? 26;
  const threshold = options.threshold ?? 4;
  const cooldown = options.cooldown ?? 0;
  const warmup = Math.max(options.warmup ?? 0, level * 2);
  const smooth = Math.max(1, options.smooth ?? 1);
  const residuals: number[] = new Array(values.length).fill(Number.NaN);
  const found: Anomaly[] = [];
  let quietUntil = -1;
  const novelty = options.novelty ?? 0;
  let largest = 0;
  for (let i = level; i < values.length; i++) {
    const current = smooth === 1 ? values[i]! : median(values.slice(Math.max(0, i - smooth + 1), i + 1));
    const r = current - expectedAt(values, i - smooth + 1, season, level);
    residuals[i] = r;
    if (i < warmup || i <= quietUntil) continue;
    const past = residuals.slice(Math.max(level, i - spread), i).filter((x) => !Number.isNaN(x));
    if (past.length < level) continue;
    const center = median(past);
    const mad = median(past.map((x) => Math.abs(x - center))) * 1.4826;
    const scale = Math.max(mad, Math.abs(median(values.slice(i - level, i))) * 0.01, 1e-9);
    const score = (r - center) / scale;
    const beatsHistory = Math.abs(score) >= novelty * largest;
    largest = Math.max(largest, Math.abs(score));
    if (Math.abs(score) >= threshold && beatsHistory) {
      found.push({ index: i, score });
      quietUntil = i + cooldown;
    }
  }
  return found;
}

/** Detector settings by risk tolerance: a conservative team wants to hear about smaller moves. */
export const SENSITIVITY = { conservative: 3.5, balanced: 4, aggressive: 5 } as const;
