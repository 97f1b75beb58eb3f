import type { TColumnRef, TDecisionMetric, TMeasure, TSemanticModel } from '@catalyst/contracts';
import {
  aggregationOf,
  currencyOf,
  driversOf,
  groupFindings,
  isMoneyColumn,
  joinPath,
  kindOf,
  scanMetrics,
  type MeasureSeries,
  type SegmentSeries,
  type Warehouse,
} from '@catalyst/engine';
import type { Deps } from '../../deps';
import { buildUseCaseModel } from '../use-cases';
import { dataSpan, measureSeries, type MeasureRow } from '../../warehouses/metric-series';
import { actorOf } from '../../warehouses/registry';
import { describeFinding, type Driver, type Finding } from './describe-finding';
import { describeIncident, worstImpact, type Incident } from './describe-incident';

type Risk = 'conservative' | 'balanced' | 'aggressive';

interface Measure {
  key: string;
  label: string;
  table: string;
  timeColumn: string;
  expression: string;
  /** The same measure as the engine's query plans name it. */
  measure: TMeasure;
  /** A sum can be split into segment contributions; a ratio cannot be added up. */
  additive: boolean;
  /** The currency of a money column's measure (its alert texts show amounts in it). */
  currency?: string;
}

const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** Weeks of history read: two years, so that last year's seasonal pattern can be learnt and scored. */
const HISTORY_WEEKS = 104;
const MAX_SEGMENTS = 12;
const MAX_MEASURES = 8;

const q = (id: string) => `"${id.replace(/"/g, '""')}"`;

/** Money before volume: the order in which an incident lists its metrics and picks the one it leads with. */
const BUSINESS_WORDS = [
  /revenue|sales|turnover/i,
  /profit|margin|income/i,
  /amount|cost|spend|value/i,
  /quantity|orders|units|volume/i,
];

/** Sums of the KPI columns and the derived metrics of tables that have a time column. */
export function measuresOf(model: TSemanticModel, currency = 'USD'): Measure[] {
  const measures: Measure[] = [];
  for (const table of model.tables) {
    const time = table.columns.find((c) => c.isTime);
    if (!time) continue;
    for (const metric of model.metrics.filter((m) => m.table === table.name)) {
      measures.push({
        key: `metric:${metric.name}`,
        label: metric.label,
        table: table.name,
        timeColumn: time.name,
        expression: metric.expression,
        measure: { agg: 'sum', metric: metric.name, label: metric.label },
        additive: false,
      });
    }
    // Numbers kept as text are left out: a decision's metric reads its expression as stored.
    for (const column of table.columns.filter(
      (c) => c.entityType === 'KPI' && c.kind === 'number' && kindOf(c.type) === 'number' && !c.isKey,
    )) {
      // Only additive measures are summed (revenue, quantity); levels, prices, rates and readings
      // (a temperature, a balance) are averaged; identifiers and calendar numbers are skipped.
      const aggregation = aggregationOf({ ...column, rowCount: table.rowCount });
      if (aggregation === 'skip') continue;
      const average = aggregation === 'avg';
      measures.push({
        key: `${aggregation}:${table.name}.${column.name}`,
        label: average ? `Average ${column.label}` : column.label,
        table: table.name,
        timeColumn: time.name,
        expression: `${average ? 'AVG' : 'SUM'}(${q(column.name)})`,
        measure: {
          agg: average ? 'avg' : 'sum',
          column: { table: table.name, column: column.name },
          label: average ? `Average ${column.label}` : column.label,
        },
        additive: !average,
        ...(isMoneyColumn(column) ? { currency: currencyOf(column, currency) } : {}),
      });
    }
  }
  // Business measures first: derived metrics, then money and volume words.
  const rank = (m: Measure) => {
    if (!m.additive) return 0;
    const i = BUSINESS_WORDS.findIndex((w) => w.test(m.label));
    return i < 0 ? BUSINESS_WORDS.length + 1 : i + 1;
  };
  return measures.sort((a, b) => rank(a) - rank(b)).slice(0, MAX_MEASURES);
}

/** A segment attribute: a column of the measures' table or of a table it refers to (many-to-one). */
interface Attribute {
  /** The column's name, or table.column where two tables share it. */
  name: string;
  label: string;
  ref: TColumnRef;
}

/**
 * Text attributes with a handful of values that explain a table's changes: its own, and those of
 * the tables each of its rows refers to (an order's store region, its product category).
 */
function segmentAttributes(model: TSemanticModel, table: string): Attribute[] {
  const columns = model.tables
    .filter((t) => t.name === table || joinPath(model, table, t.name)?.every((s) => !s.fanOut))
    .flatMap((t) => t.columns)
    .filter(
      (c) =>
        c.entityType === 'ATTRIBUTE' &&
        c.kind === 'text' &&
        !c.isKey &&
        c.distinctCount !== null &&
        c.distinctCount >= 2 &&
        c.distinctCount <= MAX_SEGMENTS,
    );
  const shared = (name: string) => columns.filter((c) => c.name === name).length > 1;
  return columns.map((c) => ({
    name: shared(c.name) ? `${c.table}.${c.name}` : c.name,
    label: c.label,
    ref: { table: c.table, column: c.name },
  }));
}

