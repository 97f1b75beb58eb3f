import type { TDecisionMetric } from '@catalyst/contracts';
import { standoutDrivers, type DriverContribution, type ImpactLevel } from '@catalyst/engine';

/** A segment's part in a change (the engine's contribution, with the attribute's label and column). */
export interface Driver extends DriverContribution {
  column: string;
}

export interface Finding {
  /** `currency`: the ISO code a money measure's amounts are shown in. */
  measure: { key: string; label: string; additive: boolean; currency?: string };
  metric: TDecisionMetric;
  segment: { attribute: string; value: string } | null;
  segmentLabel?: string;
  /** First and last week of the shift (ISO dates of their Mondays) and its number of weeks. */
  windowStart: string;
  windowEnd: string;
  weeks: number;
  /** Weekly value over the shift, and what the detector expected for those weeks. */
  actual: number;
  expected: number;
  relativeChange: number;
  score: number;
  share: number;
  impact: ImpactLevel;
  /** 'companion': raised because another measure of the same rows moved clearly the same way. */
  reason: 'anomaly' | 'companion';
  series: { t: string; v: number }[];
  drivers: Driver[];
  text?: { title: string; brief: string; full: string; action: 'investigate' | 'explore'; category: string };
}

const fmt = (n: number, ratio: boolean, currency?: string) =>
  ratio
    ? `${(n * 100).toFixed(1)}%`
    : currency
      ? n.toLocaleString('en-US', {
          style: 'currency',
          currency,
          maximumFractionDigits: Math.abs(n) >= 1000 ? 0 : 2,
        })
      : Math.abs(n) >= 1000
        ? Math.round(n).toLocaleString('en-US')
        : n.toLocaleString('en-US', { maximumFractionDigits: 2 });
/** A change in percent with its sign; a minus sign (−), as the alert's metric chips write it. */
const pct = (r: number) => `${r >= 0 ? '+' : '\u2212'}${Math.abs(r * 100).toFixed(0)}%`;
const size = (r: number) => `${Math.abs(r * 100).toFixed(0)}%`;
const weekOf = (d: string) =>
  new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The recommendation's words, every number taken from the finding. */
export function describeFinding(f: Finding) {
  const ratio = !f.measure.additive && Math.abs(f.expected) <= 1 && Math.abs(f.actual) <= 1;
  const where = f.segment ? ` in ${f.segment.value}` : '';
  const up = f.relativeChange >= 0;
  const verb = ratio ? (up ? 'rose' : 'fell') : up ? 'jumped' : 'dropped';
  const title = `${f.measure.label}${where} ${verb} ${size(f.relativeChange)} since the week of ${weekOf(f.windowStart)}`;
  const span = f.weeks === 1 ? 'last week' : `the last ${f.weeks} weeks`;
  const brief = `Weekly ${f.measure.label}${where} averaged ${fmt(f.actual, ratio, f.measure.currency)} over ${span}, against ${fmt(f.expected, ratio, f.measure.currency)} expected from the weeks before and last year's pattern (${pct(f.relativeChange)}).`;
  const lines = [brief];
  if (f.reason === 'companion')
    lines.push(
      `It moved with another measure of the same ${f.segment ? 'segment' : 'data'} that changed clearly; on its own it scores ${Math.abs(f.score).toFixed(1)} on the anomaly scale.`,
    );
  else
    lines.push(
      `The change scores ${Math.abs(f.score).toFixed(1)} on the anomaly scale (a typical week scores under 2), so it is unlikely to be normal variation.`,
    );
  if (f.segment)
    lines.push(
      `${f.segment.value} usually accounts for ${(f.share * 100).toFixed(0)}% of ${f.measure.label}, and moved unlike the other values of ${f.segmentLabel ?? f.segment.attribute}.`,
    );
  lines.push(...driverSentences(f, ratio));
  const action: 'investigate' | 'explore' = !up || f.impact === 'Critical Alert' ? 'investigate' : 'explore';
  const category = up ? (ratio ? 'Risk' : 'Opportunity') : 'Risk';
  return {
    title,
    brief,
    full: lines.join(' '),
    action,
    category: f.impact === 'Critical Alert' ? 'Critical' : category,
  };
}

/**
 * What explains the change, in the same terms the investigation shows: the values whose part in
 * the change clearly outgrows their usual part (`standoutDrivers`), or, when there are none, that
 * the change is spread in proportion to size, with the largest parts in amount named as such.
 */
export function driverSentences(
  f: Pick<Finding, 'measure' | 'segment' | 'drivers'>,
  ratio: boolean,
): string[] {
  const where = f.segment ? ` in ${f.segment.value}` : '';
  const change = (d: Driver) =>
    `${d.attribute} = ${d.value} (${fmt(d.before, ratio, f.measure.currency)} → ${fmt(d.after, ratio, f.measure.currency)}, ${(Math.abs(d.share) * 100).toFixed(0)}% of the change`;
  // A sum's values are weighed by their part of it; a ratio's by their part of its rows.
  const usualOf = f.measure.additive ? `of ${f.measure.label}${where}` : `of the rows${where}`;
  const standouts = standoutDrivers(f.drivers).slice(0, 3);
  if (standouts.length)
    return [
      `Biggest drivers: ${standouts.map((d) => `${change(d)}, against ${(d.usual * 100).toFixed(0)}% ${usualOf} usually)`).join('; ')}.`,
    ];
  const largest = f.drivers.filter((d) => d.share >= 0.05).slice(0, 3);
  if (!largest.length) return [];
  const attributes = [...new Set(f.drivers.map((d) => d.attribute))];
  const names =
    attributes.length > 1 ? `${attributes.slice(0, -1).join(', ')} or ${attributes.at(-1)}` : attributes[0];
  return [
    `No single ${names} value explains it: the change is spread in proportion to their usual size. Largest in amount: ${largest.map((d) => `${change(d)})`).join('; ')}.`,
  ];
}
