import type { TDecisionMetric, TSemanticModel } from '@catalyst/contracts';
import type { Warehouse } from '@catalyst/engine';
import type { Deps } from '../../deps';
import { buildUseCaseModel } from '../use-cases/semantic-model';
import { dataEnd, metricSeries, segmentSeries, type SeriesPoint } from '../../warehouses/metric-series';
import { actorOf } from '../../warehouses/registry';
import { describeFinding, type Finding } from './describe-finding';
import type { Insights } from './insights';

type Risk = 'conservative' | 'balanced' | 'aggressive';

interface Measure {
  key: string;
  label: string;
  table: string;
  timeColumn: string;
  expression: string;
  /** A sum can be split into segment contributions; a ratio cannot be added up. */
  additive: boolean;
}

const WEEK = 7 * 86_400_000;
/** Weeks of history read for the baseline and seasonality. */
const HISTORY_WEEKS = 104;
/** The latest complete weeks an alert must fall in to be raised now. */
const RECENT_WEEKS = 3;
const MAX_SEGMENTS = 12;
const MAX_MEASURES = 8;
/** The smallest relative change worth raising, by risk tolerance. */
const MATERIAL_CHANGE = { conservative: 0.03, balanced: 0.05, aggressive: 0.1 } as const;

const q = (id: string) => `"${id.replace(/"/g, '""')}"`;

/** Sums of the KPI columns and the derived metrics of tables that have a time column. */
export function measuresOf(model: TSemanticModel): Measure[] {
  const measures: Measure[] = [];
  for (const table of model.tables) {
    const time = table.columns.find((c) => c.isTime);
    if (!time) continue;
    for (const metric of model.metrics.filter((m) => m.table === table.name)) {
      measures.push({ key: `metric:${metric.name}`, label: metric.label, table: table.name, timeColumn: time.name, expression: metric.expression, additive: false });
    }
    for (const column of table.columns.filter((c) => c.entityType === 'KPI' && c.kind === 'number' && !c.isKey)) {
      // Prices, rates and ages are averaged, not added up.
      const average = /price|rate|ratio|percent|pct|discount|age|score|margin/i.test(`${column.name} ${column.label}`);
      measures.push({
        key: `${average ? 'avg' : 'sum'}:${table.name}.${column.name}`,
        label: average ? `Average ${column.label}` : column.label,
        table: table.name,
        timeColumn: time.name,
        expression: `${average ? 'AVG' : 'SUM'}(${q(column.name)})`,
        additive: !average,
      });
    }
  }
  // Business measures first: derived metrics, then money and volume words.
  const rank = (m: Measure) => (m.additive ? (/revenue|sales|profit|amount|cost|quantity|orders/i.test(m.label) ? 1 : 2) : 0);
  return measures.sort((a, b) => rank(a) - rank(b)).slice(0, MAX_MEASURES);
}

/** Text attributes of the table with a handful of values: the segments changes are explained by. */
function segmentAttributes(model: TSemanticModel, table: string) {
  return (model.tables.find((t) => t.name === table)?.columns ?? []).filter(
    (c) => c.entityType === 'ATTRIBUTE' && c.kind === 'text' && !c.isKey && c.distinctCount !== null && c.distinctCount >= 2 && c.distinctCount <= MAX_SEGMENTS,
  );
}

/** Monday (UTC) of the week containing the ISO date `day`. */
function weekStart(day: string): Date {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
}

const completeWeeks = (series: SeriesPoint[], currentWeek: string) => series.filter((p) => p.period < currentWeek && p.value !== null).map((p) => ({ t: p.period, v: p.value! }));

/**
 * Scans one use case: every measure over its time column by week, the total and each segment of
 * the low-cardinality attributes; an anomaly in the latest complete weeks becomes a finding,
 * explained by the segments that drive it.
 */
export async function scanUseCase(deps: Deps, insights: Insights, useCase: { id: number; orgId: number; ownerId: number; risk: Risk }): Promise<Finding[]> {
  // Scans are background work for the organisation: they run as the system, not as the owner.
  const caller = { userId: useCase.ownerId, orgId: useCase.orgId, isAdmin: true, system: true as const };
  const { model, connId } = await buildUseCaseModel(deps, caller, useCase.id);
  if (!connId || model.tables.length === 0) return [];
  const warehouse = await deps.warehouses.open({ orgId: useCase.orgId, connId, actor: actorOf(caller) });
  const schema = model.tables[0]!.schema;
  try {
    const findings: Finding[] = [];
    for (const measure of measuresOf(model)) findings.push(...(await scanMeasure(warehouse, schema, model, measure, insights, useCase.risk)));
    return findings;
  } finally {
    await warehouse.close();
  }
}