/** Monday (UTC) of the week containing the ISO date `day`. */
function weekStart(day: string): Date {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
}

/** Complete weeks only: the current week is still filling, and so is a first week the data starts in the middle of. */
interface Weeks {
  first: string;
  current: string;
}
const isComplete = (period: string, weeks: Weeks) => period >= weeks.first && period < weeks.current;

/** For each measure (by position), one series per value of the attribute, with its row counts. */
function bySegment(rows: MeasureRow[], measures: number, attribute: string, weeks: Weeks): SegmentSeries[][] {
  const out = Array.from({ length: measures }, () => new Map<string, SegmentSeries>());
  for (const r of rows) {
    if (!isComplete(r.period, weeks)) continue;
    r.values.forEach((v, i) => {
      if (v === null) return;
      let s = out[i]!.get(r.segment!);
      if (!s) out[i]!.set(r.segment!, (s = { attribute, value: r.segment!, series: [], weights: [] }));
      s.series.push({ t: r.period, v });
      s.weights!.push({ t: r.period, v: r.rows });
    });
  }
  return out.map((m) => [...m.values()]);
}

/**
 * Scans one use case: every measure of each table by week, in total and by the values of its
 * low-cardinality attributes, through the engine's `scanMetrics` (the detector `npm run
 * eval:anomaly` scores, plus materiality rules). A finding is explained by the segments that
 * drive it: a total's by its segments, a segment's by the other attributes within it. The
 * findings one root cause explains become one incident (`groupFindings`).
 */
export async function scanUseCase(
  deps: Deps,
  useCase: { id: number; orgId: number; ownerId: number; risk: Risk },
): Promise<Incident[]> {
  // Scans are background work for the organisation: they run as the system, not as the owner.
  const caller = { userId: useCase.ownerId, orgId: useCase.orgId, isAdmin: true, system: true as const };
  const { model, connId } = await buildUseCaseModel(deps, caller, useCase.id);
  if (!connId || model.tables.length === 0) return [];
  const warehouse = await deps.warehouses.open({ orgId: useCase.orgId, connId, actor: actorOf(caller) });
  // The data an incident is about, the same whichever use case reads it.
  const schema = model.tables[0]!.schema;
  try {
    const measures = measuresOf(model, deps.config.currency);
    const incidents: Incident[] = [];
    for (const table of [...new Set(measures.map((m) => m.table))]) {
      const findings = await scanTable({
        warehouse,
        model,
        measures: measures.filter((m) => m.table === table),
        risk: useCase.risk,
      });
      const order = (f: Finding) => measures.findIndex((m) => m.key === f.measure.key);
      incidents.push(...toIncidents(findings, `${connId}|${schema}.${table}`, order));
    }
    return incidents;
  } finally {
    await warehouse.close();
  }
}

