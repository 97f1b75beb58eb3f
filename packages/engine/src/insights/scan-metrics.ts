/**
 * The recommendation scan's decision: which shifts in a table's metrics, in total and by segment,
 * are worth a user's attention now. Every series goes through the same detector as
 * `npm run eval:anomaly` (`latestShifts`: the latest 1–3 complete periods against a seasonal
 * baseline); on top of it, business rules decide what becomes a finding:
 *
 * 1. Significance: the detector raises the window (single period: the threshold of the use case's
 *    risk tolerance; a shift sustained over 2–3 periods: half a score less).
 * 2. Materiality: the metric moved by at least MATERIAL[risk] against its expected value, and a
 *    segment's move is at least SEGMENT_IMPACT[risk] of the whole metric. A very steady series
 *    can be significant about a move nobody needs to hear of.
 * 3. Distinctness (segments): the segment moved differently from its siblings (the other values
 *    of its attribute): its log change stands out from their median by at least 2 x MATERIAL.
 *    When the whole business moves, that is the total's finding, not twelve segment findings;
 *    when one region collapses, the others' shares rise but they did not change.
 * 4. Companions: the additive measures of one table add up the same rows (quantity, revenue,
 *    cost...). Once a segment (or the total) is found on one of them, its other additive measures
 *    that moved materially the same way are raised with it even below the bar: a region losing
 *    40 % of its orders shows clearly in quantity and noisily in revenue, and a user needs both.
 *
 * Drivers of a total's finding are the segments' contributions to the gap between actual and
 * expected (`explainChange`); impact levels come from `impactLevel`.
 */
import { latestShifts, type SeriesPoint, type Sensitivity, type WindowShift } from './detect-series';
import { explainChange, type DriverContribution } from './drivers';
import { impactLevel, type ImpactLevel } from './impact';

/** The smallest relative change worth raising, by risk tolerance. */
export const MATERIAL = { conservative: 0.05, balanced: 0.1, aggressive: 0.2 } as const;
/** The smallest share of the whole metric a segment's change must amount to. */
export const SEGMENT_IMPACT = { conservative: 0.02, balanced: 0.03, aggressive: 0.05 } as const;

export interface SegmentSeries {
  /** The attribute (column) and its value. */
  attribute: string;
  value: string;
  series: SeriesPoint[];
  /** Rows per period (the weight of a ratio measure's value); needed to explain ratios. */
  weights?: SeriesPoint[];
}

export interface MeasureSeries {
  key: string;
  /** A sum: it splits into segments that add up to the total. Ratios and averages do not. */
  additive: boolean;
  total: SeriesPoint[];
  segments?: SegmentSeries[];
}

export interface MetricFinding {
  measure: string;
  segment: { attribute: string; value: string } | null;
  /** First and last period of the window (ISO), and its number of periods. */
  from: string;
  to: string;
  periods: number;
  /** Mean per period over the window, and what was expected. */
  actual: number;
  expected: number;
  relativeChange: number;
  score: number;
  /** The segment's usual share of the metric (1 for the total). */
  share: number;
  impact: ImpactLevel;
  /** 'anomaly': raised on its own; 'companion': raised because another measure of the same rows was. */
  reason: 'anomaly' | 'companion';
  /** For the total: each segment's contribution to actual - expected, largest first. */
  drivers: DriverContribution[];
}

interface Scored {
  shifts: WindowShift[];
  share: number;
}

