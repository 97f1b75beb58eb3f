import { detectAnomalies, SENSITIVITY } from '@catalyst/engine';
import type { Driver, Insights } from './insights';

/**
 * Weekly business series through the engine's detector (the one `npm run eval:anomaly` scores):
 * the expected week is the same week a year earlier shifted by the change in level over the last
 * 8 weeks, scored against the spread of the residuals of the 26 weeks before.
 */
export function detectWeekly(series: { t: string; v: number }[], risk: keyof typeof SENSITIVITY) {
  const found = detectAnomalies(series.map((p) => p.v), { season: 52, level: 8, spread: 26, threshold: SENSITIVITY[risk] });
  return found.map((a) => ({ t: series[a.index]!.t, score: a.score }));
}

const mean = (xs: { v: number }[]) => (xs.length ? xs.reduce((s, p) => s + p.v, 0) / xs.length : 0);

export const basicInsights: Insights = {
  detect: detectWeekly,
  explain({ attribute, column, additive, rows }) {
    const drivers: Driver[] = rows.map((r) => {
      const before = mean(r.before);
      const after = mean(r.after);
      return { attribute, column, value: r.value, before, after, contribution: after - before, share: 0 };
    });
    // A sum's change is the sum of its segments' changes; a ratio's segments are compared by how far each moved.
    const total = additive ? drivers.reduce((s, d) => s + d.contribution, 0) : drivers.reduce((s, d) => s + Math.abs(d.contribution), 0);
    for (const d of drivers) d.share = total === 0 ? 0 : d.contribution / Math.abs(total);
    return drivers.sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
  },
  impact({ relativeChange, score, shareOfBusiness, riskTolerance }) {
    const k = riskTolerance === 'conservative' ? 0.7 : riskTolerance === 'aggressive' ? 1.4 : 1;
    const size = Math.abs(relativeChange);
    const weight = Math.min(1, Math.max(0.1, shareOfBusiness));
    if (size * weight >= 0.08 * k && Math.abs(score) >= 5) return 'Critical Alert';
    if (size >= 0.2 * k) return 'High Impact';
    if (size >= 0.08 * k) return 'Medium Impact';
    return 'Low Impact';
  },
};