async function scanMeasure(warehouse: Warehouse, schema: string, model: TSemanticModel, measure: Measure, insights: Insights, risk: Risk): Promise<Finding[]> {
  const end = await dataEnd(warehouse, schema, measure.table, measure.timeColumn);
  if (!end) return [];
  const current = weekStart(end);
  const currentWeek = current.toISOString().slice(0, 10);
  const range = { from: new Date(current.getTime() - HISTORY_WEEKS * WEEK), to: new Date(current.getTime() + WEEK) };
  const recentFrom = new Date(current.getTime() - RECENT_WEEKS * WEEK).toISOString().slice(0, 10);
  const metric: TDecisionMetric = { label: measure.label, table: measure.table, timeColumn: measure.timeColumn, expression: measure.expression, filters: [], grain: 'week' };
  const total = completeWeeks(await metricSeries(warehouse, schema, metric, range), currentWeek);
  const totalSum = total.reduce((s, p) => s + Math.abs(p.v), 0);
  const findings: Finding[] = [];

  const consider = (series: { t: string; v: number }[], segment: { attribute: string; value: string } | null, share: number) => {
    if (series.length < 12) return null;
    const alerts = insights.detect(series, risk).filter((a) => a.t >= recentFrom);
    if (alerts.length === 0) return null;
    const strongest = alerts.reduce((a, b) => (Math.abs(b.score) > Math.abs(a.score) ? b : a));
    const windowStart = alerts.map((a) => a.t).sort()[0]!;
    const after = series.filter((p) => p.t >= windowStart);
    const before = series.filter((p) => p.t < windowStart).slice(-8);
    const mean = (xs: { v: number }[]) => xs.reduce((s, p) => s + p.v, 0) / Math.max(1, xs.length);
    const beforeMean = mean(before);
    const afterMean = mean(after);
    const relativeChange = beforeMean === 0 ? 0 : (afterMean - beforeMean) / Math.abs(beforeMean);
    // A statistically clear but small move (a very steady series) is not worth anyone's attention.
    if (Math.abs(relativeChange) < MATERIAL_CHANGE[risk]) return null;
    return { measure, metric: segment ? { ...metric, filters: [{ column: segment.attribute, value: segment.value }] } : metric, segment, windowStart, windowEnd: after[after.length - 1]!.t, beforeMean, afterMean, relativeChange, score: strongest.score, share, series, impact: insights.impact({ relativeChange, score: strongest.score, shareOfBusiness: share, riskTolerance: risk }), drivers: [] as Finding['drivers'] } satisfies Finding;
  };

  const totalFinding = consider(total, null, 1);
  for (const attribute of segmentAttributes(model, measure.table)) {
    const points = await segmentSeries(warehouse, schema, metric, attribute.name, range);
    const bySegment = new Map<string, { t: string; v: number }[]>();
    for (const p of points) if (p.period < currentWeek && p.value !== null) bySegment.set(p.segment, [...(bySegment.get(p.segment) ?? []), { t: p.period, v: p.value }]);
    if (totalFinding) {
      // Which values of this attribute explain the total's change: contributions to the delta.
      const window = (xs: { t: string; v: number }[], from: string, to?: string) => xs.filter((p) => p.t >= from && (to === undefined || p.t <= to));
      const beforeFrom = total.filter((p) => p.t < totalFinding.windowStart).slice(-8)[0]?.t ?? totalFinding.windowStart;
      const rows = [...bySegment.entries()].map(([value, xs]) => ({
        value,
        before: window(xs, beforeFrom).filter((p) => p.t < totalFinding.windowStart),
        after: window(xs, totalFinding.windowStart),
      }));
      totalFinding.drivers.push(...insights.explain({ attribute: attribute.label, column: attribute.name, additive: measure.additive, rows }));
    }
    // A ratio moves in every segment when one segment moves it (a return spike in one category
    // lifts every region's rate): its segments are explained as drivers of the total, not raised.
    if (!measure.additive) continue;
    for (const [value, xs] of bySegment) {
      const segmentSum = xs.reduce((s, p) => s + Math.abs(p.v), 0);
      const f = consider(xs, { attribute: attribute.name, value }, totalSum ? segmentSum / totalSum : 0);
      if (f) findings.push({ ...f, segmentLabel: attribute.label });
    }
  }
  if (totalFinding) {
    totalFinding.drivers.sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
    findings.unshift(totalFinding);
  }
  // A segment's own change is explained by the other attributes within that segment.
  for (const f of findings) {
    if (!f.segment || f.drivers.length) continue;
    for (const attribute of segmentAttributes(model, measure.table).filter((a) => a.name !== f.segment!.attribute)) {
      const points = await segmentSeries(warehouse, schema, { ...metric, filters: [{ column: f.segment.attribute, value: f.segment.value }] }, attribute.name, range);
      const bySegment = new Map<string, { t: string; v: number }[]>();
      for (const p of points) if (p.period < currentWeek && p.value !== null) bySegment.set(p.segment, [...(bySegment.get(p.segment) ?? []), { t: p.period, v: p.value }]);
      const beforeFrom = f.series.filter((p) => p.t < f.windowStart).slice(-8)[0]?.t ?? f.windowStart;
      const rows = [...bySegment.entries()].map(([value, xs]) => ({ value, before: xs.filter((p) => p.t >= beforeFrom && p.t < f.windowStart), after: xs.filter((p) => p.t >= f.windowStart) }));
      f.drivers.push(...insights.explain({ attribute: attribute.label, column: attribute.name, additive: measure.additive, rows }));
    }
    f.drivers.sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
  }
  return findings.map((f) => ({ ...f, text: describeFinding(f) }));
}
