import type { TDecisionMetric } from '@catalyst/contracts';
import type { Driver } from './insights';

export interface Finding {
  measure: { key: string; label: string; additive: boolean };
  metric: TDecisionMetric;
  segment: { attribute: string; value: string } | null;
  segmentLabel?: string;
  windowStart: string;
  windowEnd: string;
  beforeMean: number;
  afterMean: number;
  relativeChange: number;
  score: number;
  share: number;
  series: { t: string; v: number }[];
  impact: 'Critical Alert' | 'High Impact' | 'Medium Impact' | 'Low Impact';
  drivers: Driver[];
  text?: { title: string; brief: string; full: string; action: 'investigate' | 'explore'; category: string };
}

const fmt = (n: number, ratio: boolean) =>
  ratio ? `${(n * 100).toFixed(1)}%` : Math.abs(n) >= 1000 ? Math.round(n).toLocaleString('en-US') : n.toLocaleString('en-US', { maximumFractionDigits: 2 });
const pct = (r: number) => `${r >= 0 ? '+' : ''}${(r * 100).toFixed(0)}%`;
const size = (r: number) => `${Math.abs(r * 100).toFixed(0)}%`;
const weekOf = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The recommendation's words, every number taken from the finding. */
export function describeFinding(f: Finding) {
  const ratio = !f.measure.additive && Math.abs(f.beforeMean) <= 1 && Math.abs(f.afterMean) <= 1;
  const where = f.segment ? ` in ${f.segment.value}` : '';
  const up = f.relativeChange >= 0;
  const verb = ratio ? (up ? 'rose' : 'fell') : up ? 'jumped' : 'dropped';
  const weeks = Math.max(1, Math.round((Date.parse(f.windowEnd) - Date.parse(f.windowStart)) / (7 * 86_400_000)) + 1);
  const title = `${f.measure.label}${where} ${verb} ${size(f.relativeChange)} since the week of ${weekOf(f.windowStart)}`;
  const brief = `Weekly ${f.measure.label}${where} averaged ${fmt(f.afterMean, ratio)} over the last ${weeks} week${weeks === 1 ? '' : 's'}, against ${fmt(f.beforeMean, ratio)} in the 8 weeks before (${pct(f.relativeChange)}).`;
  const lines = [brief];
  lines.push(`The change scores ${Math.abs(f.score).toFixed(1)} on the anomaly scale (a typical week scores under 3), so it is unlikely to be normal variation.`);
  if (f.segment) lines.push(`${f.segment.value} accounts for ${(f.share * 100).toFixed(0)}% of ${f.measure.label} by ${f.segmentLabel ?? f.segment.attribute}.`);
  const top = f.drivers.filter((d) => Math.abs(d.share) >= 0.05).slice(0, 3);
  if (top.length) {
    lines.push(
      `Biggest drivers: ${top
        .map((d) => `${d.attribute} = ${d.value} (${fmt(d.before, ratio)} → ${fmt(d.after, ratio)}, ${(Math.abs(d.share) * 100).toFixed(0)}% of the change)`)
        .join('; ')}.`,
    );
  }
  const action: 'investigate' | 'explore' = !up || f.impact === 'Critical Alert' ? 'investigate' : 'explore';
  const category = up ? (ratio ? 'Risk' : 'Opportunity') : 'Risk';
  return { title, brief, full: lines.join(' '), action, category: f.impact === 'Critical Alert' ? 'Critical' : category };
}