const logChange = (r: number) => Math.log(Math.max(1e-9, 1 + r));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Scans the measures of one table; findings are sorted with the strongest first. */
export function scanMetrics(input: { measures: MeasureSeries[]; risk: Sensitivity }): MetricFinding[] {
  const { risk } = input;
  const shiftsOf = memoShifts(risk);
  const material = MATERIAL[risk];
  const findings: MetricFinding[] = [];
  const candidates: { finding: MetricFinding; measure: MeasureSeries; shift: WindowShift }[] = [];
  // Every measure's and segment's latest windows, for the companion rule.
  const scored = new Map<string, Scored>();
  const keyOf = (measure: string, segment: { attribute: string; value: string } | null) =>
    `${measure}|${segment ? `${segment.attribute}=${segment.value}` : '*'}`;

  for (const measure of input.measures) {
    const total = shiftsOf(measure.total);
    scored.set(keyOf(measure.key, null), { shifts: total, share: 1 });
    const segments = measure.additive ? (measure.segments ?? []) : [];
    // A segment's usual share: its part of the total over the quarter before the latest windows.
    const usual = new Set(measure.total.slice(-16, -3).map((p) => String(p.t)));
    const totalLevel = measure.total.filter((p) => usual.has(String(p.t))).reduce((a, p) => a + p.v, 0);
    const bySegment = segments.map((s) => {
      const shifts = shiftsOf(s.series, measure.total);
      const share = totalLevel
        ? s.series.filter((p) => usual.has(String(p.t))).reduce((a, p) => a + p.v, 0) / totalLevel
        : 0;
      scored.set(keyOf(measure.key, s), { shifts, share });
      return { segment: s, shifts, share };
    });

    const best = (shifts: WindowShift[], ok: (s: WindowShift) => boolean) =>
      shifts
        .filter(ok)
        .reduce<WindowShift | null>((a, b) => (!a || Math.abs(b.score) > Math.abs(a.score) ? b : a), null);

    const totalShift = best(total, (s) => s.alert && Math.abs(s.relativeChange) >= material);
    if (totalShift) {
      const finding = toFinding(measure, null, totalShift, 1, 'anomaly', risk);
      finding.drivers = driversOf(measure, totalShift.window, risk, shiftsOf);
      candidates.push({ finding, measure, shift: totalShift });
    }
    for (const { segment, shifts, share } of bySegment) {
      const shift = best(
        shifts,
        (s) => s.alert && isMaterialSegment(s, share, risk) && standsOut(s, segment, bySegment, material),
      );
      if (shift)
        candidates.push({
          finding: toFinding(measure, segment, shift, share, 'anomaly', risk),
          measure,
          shift,
        });
    }
  }

  // Companions: the other additive measures of a segment found on one of them.
  const found = new Set(candidates.map((c) => keyOf(c.finding.measure, c.finding.segment)));
  findings.push(...candidates.map((c) => c.finding));
  for (const c of candidates) {
    if (!c.measure.additive) continue;
    const direction = Math.sign(c.shift.score);
    for (const other of input.measures.filter((m) => m.additive && m.key !== c.measure.key)) {
      const key = keyOf(other.key, c.finding.segment);
      if (found.has(key)) continue;
      const entry = scored.get(key);
      if (!entry) continue;
      const siblings = (other.segments ?? []).filter(
        (s) => c.finding.segment && s.attribute === c.finding.segment.attribute,
      );
      const siblingShifts = siblings.map((s) => ({
        segment: s,
        shifts: scored.get(keyOf(other.key, s))?.shifts ?? [],
      }));
      const shift = entry.shifts
        .filter((s) => Math.sign(s.score) === direction)
        .filter((s) =>
          c.finding.segment
            ? isMaterialSegment(s, entry.share, risk) &&
              standsOut(s, c.finding.segment, siblingShifts, material)
            : Math.abs(s.relativeChange) >= material,
        )
        .reduce<WindowShift | null>((a, b) => (!a || Math.abs(b.score) > Math.abs(a.score) ? b : a), null);
      if (!shift) continue;
      found.add(key);
      const finding = toFinding(other, c.finding.segment, shift, entry.share, 'companion', risk);
      if (!c.finding.segment) finding.drivers = driversOf(other, shift.window, risk, shiftsOf);
      findings.push(finding);
    }
  }
  return findings.sort((a, b) => Math.abs(b.score) - Math.abs(a.score));
}

/** latestShifts, computed once per series. */
function memoShifts(risk: Sensitivity) {
  const memo = new Map<SeriesPoint[], WindowShift[]>();
  return (series: SeriesPoint[], reference?: SeriesPoint[]) => {
    let shifts = memo.get(series);
    if (!shifts) memo.set(series, (shifts = latestShifts(series, { sensitivity: risk, reference })));
    return shifts;
  };
}

