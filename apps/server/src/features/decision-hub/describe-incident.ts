import type { ImpactLevel } from '@catalyst/engine';
import { describeFinding, driverSentences, type Finding } from './describe-finding';

/**
 * One alert per root cause: the findings of one scan that one segment explains (see the engine's
 * `groupFindings`). `primary` are the measures that moved on the root itself (revenue, profit,
 * cost and quantity in Europe), `related` other slices the root explains (the total's quantity,
 * 92 % of whose drop came from Europe).
 */
export interface Incident {
  /** The data the incident is about (connection, schema and table): the same in every use case over it. */
  source: string;
  /** `attribute=value` of the root segment, or `*` for the whole. */
  root: string;
  segment: { attribute: string; value: string } | null;
  segmentLabel?: string;
  /** In business order (money before volume); the first is the lead: its metric is what a decision tracks. */
  primary: Finding[];
  related: Finding[];
  windowStart: string;
  windowEnd: string;
  weeks: number;
  impact: ImpactLevel;
  score: number;
  text?: { title: string; brief: string; full: string; action: 'investigate' | 'explore'; category: string };
}

const IMPACT: ImpactLevel[] = ['Critical Alert', 'High Impact', 'Medium Impact', 'Low Impact'];
/** The most severe of the findings' impacts. */
export const worstImpact = (findings: Finding[]): ImpactLevel =>
  IMPACT[Math.min(...findings.map((f) => IMPACT.indexOf(f.impact)))] ?? 'Low Impact';

const size = (r: number) => Math.round(Math.abs(r * 100));
const range = (fs: Finding[]) => {
  const xs = fs.map((f) => size(f.relativeChange));
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return lo === hi ? `${lo}%` : `${lo}–${hi}%`;
};
const signed = (r: number) => `${r >= 0 ? '+' : '\u2212'}${size(r)}%`;
const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
const weekOf = (d: string) =>
  new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
const isRatio = (f: Finding) => !f.measure.additive && Math.abs(f.expected) <= 1 && Math.abs(f.actual) <= 1;

/** A related finding: "Quantity overall" or "Quantity in Office Supplies". */
const sliceOf = (f: Finding) => `${f.measure.label} ${f.segment ? `in ${f.segment.value}` : 'overall'}`;

/**
 * The alert's words. A single finding keeps its own (title "Revenue in Europe dropped 37% since
 * …"); several name every measure that moved, with the lead's numbers and explanation.
 */
export function describeIncident(incident: Incident) {
  const lead = incident.primary[0]!;
  const single = describeFinding(lead);
  const where = incident.segment ? ` in ${incident.segment.value}` : '';
  const relatedLine = incident.related.length
    ? `The same ${lead.relativeChange < 0 ? 'drop' : 'change'} shows in ${list(
        incident.related
          .slice(0, 3)
          .map((f) => `${sliceOf(f)} (${signed(f.relativeChange)}${driverNote(f, incident)})`),
      )}.`
    : null;
  if (incident.primary.length === 1) {
    const full = relatedLine ? `${single.full} ${relatedLine}` : single.full;
    return { ...single, full, category: categoryOf(incident, lead) };
  }
  const down = incident.primary.filter((f) => f.relativeChange < 0);
  const up = incident.primary.filter((f) => f.relativeChange >= 0);
  const labels = (fs: Finding[]) => fs.map((f) => f.measure.label);
  const since = `since the week of ${weekOf(incident.windowStart)}`;
  const title =
    down.length && up.length
      ? `${incident.segment ? `In ${incident.segment.value}, ` : ''}${list(labels(down))} dropped ${range(down)} and ${list(labels(up))} rose ${range(up)} ${since}`
      : `${list(labels(incident.primary))}${where} ${down.length ? 'dropped' : 'rose'} ${range(incident.primary)} ${since}`;
  const others = incident.primary.slice(1);
  const brief = `${single.brief.replace(/\.$/, '')}; over the same weeks ${list(
    others.map((f) => `${f.measure.label} ${signed(f.relativeChange)}`),
  )}.`;
  const lines = [
    brief,
    `The clearest of them scores ${Math.max(...incident.primary.map((f) => Math.abs(f.score))).toFixed(1)} on the anomaly scale (a typical week scores under 2), so this is unlikely to be normal variation.`,
  ];
  if (incident.segment)
    lines.push(
      `${incident.segment.value} usually accounts for ${(lead.share * 100).toFixed(0)}% of ${lead.measure.label}, and moved unlike the other values of ${incident.segmentLabel ?? incident.segment.attribute}.`,
    );
  lines.push(...driverSentences(lead, isRatio(lead)));
  if (relatedLine) lines.push(relatedLine);
  return {
    title,
    brief,
    full: lines.join(' '),
    action:
      down.length || incident.impact === 'Critical Alert' ? ('investigate' as const) : ('explore' as const),
    category: categoryOf(incident, lead),
  };
}

/** ", 92% of it from Europe" when the related finding's change is mostly the root's. */
function driverNote(f: Finding, incident: Incident): string {
  if (!incident.segment) return '';
  const d = f.drivers.find(
    (x) => x.column === incident.segment!.attribute && x.value === incident.segment!.value,
  );
  return d && d.share > 0 ? `, ${Math.round(d.share * 100)}% of it from ${incident.segment.value}` : '';
}

function categoryOf(incident: Incident, lead: Finding): string {
  if (incident.impact === 'Critical Alert') return 'Critical';
  return lead.relativeChange >= 0 && !isRatio(lead) ? 'Opportunity' : 'Risk';
}