async function scanTable(input: {
  warehouse: Warehouse;
  model: TSemanticModel;
  measures: Measure[];
  risk: Risk;
}): Promise<Finding[]> {
  const { warehouse, model, measures, risk } = input;
  const { table, timeColumn } = measures[0]!;
  const span = await dataSpan(warehouse, model, table, timeColumn);
  if (!span) return [];
  const current = weekStart(span.end);
  const firstWeek = weekStart(span.start);
  // The week the data starts in counts only when the data starts on its Monday.
  const first = new Date(
    firstWeek.getTime() + (firstWeek.toISOString().slice(0, 10) === span.start ? 0 : WEEK),
  );
  const weeks: Weeks = {
    first: first.toISOString().slice(0, 10),
    current: current.toISOString().slice(0, 10),
  };
  const range = { from: new Date(current.getTime() - HISTORY_WEEKS * WEEK), to: current };
  const attributes = segmentAttributes(model, table);
  const attributeOf = new Map(attributes.map((a) => [a.name, a]));
  const timeDef = model.tables.find((t) => t.name === table)?.columns.find((c) => c.name === timeColumn);
  // A decision on the finding reads its metric without the model: it carries its joins and time.
  const metricOf = (m: Measure, segment: { attribute: string; value: string } | null): TDecisionMetric => {
    const ref = segment ? attributeOf.get(segment.attribute)?.ref : undefined;
    return {
      label: m.label,
      table: m.table,
      timeColumn: m.timeColumn,
      expression: m.expression,
      filters: segment && ref ? [{ column: ref.column, value: segment.value, table: ref.table }] : [],
      grain: 'week',
      ...(ref && ref.table !== m.table && { joins: joinPath(model, m.table, ref.table) ?? [] }),
      ...(timeDef &&
        kindOf(timeDef.type) !== 'date' && {
          timeRead: { storedType: timeDef.type, format: timeDef.format ?? null },
        }),
    };
  };
  // One query for the totals of all measures, one per attribute for their segments.
  const read = (extra: {
    attribute?: string;
    filters?: { attribute: string; value: string }[];
    only?: Measure[];
  }) =>
    measureSeries(
      warehouse,
      model,
      {
        table,
        timeColumn,
        grain: 'week',
        measures: (extra.only ?? measures).map((m) => m.measure),
        filters: extra.filters?.map((f) => ({ column: attributeOf.get(f.attribute)!.ref, value: f.value })),
        attribute: extra.attribute ? attributeOf.get(extra.attribute)!.ref : undefined,
      },
      range,
    );

  const totals = (await read({})).filter((r) => isComplete(r.period, weeks));
  const series: MeasureSeries[] = measures.map((measure, i) => ({
    key: measure.key,
    additive: measure.additive,
    total: totals.filter((r) => r.values[i] !== null).map((r) => ({ t: r.period, v: r.values[i]! })),
    segments: [],
  }));
  for (const attribute of attributes) {
    bySegment(await read({ attribute: attribute.name }), measures.length, attribute.name, weeks).forEach(
      (segments, i) => series[i]!.segments!.push(...segments),
    );
  }

  const labelOf = new Map(attributes.map((a) => [a.name, a.label]));
  const findings: Finding[] = [];
  for (const f of scanMetrics({ measures: series, risk })) {
    const measure = measures.find((m) => m.key === f.measure)!;
    const measureSeries = series.find((s) => s.key === f.measure)!;
    const own = f.segment
      ? measureSeries.segments!.find(
          (s) => s.attribute === f.segment!.attribute && s.value === f.segment!.value,
        )!.series
      : measureSeries.total;
    let drivers = f.drivers;
    if (f.segment) {
      // A segment's change is explained by the other attributes within that segment.
      const parts: SegmentSeries[] = [];
      for (const attribute of attributes.filter((a) => a.name !== f.segment!.attribute)) {
        const rows = await read({
          attribute: attribute.name,
          filters: [{ attribute: f.segment.attribute, value: f.segment.value }],
          only: [measure],
        });
        parts.push(...bySegment(rows, 1, attribute.name, weeks)[0]!);
      }
      drivers = driversOf(
        { key: measure.key, additive: measure.additive, total: own, segments: parts },
        f.periods,
        risk,
      );
    }
    const finding: Finding = {
      measure: {
        key: measure.key,
        label: measure.label,
        additive: measure.additive,
        ...(measure.currency ? { currency: measure.currency } : {}),
      },
      metric: metricOf(measure, f.segment),
      segment: f.segment,
      segmentLabel: f.segment ? labelOf.get(f.segment.attribute) : undefined,
      windowStart: f.from.slice(0, 10),
      windowEnd: f.to.slice(0, 10),
      weeks: f.periods,
      actual: f.actual,
      expected: f.expected,
      relativeChange: f.relativeChange,
      score: f.score,
      share: f.share,
      impact: f.impact,
      reason: f.reason,
      series: own.map((p) => ({ t: String(p.t), v: p.v })),
      drivers: drivers.map((d): Driver => ({
        ...d,
        column: d.attribute,
        attribute: labelOf.get(d.attribute) ?? d.attribute,
      })),
    };
    findings.push({ ...finding, text: describeFinding(finding) });
  }
  return findings;
}

/** The findings of one table as incidents, one per root cause, each described. */
export function toIncidents(findings: Finding[], source: string, order: (f: Finding) => number): Incident[] {
  const groups = groupFindings(
    findings.map((f) => ({
      segment: f.segment,
      from: f.windowStart,
      to: f.windowEnd,
      score: f.score,
      relativeChange: f.relativeChange,
      drivers: f.drivers.map((d) => ({ ...d, attribute: d.column })),
    })),
  );
  return groups.map((g) => {
    // Money before volume, whichever measure cleared the bar on its own: the lead is what a
    // decision on the incident tracks, and a user thinks of revenue before quantity.
    const primary = g.primary.map((i) => findings[i]!).sort((a, b) => order(a) - order(b));
    const related = g.related.map((i) => findings[i]!);
    const all = [...primary, ...related];
    const lead = primary[0]!;
    const windowStart = all.map((f) => f.windowStart).sort()[0]!;
    const windowEnd = all
      .map((f) => f.windowEnd)
      .sort()
      .at(-1)!;
    const incident: Incident = {
      source,
      root: g.root,
      segment: lead.segment,
      segmentLabel: lead.segmentLabel,
      primary,
      related,
      windowStart,
      windowEnd,
      weeks: Math.round((Date.parse(windowEnd) - Date.parse(windowStart)) / WEEK) + 1,
      impact: worstImpact(all),
      score: Math.max(...all.map((f) => Math.abs(f.score))),
    };
    return { ...incident, text: describeIncident(incident) };
  });
}
