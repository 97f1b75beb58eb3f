import { standoutDrivers, type DriverContribution } from './drivers';

/**
 * One incident per root cause. A scan finds a shift per measure and slice; one cause shows in
 * many of them at once: a region losing 40 % of its orders drops its revenue, profit, cost and
 * quantity (four findings on one segment), and with them the total (a finding whose drivers name
 * the region) and a category (a finding on another attribute whose drivers name the region). A
 * user needs one alert that lists what moved, not seven.
 *
 * Rules, in order (windows must overlap or touch, ISO dates compared as text):
 * 1. Findings on the same segment (attribute = value) belong together, whatever the measure and
 *    direction (a cost rising while profit falls in one region is one story).
 * 2. A finding whose strongest standout driver (`standoutDrivers`) is a segment that has findings
 *    of its own belongs to that segment's incident: it is a consequence, not a second cause.
 * 3. Findings on the total left over are grouped by their strongest standout driver (two ratios
 *    both driven by one category); totals with no standout driver, moving the same way, are one
 *    business-wide incident. A total never joins another total with a different driver.
 * The incident's root is the segment the others point to (else that of its strongest finding);
 * its primary findings are those on the root, the rest are related slices.
 */
export interface GroupableFinding {
  segment: { attribute: string; value: string } | null;
  from: string;
  to: string;
  score: number;
  relativeChange: number;
  /** With `attribute` the column, as in `segment`. */
  drivers: Pick<DriverContribution, 'attribute' | 'value' | 'share' | 'usual'>[];
}

export interface FindingGroup {
  /** `attribute=value` of the root segment, or `*` for the whole (a total's finding). */
  root: string;
  /** Indexes (into the input) of the findings on the root, strongest first. */
  primary: number[];
  /** Indexes of the findings on other slices that the root explains, strongest first. */
  related: number[];
}

const keyOf = (s: { attribute: string; value: string } | null) => (s ? `${s.attribute}=${s.value}` : '*');
const overlaps = (a: GroupableFinding, b: GroupableFinding) =>
  a.from <= nextPeriodAfter(b.to) && b.from <= nextPeriodAfter(a.to);
/** Windows that touch (one ends the week before the other starts) are one episode. */
function nextPeriodAfter(iso: string): string {
  const t = Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isFinite(t) ? new Date(t + 7 * 86_400_000).toISOString() : iso;
}

export function groupFindings(findings: GroupableFinding[]): FindingGroup[] {
  const n = findings.length;
  const parent = [...Array(n).keys()];
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[rb] = ra;
  };
  const key = findings.map((f) => keyOf(f.segment));
  const lead = findings.map((f) => {
    const d = standoutDrivers(f.drivers)[0];
    return d ? `${d.attribute}=${d.value}` : null;
  });
  // Window comparisons read ISO dates as text: normalise dates to full timestamps once.
  const norm = findings.map((f) => ({ ...f, from: iso(f.from), to: iso(f.to) }));

  // 1. Same segment.
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      if (key[i] !== '*' && key[i] === key[j] && overlaps(norm[i]!, norm[j]!)) union(i, j);
  // 2. Explained by a segment that has findings of its own.
  const pointsTo = new Array<number | null>(n).fill(null);
  for (let i = 0; i < n; i++) {
    const target = lead[i];
    if (!target || target === key[i]) continue;
    const j = findings.findIndex((_, k) => key[k] === target && overlaps(norm[i]!, norm[k]!));
    if (j >= 0) {
      union(j, i);
      pointsTo[i] = j;
    }
  }
  // 3. Totals left alone: by their standout driver, or business-wide when they have none.
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      if (key[i] !== '*' || key[j] !== '*' || pointsTo[i] !== null || pointsTo[j] !== null) continue;
      const sameDriver = lead[i] !== null && lead[i] === lead[j];
      const bothSpread =
        lead[i] === null &&
        lead[j] === null &&
        Math.sign(findings[i]!.relativeChange) === Math.sign(findings[j]!.relativeChange);
      if ((sameDriver || bothSpread) && overlaps(norm[i]!, norm[j]!)) union(i, j);
    }

  const members = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const r = find(i);
    members.set(r, [...(members.get(r) ?? []), i]);
  }
  const strength = (i: number) => Math.abs(findings[i]!.score);
  const groups: FindingGroup[] = [];
  for (const list of members.values()) {
    list.sort((a, b) => strength(b) - strength(a));
    // The root: the segment most findings of the group point to, else the strongest finding's.
    const votes = new Map<string, number>();
    for (const i of list)
      if (pointsTo[i] !== null) votes.set(key[pointsTo[i]!]!, (votes.get(key[pointsTo[i]!]!) ?? 0) + 1);
    const root = [...votes].sort((a, b) => b[1] - a[1])[0]?.[0] ?? key[list[0]!]!;
    groups.push({
      root,
      primary: list.filter((i) => key[i] === root),
      related: list.filter((i) => key[i] !== root),
    });
  }
  return groups.sort((a, b) => strength(b.primary[0]!) - strength(a.primary[0]!));
}

function iso(d: string): string {
  const t = Date.parse(d.length === 10 ? `${d}T00:00:00Z` : d);
  return Number.isFinite(t) ? new Date(t).toISOString() : d;
}