function isMaterialSegment(s: WindowShift, share: number, risk: Sensitivity) {
  return (
    Math.abs(s.relativeChange) >= MATERIAL[risk] && Math.abs(s.relativeChange) * share >= SEGMENT_IMPACT[risk]
  );
}

/** The segment's change stands out from the median change of its siblings over the same window. */
function standsOut(
  s: WindowShift,
  segment: { attribute: string; value: string },
  all: { segment: { attribute: string; value: string }; shifts: WindowShift[] }[],
  material: number,
) {
  const siblings = all
    .filter((o) => o.segment.attribute === segment.attribute && o.segment.value !== segment.value)
    .map((o) => o.shifts.find((x) => x.window === s.window))
    .filter((x): x is WindowShift => x !== undefined)
    .map((x) => logChange(x.relativeChange));
  if (siblings.length === 0) return true;
  const contrast = logChange(s.relativeChange) - median(siblings);
  return Math.abs(contrast) >= 2 * material && Math.sign(contrast) === Math.sign(s.relativeChange);
}

function toFinding(
  measure: MeasureSeries,
  segment: { attribute: string; value: string } | null,
  shift: WindowShift,
  share: number,
  reason: MetricFinding['reason'],
  risk: Sensitivity,
): MetricFinding {
  return {
    measure: measure.key,
    segment: segment ? { attribute: segment.attribute, value: segment.value } : null,
    from: shift.from,
    to: shift.to,
    periods: shift.window,
    actual: shift.actual,
    expected: shift.expected,
    relativeChange: shift.relativeChange,
    score: shift.score,
    share,
    impact: impactLevel({
      relativeChange: shift.relativeChange,
      score: shift.score,
      shareOfBusiness: share,
      riskTolerance: risk,
    }),
    reason,
    drivers: [],
  };
}

/**
 * Each segment's part in the total's shift over the latest `window` periods. For a sum: its
 * actual against its expected value (from the same detector), so the contributions add up to the
 * gap the user is told about. For a ratio: the segments' values and weights in the window against
 * the periods before it, split into mix and rate by `explainChange`.
 */
export function driversOf(
  measure: MeasureSeries,
  window: number,
  risk: Sensitivity,
  shiftsOf = memoShifts(risk),
): DriverContribution[] {
  const segments = measure.segments ?? [];
  const attributes = [...new Set(segments.map((s) => s.attribute))];
  const before: Record<string, unknown>[] = [];
  const after: Record<string, unknown>[] = [];
  for (const s of segments) {
    if (measure.additive) {
      const shift = shiftsOf(s.series, measure.total).find((x) => x.window === window);
      if (!shift) continue;
      before.push({ [s.attribute]: s.value, value: shift.expected });
      after.push({ [s.attribute]: s.value, value: shift.actual });
    } else if (s.weights) {
      const weight = new Map(s.weights.map((p) => [String(p.t), p.v]));
      const points = s.series.map((p) => ({ v: p.v, w: weight.get(String(p.t)) ?? 0 }));
      const split = (xs: typeof points) => ({
        num: xs.reduce((a, p) => a + p.v * p.w, 0),
        den: xs.reduce((a, p) => a + p.w, 0),
      });
      const b = split(points.slice(-window - 8, -window));
      const a = split(points.slice(-window));
      before.push({ [s.attribute]: s.value, num: b.num, den: b.den });
      after.push({ [s.attribute]: s.value, num: a.num, den: a.den });
    }
  }
  if (!before.length) return [];
  const byAttribute = attributes.flatMap(
    (attribute) =>
      explainChange({
        before: before.filter((r) => attribute in r),
        after: after.filter((r) => attribute in r),
        measure: measure.additive ? 'value' : { numerator: 'num', denominator: 'den' },
        attributes: [attribute],
      }).byAttribute[attribute] ?? [],
  );
  return byAttribute.sort((x, y) => Math.abs(y.contribution) - Math.abs(x.contribution));
}
