import type { TDecisionMetric } from '@catalyst/contracts';
import type { DriverContribution, ImpactLevel } from '@catalyst/engine';

/** A segment's part in a change (the engine's contribution, with the attribute's label and column). */
export interface Driver extends DriverContribution {
  column: string;
}

export interface Finding {
  measure: { key: string; label: string; additive: boolean };
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

/**
 * Drivers whose part in the change of a sum is clearly larger than their usual part of it (by 15
 * points, and half as large again: the value moved at least 1.5 times as much as the whole, which
 * the noise of a segment's expected value alone rarely does): those explain the change. A value
 * that lost 40 % of the drop while it makes 40 % of the business only reflects its size.
 */
function outsized(drivers: Driver[]): { driver: Driver; usual: number }[] {
  const base = new Map<string, number>();
  for (const d of drivers) base.set(d.attribute, (base.get(d.attribute) ?? 0) + Math.max(0, d.before));
  return drivers
    .map((driver) => ({
      driver,
      usual: base.get(driver.attribute) ? Math.max(0, driver.before) / base.get(driver.attribute)! : 0,
    }))
    .filter(
      ({ driver, usual }) => driver.share > 0 && driver.share - usual >= 0.15 && driver.share >= 1.5 * usual,
    )
    .sort((a, b) => b.driver.share - b.usual - (a.driver.share - a.usual));
}

const fmt = (n: number, ratio: boolean) =>
  ratio
    ? `${(n * 100).toFixed(1)}%`
    : Math.abs(n) >= 1000
      ? Math.round(n).toLocaleString('en-US')
      : n.toLocaleString('en-US', { maximumFractionDigits: 2 });
const pct = (r: number) => `${r >= 0 ? '+' : ''}${(r * 100).toFixed(0)}%`;
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
  const brief = `Weekly ${f.measure.label}${where} averaged ${fmt(f.actual, ratio)} over ${span}, against ${fmt(f.expected, ratio)} expected from the weeks before and last year's pattern (${pct(f.relativeChange)}).`;
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
  const change = (d: Driver) =>
    `${d.attribute} = ${d.value} (${fmt(d.before, ratio)} → ${fmt(d.after, ratio)}, ${(Math.abs(d.share) * 100).toFixed(0)}% of the change`;
  if (f.measure.additive) {
    const standouts = outsized(f.drivers).slice(0, 3);
    const largest = f.drivers.filter((d) => d.share >= 0.05).slice(0, 3);
    if (standouts.length) {
      lines.push(
        `Biggest drivers: ${standouts.map(({ driver, usual }) => `${change(driver)}, against ${(usual * 100).toFixed(0)}% of ${f.measure.label}${where} usually)`).join('; ')}.`,
      );
    } else if (largest.length) {
      const attributes = [...new Set(f.drivers.map((d) => d.attribute))];
      lines.push(
        `No single ${attributes.length > 1 ? `${attributes.slice(0, -1).join(', ')} or ${attributes.at(-1)}` : attributes[0]} value explains it: the change is spread in proportion to their usual size. Largest in amount: ${largest.map((d) => `${change(d)})`).join('; ')}.`,
      );
    }
  } else {
    const top = f.drivers.filter((d) => Math.abs(d.share) >= 0.05).slice(0, 3);
    if (top.length) lines.push(`Biggest drivers: ${top.map((d) => `${change(d)})`).join('; ')}.`);
  }
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
